"""Real ``rami serve`` processes on one PostgreSQL and one Redis over their lifetime: two
workers on one port, a process restarted, an owner paused until its heartbeat lapsed, idle
tables given up and loaded wherever they are asked for.

No test waits for a heartbeat to run out: it lapses a process's heartbeat itself (removes it
from Redis, as time would), so nothing here depends on how long a heartbeat lasts."""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import psycopg
import pytest
import redis
from cluster_helpers import WAIT, claims, create_table, my_turn, owner, play_once, reconnect
from live_server import LivePlayer, LiveServer, free_port
from websockets.exceptions import ConnectionClosed

from services import postgres_database, redis_database

REDIS_DB = 10
POLL = 0.05
"""Seconds between two looks at a condition this test waits for."""


@contextmanager
def services() -> Iterator[tuple[str, redis.Redis]]:
    """A database of its own and a Redis client on the test's Redis database."""
    with postgres_database() as database, redis_database(REDIS_DB) as url:
        client = redis.Redis.from_url(url, decode_responses=True)
        try:
            yield database, client
        finally:
            client.close()


def cluster_args(database: str, store: redis.Redis, *extra: str) -> tuple[str, ...]:
    url = f"redis://127.0.0.1:6379/{REDIS_DB}"
    assert store.connection_pool.connection_kwargs["db"] == REDIS_DB
    return ("--database", database, "--redis", url, "--bot-delay", "0.02", *extra)


def wait_for(condition: Callable[[], bool], what: str) -> None:
    """Look at ``condition`` until it holds (at most :data:`WAIT` seconds).

    Only for what no process tells: which processes listen on the bus (Redis has no event for
    a subscription) and an ownership record gone from Redis (no event without keyspace
    notifications, a setting of the whole Redis server the tests share). A claim is waited
    for as an event (:func:`cluster_helpers.claims`), a process's start by its ready line.
    """
    deadline = time.monotonic() + WAIT
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(POLL)


def processes(store: redis.Redis, pids: set[int]) -> list[str]:
    """The process ids on the bus whose pid is among ``pids`` (pub/sub spans every Redis
    database, so other clusters on this Redis show there too)."""
    found = [channel.rsplit(":", 1)[1] for channel in store.pubsub_channels("rami:process:*")]
    return [process_id for process_id in found if pid_of(process_id) in pids]


def children(server: LiveServer) -> set[int]:
    """The pids of the processes ``server`` started (its workers)."""
    assert server.process is not None
    pid = server.process.pid
    return {int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()}


def pid_of(process_id: str) -> int:
    """The operating-system pid inside a process id (``host-pid-suffix``)."""
    return int(process_id.rsplit("-", 2)[1])


@contextmanager
def paused(pid: int) -> Iterator[None]:
    """SIGSTOP a process for the block (it accepts, reads and renews nothing meanwhile)."""
    os.kill(pid, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(pid, signal.SIGCONT)


def lapse(store: redis.Redis, table_id: str) -> str:
    """End the heartbeat of the process owning ``table_id`` (as if it had run out); returns
    the process's ownership record."""
    member = store.get(f"rami:owner:{table_id}")
    assert member is not None
    store.zrem("rami:alive", str(member))
    return str(member)


def stored_events(database: str, table_id: str) -> int:
    with psycopg.connect(database) as connection:
        query = "SELECT count(*) FROM events WHERE table_id = %s"
        row = connection.execute(query, (table_id,)).fetchone()
    assert row is not None
    return int(row[0])


def test_two_workers_on_one_port_serve_a_table_through_both(tmp_path: Path) -> None:
    with services() as (database, store):
        server = LiveServer(tmp_path, free_port(), *cluster_args(database, store, "--workers", "2"))
        server.start()
        workers: set[int] = set()
        try:
            wait_for(lambda: len(processes(store, children(server))) == 2, "both workers")
            workers = children(server)
            table_id, token = create_table(server)
            owner_id = owner(store, table_id)
            assert owner_id is not None
            other_id = next(p for p in processes(store, children(server)) if p != owner_id)
            with paused(pid_of(other_id)):
                host = LivePlayer(server, table_id)  # only the owner accepts meanwhile
            host.send(type="hello", token=token)
            host.until("state", WAIT)
            with paused(pid_of(owner_id)):
                guest = LivePlayer(server, table_id)  # accepted by the other worker: relayed
            guest.send(type="hello")
            guest.until("state", WAIT)
            guest.send(type="join", name="Bob")
            guest.until("ack", WAIT)
            host.send(type="start")
            acked = [int(host.until("ack", WAIT)["version"])]
            for _ in range(2):
                acked += [play_once(host), play_once(host)]  # draw, discard
                acked += [play_once(guest, 1), play_once(guest, 1)]
            assert acked == list(range(acked[0], acked[0] + 9)), "every action acknowledged"
            assert owner(store, table_id) == owner_id, "one owner all along"
            info = httpx.get(f"{server.url}/api/tables/{table_id}", timeout=10).json()
            assert info["version"] == acked[-1]
            host.close()
            guest.close()
        finally:
            server.stop()  # the parent stops its workers
            for pid in workers:  # in case it could not
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)


