"""A table whose claim the database refuses (a newer epoch holds it there) is settled cleanly
instead of failing the connection: served under a newer epoch, or relayed to the process that
owns it now (scaled-out apps in this process, on a real PostgreSQL and Redis)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
import redis
from fastapi.testclient import TestClient
from redis.asyncio import Redis

from rami.server.cluster.liveness import Granted, Liveness
from rami.server.cluster.placement import ClusterPlacement
from rami.server.cluster.scaled import scaled_app
from rami.server.messages.limits import Limits
from rami.server.messages.models import CreateTable
from rami.server.messages.settings import ServerSettings, StorageSettings, TimerSettings
from rami.server.social.lobby import Lobby
from rami.server.social.placement import Remote
from rami.server.store.sql_store import SqlStorage
from rami.server.store.storage import StoredTable
from rami.server.tables.auth import new_table_id
from rami.server.tables.clock import ManualClock
from rami.server.tables.config import parse_create
from rami.server.tables.state import Settings
from services import postgres_database, redis_database

REDIS_DB = 9


@contextmanager
def process(database: str, redis_url: str) -> Iterator[TestClient]:
    """One scaled-out process's app, started (and stopped after the block)."""
    settings = ServerSettings(
        storage=StorageSettings(database=database, redis=redis_url),
        timers=TimerSettings(bot_delay=0.0),
    )
    app = scaled_app(settings)
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


def test_a_claim_lost_to_a_newer_owner_relays_the_connection_there() -> None:
    """Process A takes a table while B, for which A looks dead, takes it too, and B's claim
    lands in PostgreSQL first: A's refused claim ends with the table located at B."""

    async def scenario(database: str, redis_url: str) -> None:
        clock_a, clock_b = ManualClock(), ManualClock()
        redis_a, redis_b = Redis.from_url(redis_url), Redis.from_url(redis_url)
        sql = SqlStorage(database, fenced=True)
        place_a = ClusterPlacement(sql, redis_a, "A", Limits(), clock=clock_a)
        lobby_a = Lobby(place_a.sql, Settings(), placement=place_a)
        await lobby_a.start()
        liveness_b = Liveness(redis_b, "B", place_a.timing.lease, clock=clock_b)
        await liveness_b.register()
        config, _ = parse_create(CreateTable(name="Ana", preset="rami51"))
        table_id = new_table_id()  # a stored table nobody serves
        await sql.create_table(StoredTable(table_id, 0.0, config.to_json(), {"seed": "s"}))

        with psycopg.connect(database) as row_lock:  # a write in flight holds the row
            query = "SELECT epoch FROM tables WHERE id = %s FOR UPDATE"
            row_lock.execute(query, (table_id,))
            located = asyncio.create_task(lobby_a.locate(table_id))
            await _claim_waiting(database, located)  # A holds the record; its claim waits
            for _ in range(2):  # B beats on; A looks dead to B then
                await clock_b.advance(place_a.timing.lease / 2 + 0.1)
                assert await liveness_b.beat()
            taken = await liveness_b.acquire(table_id)
            assert isinstance(taken, Granted)
            update = "UPDATE tables SET epoch = %s WHERE id = %s"  # B's claim, first
            row_lock.execute(update, (taken.epoch, table_id))
            row_lock.commit()
            assert await asyncio.wait_for(located, 30) == Remote(table_id, "B")
        assert table_id not in lobby_a.tables
        assert await place_a.liveness.owner_of(table_id) == "B"
        await lobby_a.close()
        await redis_a.aclose()
        await redis_b.aclose()

    with postgres_database() as database, redis_database(REDIS_DB) as redis_url:
        asyncio.run(scenario(database, redis_url))


async def _claim_waiting(database: str, located: asyncio.Task[object]) -> None:
    """Return once a session of ``database`` waits for a row lock (A's claim).

    A look at ``pg_stat_activity`` every 50 ms, at most 10 s: PostgreSQL tells nobody that a
    session started waiting for a lock (no event to LISTEN for), and A's claim runs in a
    thread of its own, so the test cannot see from here when it reached the lock.
    """
    name = database.rsplit("/", 1)[1]
    query = "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND wait_event_type = 'Lock'"
    with psycopg.connect(database, autocommit=True) as probe:
        for _ in range(200):
            if located.done():
                raise AssertionError(f"A's claim did not wait: {located.result()}")
            row = probe.execute(query, (name,)).fetchone()
            if row is not None and row[0] > 0:
                return
            await asyncio.sleep(0.05)
    raise AssertionError("the claim never waited for the row")
