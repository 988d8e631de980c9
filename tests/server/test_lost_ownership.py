"""A table whose claim the database refuses (a newer epoch holds it there) is settled cleanly
instead of failing the connection: served under a newer epoch, or relayed to the process that
owns it now (scaled-out apps in this process, on a real PostgreSQL and Redis)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import redis
from fastapi.testclient import TestClient

from rami.server.cluster.scaled import scaled_app
from rami.server.messages.limits import Limits
from rami.server.tables.state import Settings
from services import postgres_database, redis_database

REDIS_DB = 9


@contextmanager
def process(database: str, redis_url: str) -> Iterator[TestClient]:
    """One scaled-out process's app, started (and stopped after the block)."""
    app = scaled_app(database, redis_url, Settings(bot_delay=0.0), Limits())
    with TestClient(app) as client:
        yield client


def greeted_state(client: TestClient, table_id: str, token: str | None) -> dict[str, Any]:
    """The first snapshot a connection to ``table_id`` gets after ``hello``."""
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        ws.send_json({"type": "hello", "token": token})
        while True:
            message: dict[str, Any] = ws.receive_json()
            assert message["type"] != "error", message
            if message["type"] == "state":
                return message


def test_a_claim_refused_for_a_newer_epoch_is_taken_over_cleanly() -> None:
    with postgres_database() as database, redis_database(REDIS_DB) as redis_url:
        with process(database, redis_url) as first:
            created = first.post("/api/tables", json={"name": "Ana", "preset": "rami51"})
            assert created.status_code == 201, created.text
            table_id, token = created.json()["table"], created.json()["token"]
        with process(database, redis_url) as second:  # the table under a newer epoch
            assert greeted_state(second, table_id, token)["you"]["seat"] == 0
        store = redis.Redis.from_url(redis_url)
        store.delete(f"rami:epoch:{table_id}")  # Redis lost its counters: it grants epoch 1
        store.close()
        with process(database, redis_url) as third:
            state = greeted_state(third, table_id, token)
            assert state["you"]["seat"] == 0
            answer = third.get(f"/api/tables/{table_id}")
            assert answer.status_code == 200, answer.text
