"""Playing through the processes of a live cluster: turns, acknowledged actions, reconnects."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import psycopg
import redis
from live_server import LivePlayer, LiveServer, Message, free_port
from websockets.exceptions import ConnectionClosed

from services import postgres_database, redis_database

WAIT = 60.0
"""Generous limit for anything a busy machine does (never a pause: a bound on a wait)."""


@contextmanager
def processes(data: Path, count: int, redis_db: int, *options: str) -> Iterator[list[LiveServer]]:
    """``count`` started ``rami serve`` processes on a new PostgreSQL database and Redis database
    ``redis_db``, each with ``options``; killed afterwards."""
    with postgres_database() as database, redis_database(redis_db) as redis:
        shared = ("--database", database, "--redis", redis, *options)
        servers = [LiveServer(data / f"p{i}", free_port(), *shared) for i in range(count)]
        try:
            for server in servers:
                server.start()
            yield servers
        finally:
            for server in servers:
                server.kill()


def database_of(server: LiveServer) -> str:
    """The shared database ``server`` was started on."""
    return server.extra[server.extra.index("--database") + 1]


def create_table(server: LiveServer, **body: object) -> tuple[str, str]:
    """A two-player Rami 51 table made by Ana on ``server`` (``body`` adds or overrides
    fields); its id and Ana's seat token."""
    fields = {"name": "Ana", "preset": "rami51", "seats": 2, **body}
    answer = httpx.post(f"{server.url}/api/tables", json=fields, timeout=10)
    assert answer.status_code == 201, answer.text
    return answer.json()["table"], answer.json()["token"]


def owner(store: redis.Redis, table_id: str) -> str | None:
    """The live process owning ``table_id`` (a client with ``decode_responses``), or None."""
    member = store.get(f"rami:owner:{table_id}")
    if member is None:
        return None
    alive = store.zscore("rami:alive", str(member))
    if alive is None or float(str(alive)) < time.time():
        return None
    return str(member).rsplit("/", 1)[0]


def my_turn(player: LivePlayer, seat: int) -> Message:
    """The newest snapshot once ``seat`` is to act (reading on until it is)."""
    state = player.state
    while True:
        game = None if state is None else state["game"]
        if state is not None and game is not None and game["current"] == seat and game["legal"]:
            return state
        state = player.until("state", WAIT)


def play_once(player: LivePlayer, seat: int = 0) -> int:
    """Play one legal action of ``seat`` (a draw, else a discard); returns the acked version."""
    state = my_turn(player, seat)
    legal = state["game"]["legal"]
    draws = [a for a in legal if a.startswith("draw")]
    action = draws[0] if draws else next(a for a in legal if a.startswith("discard"))
    player.send(type="act", action=action, version=state["version"])
    while True:
        message = player.recv(WAIT)
        assert message["type"] != "error", message
        if message["type"] == "ack":
            version = int(message["version"])
            while player.state is None or player.state["version"] < version:
                player.until("state", WAIT)
            return version


def reconnect(server: LiveServer, table_id: str, token: str | None) -> LivePlayer:
    """Connect and greet until a process serves the table (its owner may be changing).

    A test that knows which change it waits for waits for it first (:func:`claims`); this
    loop is the client's own reconnection, bounded by :data:`WAIT`: while a dead owner's
    heartbeat has not lapsed yet, a connection is relayed to it and closed, and nothing
    outside the processes tells when the heartbeat lapses (it is time in Redis).
    """
    deadline = time.monotonic() + WAIT
    while True:
        player = LivePlayer(server, table_id)
        try:
            player.send(type="hello", token=token)
            player.until("state", 5)
            return player
        except (ConnectionClosed, TimeoutError):
            player.close()
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)  # the client's back-off between reconnections


CLAIMS = """
CREATE OR REPLACE FUNCTION rami_test_claimed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('rami_test_claims', NEW.id || ' ' || NEW.epoch);
    RETURN NEW;
END $$;
DROP TRIGGER IF EXISTS rami_test_claimed ON tables;
CREATE TRIGGER rami_test_claimed AFTER UPDATE OF epoch ON tables FOR EACH ROW
    WHEN (NEW.epoch IS DISTINCT FROM OLD.epoch) EXECUTE FUNCTION rami_test_claimed();
"""
"""A trigger in a test's own database: each claim of a table (its epoch written) is notified."""

Claimed = Callable[[str], int]
"""Waits for the next claim of a table (at most :data:`WAIT` seconds); returns its epoch."""


@contextmanager
def claims(database: str) -> Iterator[Claimed]:
    """Listen (PostgreSQL LISTEN) for the claims of tables in ``database`` from now on; its
    schema must exist (a process has started on it)."""
    with psycopg.connect(database, autocommit=True) as connection:
        connection.execute(CLAIMS)
        connection.execute("LISTEN rami_test_claims")

        def claimed(table_id: str) -> int:
            deadline = time.monotonic() + WAIT
            while (left := deadline - time.monotonic()) > 0:
                for notice in connection.notifies(timeout=left, stop_after=1):
                    claimed_id, epoch = notice.payload.split()
                    if claimed_id == table_id:
                        return int(epoch)
            raise AssertionError(f"table {table_id} was not claimed in {WAIT} s")

        yield claimed
