"""Playing through the processes of a live cluster: turns, acknowledged actions, reconnects."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

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
    """Connect and greet until a process serves the table (its owner may be changing)."""
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