def test_a_restarted_process_rejoins_and_serves_the_same_tables_at_the_same_versions(
    tmp_path: Path,
) -> None:
    with services() as (database, store):
        shared = cluster_args(database, store, "--grace", "600")
        first = LiveServer(tmp_path / "a", free_port(), *shared)
        second = LiveServer(tmp_path / "b", free_port(), *shared)
        first.start()
        second.start()
        try:
            tables: dict[str, tuple[str, int]] = {}
            for _ in range(3):
                table_id, token = create_table(first, bots=["random"])
                host = reconnect(first, table_id, token)
                host.send(type="start")
                host.until("ack", WAIT)
                play_once(host)
                play_once(host)
                tables[table_id] = (token, my_turn(host, 0)["version"])  # the bot played
                host.close()

            first.kill()
            lapse(store, next(iter(tables)))  # the killed process is dead for the others
            first.start()
            restarted = first.process
            assert restarted is not None
            assert processes(store, {restarted.pid}), "on the bus once it says it is ready"
            for table_id, (token, version) in tables.items():
                host = reconnect(first, table_id, token)
                assert host.state is not None and host.state["version"] == version
                assert play_once(host) == version + 1
                tables[table_id] = (token, version + 1)
                host.close()

            assert second.process is not None
            second_pid = second.process.pid
            second.kill()  # the restarted process takes every table on
            for table_id in tables:  # (those the second took meanwhile: it is dead now)
                if pid_of(owner(store, table_id) or "-0-") == second_pid:
                    lapse(store, table_id)
            for table_id, (token, version) in tables.items():
                host = reconnect(first, table_id, token)
                assert host.state is not None and host.state["version"] == version
                assert play_once(host) == version + 1
                settled = my_turn(host, 0)["version"]  # the bot may have played on
                host.close()
                assert first.process is not None
                assert pid_of(owner(store, table_id) or "-0-") == first.process.pid
                assert stored_events(database, table_id) == settled
        finally:
            first.kill()
            second.kill()


def test_an_owner_paused_until_its_heartbeat_lapsed_writes_nothing_and_its_clients_move(
    tmp_path: Path,
) -> None:
    with services() as (database, store):
        shared = cluster_args(database, store, "--grace", "600")
        stale = LiveServer(tmp_path / "a", free_port(), *shared)
        fresh = LiveServer(tmp_path / "b", free_port(), *shared)
        stale.start()
        fresh.start()
        try:
            table_id, token = create_table(stale, bots=["random"])
            host = reconnect(stale, table_id, token)  # served by its owner directly
            host.send(type="start")
            host.until("ack", WAIT)
            acked = play_once(host)  # a draw: the same seat discards next
            state = my_turn(host, 0)
            assert state["version"] == acked
            discard = next(a for a in state["game"]["legal"] if a.startswith("discard"))
            stale_id = owner(store, table_id)
            assert stale.process is not None and stale_id is not None
            assert pid_of(stale_id) == stale.process.pid

            with claims(database) as claimed, paused(stale.process.pid):
                lapse(store, table_id)  # its heartbeat runs out while it is paused
                claimed(table_id)  # by the other process's sweep
                assert owner(store, table_id) not in (None, stale_id)
                host.send(type="act", action=discard, version=acked)  # read once resumed
            answers = []
            with pytest.raises(ConnectionClosed):  # the stale owner lets its clients go
                while True:
                    answers.append(host.recv(WAIT))
            assert "ack" not in [m["type"] for m in answers], answers
            host.close()
            assert stored_events(database, table_id) == acked, "the stale owner wrote nothing"

            host = reconnect(stale, table_id, token)  # relayed to the new owner now
            assert host.state is not None and host.state["version"] == acked
            assert play_once(host) == acked + 1  # the discard, this time acknowledged
            settled = my_turn(host, 0)["version"]  # and the bot's turn after it
            assert stored_events(database, table_id) == settled > acked + 1
            host.close()
        finally:
            stale.kill()
            fresh.kill()


def test_an_idle_table_is_given_up_and_loaded_by_the_process_asked(tmp_path: Path) -> None:
    with services() as (database, store):
        shared = cluster_args(database, store, "--archive-after", "0.3")
        first = LiveServer(tmp_path / "a", free_port(), *shared)
        second = LiveServer(tmp_path / "b", free_port(), *shared)
        first.start()
        second.start()
        try:
            table_id, token = create_table(first)
            wait_for(lambda: owner(store, table_id) is None, "the idle table's lease released")
            host = reconnect(second, table_id, token)
            assert host.state is not None and host.state["you"]["seat"] == 0
            assert second.process is not None
            assert pid_of(owner(store, table_id) or "-0-") == second.process.pid
            guest = reconnect(first, table_id, None)  # relayed to the process that took it
            guest.send(type="join", name="Bob")
            guest.until("ack", WAIT)
            host.send(type="start")
            version = int(host.until("ack", WAIT)["version"])
            assert stored_events(database, table_id) == version == 3
            host.close()
            guest.close()
        finally:
            first.kill()
            second.kill()
