"""Operations endpoints of one process: ``/healthz`` and Prometheus ``/metrics``.

Each app has its own registry, so several apps in one test process never share counters.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

from fastapi import APIRouter
from fastapi.responses import JSONResponse, Response
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

Check = Callable[[], Awaitable[None]]
"""A dependency probe: returns when the service answers, raises otherwise."""

CHECK_TIMEOUT = 2.0
"""Seconds a dependency may take to answer ``/healthz``."""


class Metrics:
    """The figures ``/metrics`` exposes for one process."""

    def __init__(
        self,
        tables: Callable[[], int],
        connections: Callable[[], int],
        relayed: Callable[[], int] = lambda: 0,
    ) -> None:
        self.registry = CollectorRegistry()
        owned = Gauge("rami_tables_owned", "Tables this process holds", registry=self.registry)
        owned.set_function(lambda: float(tables()))
        conns = Gauge(
            "rami_connections", "Connections to the tables held here", registry=self.registry
        )
        conns.set_function(lambda: float(connections()))
        relays = Gauge(
            "rami_relayed_connections",
            "Connections this process relays to another process's table",
            registry=self.registry,
        )
        relays.set_function(lambda: float(relayed()))
        self.actions = Counter(
            "rami_actions", "Game actions stored by this process", registry=self.registry
        )
        self.commands = Histogram(
            "rami_command_seconds",
            "Time from receiving a table command to its answer",
            buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
            registry=self.registry,
        )

    def command_started(self) -> float:
        """A start time for :meth:`command_done`."""
        return time.perf_counter()

    def command_done(self, started: float, action: bool = False) -> None:
        """Record one command's latency (and count it when it was a game action)."""
        self.commands.observe(time.perf_counter() - started)
        if action:
            self.actions.inc()

    def text(self) -> bytes:
        """The Prometheus text exposition."""
        return generate_latest(self.registry)


def ops_router(metrics: Metrics, checks: dict[str, Check]) -> APIRouter:
    """``/healthz`` (every check answers: 200, else 503) and ``/metrics``."""
    router = APIRouter()

    @router.get("/healthz")
    async def healthz() -> JSONResponse:
        report: dict[str, str] = {"process": "ok"}
        for name, check in checks.items():
            try:
                await asyncio.wait_for(check(), CHECK_TIMEOUT)
                report[name] = "ok"
            except Exception as error:  # any failure of a dependency is reported, not raised
                report[name] = f"unreachable: {type(error).__name__}"
        healthy = all(value == "ok" for value in report.values())
        return JSONResponse(report, status_code=200 if healthy else 503)

    @router.get("/metrics")
    async def metrics_text() -> Response:
        return Response(metrics.text(), media_type=CONTENT_TYPE_LATEST)

    return router
