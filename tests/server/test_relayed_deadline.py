"""The hello deadline of a relayed connection runs on its table owner's clock: two scaled-out
apps in this process on a real PostgreSQL and Redis, the owner's time advanced by the test."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from rami.server.cluster.scaled import scaled_app
from rami.server.messages.limits import Limits
from rami.server.messages.settings import ServerSettings, StorageSettings, TimerSettings
from rami.server.tables.clock import SYSTEM_CLOCK, Clock, ManualClock
from services import postgres_database, redis_database

REDIS_DB = 3
LIMITS = Limits(hello_seconds=0.5)
"""A deadline shorter than the owner's heartbeat period: advancing it renews nothing."""


@contextmanager
def process(database: str, redis_url: str, clock: Clock = SYSTEM_CLOCK) -> Iterator[TestClient]:
    """One scaled-out process's app on ``clock``, started (and stopped after the block)."""
    settings = ServerSettings(
        storage=StorageSettings(database=database, redis=redis_url),
        timers=TimerSettings(bot_delay=0.0),
        limits=LIMITS,
    )
    with TestClient(scaled_app(settings, clock)) as client:
        yield client


def close_code(ws: Any) -> tuple[list[dict[str, Any]], int]:
    """What ``ws`` receives until it is closed, and the close code."""
    received: list[dict[str, Any]] = []
    try:
        while True:
            received.append(ws.receive_json())
    except WebSocketDisconnect as closed:
        return received, closed.code


def test_a_relayed_connection_is_closed_at_the_owners_hello_deadline() -> None:
    clock = ManualClock()
    with ExitStack() as stack:
        database = stack.enter_context(postgres_database())
        redis_url = stack.enter_context(redis_database(REDIS_DB))
        owner = stack.enter_context(process(database, redis_url, clock))
        relay = stack.enter_context(process(database, redis_url))
        created = owner.post("/api/tables", json={"name": "Ana", "preset": "rami51"})
        assert created.status_code == 201, created.text
        table_id = created.json()["table"]
        with relay.websocket_connect(f"/ws/{table_id}") as idle:
            idle.send_json({"type": "ping"})  # answered by the owner's session for it
            assert idle.receive_json()["type"] == "pong"
            assert owner.portal is not None
            owner.portal.call(clock.advance, LIMITS.hello_seconds - 0.1)
            idle.send_json({"type": "ping"})
            assert idle.receive_json()["type"] == "pong", "still open before the deadline"
            owner.portal.call(clock.advance, 0.1)
            idle.send_json({"type": "ping"})  # (a session left open would answer it)
            refusal = idle.receive_json()
            assert refusal.get("code") == "hello_timeout", refusal
            received, code = close_code(idle)
        assert (code, received) == (4408, [])
