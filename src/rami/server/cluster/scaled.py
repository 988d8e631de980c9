"""A ``rami serve`` process of the scaled-out mode: tables in a shared database, owners and
messages in a shared Redis (see docs/DEPLOY.md).

``rami serve --workers N`` starts N such processes on one port: uvicorn binds the socket once
and every worker accepts on it, so a connection lands on any of them. Each worker builds its
app with :func:`app_from_environment` from the settings the parent puts in the environment.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import os
import secrets
import socket

from fastapi import FastAPI
from redis.asyncio import BlockingConnectionPool, Redis
from sqlalchemy import text

from rami.server.cluster.placement import ClusterTiming, cluster_lobby
from rami.server.edge.app import create_app
from rami.server.edge.ops import Check
from rami.server.messages.limits import Limits
from rami.server.store.sql_store import SqlStorage
from rami.server.tables.state import Settings

REDIS_CONNECTIONS = 32
"""Redis connections of one process (pub/sub has one more); a command waits for a free one."""
REDIS_WAIT = 10.0
"""Seconds a Redis command waits for a free connection before it fails."""

ENVIRONMENT = "RAMI_SERVE_OPTIONS"
"""Where the parent of ``--workers`` leaves the settings for its workers (JSON)."""


def process_id() -> str:
    """A name for this process, unique across machines and restarts."""
    return f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"


def scaled_app(
    database: str,
    redis_url: str,
    settings: Settings,
    limits: Limits,
    timing: ClusterTiming | None = None,
) -> FastAPI:
    """The app of one process sharing ``database`` and ``redis_url`` with the others."""
    storage = SqlStorage(database, fenced=True)
    pool = BlockingConnectionPool.from_url(
        redis_url, max_connections=REDIS_CONNECTIONS, timeout=REDIS_WAIT
    )
    redis = Redis(connection_pool=pool)
    lobby = cluster_lobby(storage, settings, redis, process_id(), limits, timing or ClusterTiming())

    async def database_answers() -> None:
        def probe() -> None:
            with storage.engine.connect() as connection:
                connection.execute(text("SELECT 1"))

        await asyncio.to_thread(probe)

    async def redis_answers() -> None:
        await redis.ping()

    checks: dict[str, Check] = {"database": database_answers, "redis": redis_answers}
    return create_app(limits=limits, lobby=lobby, checks=checks)


def export_options(
    database: str, redis_url: str, settings: Settings, limits: Limits, timing: ClusterTiming
) -> None:
    """Put the options in the environment for :func:`app_from_environment` in each worker."""
    os.environ[ENVIRONMENT] = json.dumps(
        {
            "database": database,
            "redis": redis_url,
            "settings": dataclasses.asdict(settings),
            "limits": dataclasses.asdict(limits),
            "timing": dataclasses.asdict(timing),
        }
    )


def app_from_environment() -> FastAPI:
    """The app of one ``--workers`` process (uvicorn's factory)."""
    options = json.loads(os.environ[ENVIRONMENT])
    return scaled_app(
        options["database"],
        options["redis"],
        Settings(**options["settings"]),
        Limits(**options["limits"]),
        ClusterTiming(**options["timing"]),
    )
