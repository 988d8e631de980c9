"""A table moves to the process its connections reach, without closing them (two real
``rami serve`` processes on one PostgreSQL and one Redis)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import httpx
import redis
from cluster_helpers import WAIT, create_table, owner, play_once, processes
from live_server import LivePlayer, LiveServer

REDIS_DB = 14
UNLIMITED = ("--messages-per-second", "1000", "--message-burst", "1000")
"""The players here act as fast as the servers answer."""


def process_of(store: redis.Redis, server: LiveServer) -> str:
    """The bus name of ``server``'s process (it owns the tables created through it)."""
    table_id = create_table(server)[0]
    name = owner(store, table_id)
    assert name is not None
    return name


def greeted(server: LiveServer, table_id: str, token: str | None) -> LivePlayer:
    player = LivePlayer(server, table_id)
    player.send(type="hello", token=token)
    player.until("state", WAIT)
    return player


def version(player: LivePlayer) -> int:
    """The version of the newest snapshot ``player`` has read."""
    return -1 if player.state is None else int(player.state["version"])


def next_action(host: LivePlayer, guest: LivePlayer, last: int) -> int:
    """Play what the table waits for after version ``last`` (a turn of either seat, or the
    next deal); returns the acknowledged version."""
    while host.state is None or host.state["version"] < last:
        host.until("state", WAIT)
    state = host.state
    game = state["game"]
    assert not game["winners"], "the match ended before the test did"
    if game["current"] is not None:
        seat = int(game["current"])
        return play_once(host if seat == 0 else guest, seat)
    host.send(type="next_round", version=state["version"])
    answer = host.until("ack", WAIT)
    return int(answer["version"])


def play_until(
    host: LivePlayer, guest: LivePlayer, last: int, done: Callable[[], bool]
) -> list[int]:
    """Play on from version ``last`` without a pause until ``done`` (at most :data:`WAIT`
    seconds); the versions acknowledged."""
    acked = [last]
    deadline = time.monotonic() + WAIT
    while not done():
        assert time.monotonic() < deadline, "timed out playing"
        acked.append(next_action(host, guest, acked[-1]))
    return acked[1:]


def test_a_table_moves_to_the_process_all_its_connections_reach(tmp_path: Path) -> None:
    with processes(tmp_path, 2, REDIS_DB, *UNLIMITED) as (first, second):
        store = redis.Redis.from_url(f"redis://127.0.0.1:6379/{REDIS_DB}", decode_responses=True)
        moved_id, host_token = create_table(first)
        split_id, split_token = create_table(first)
        home = owner(store, moved_id)
        there = process_of(store, second)
        assert home is not None and home != there
        host = greeted(second, moved_id, host_token)  # relayed by the second process
        guest = greeted(first, moved_id, None)  # at the owner: the table stays
        guest.send(type="join", name="Bob")
        guest_token = str(guest.until("joined", WAIT)["token"])
        split_host = greeted(first, split_id, split_token)  # one at the owner, one relayed
        split_guest = greeted(second, split_id, None)
        host.send(type="start")
        started = int(host.until("ack", WAIT)["version"])
        guest.send(type="chat", text="good luck")
        host.until("chat", WAIT)
        acked = [started, *play_until(host, guest, started, lambda: version(host) >= started + 8)]
        assert owner(store, moved_id) == home

        # The guest comes back through the second process: now every connection is relayed
        # from there, and the table moves while both play on without a pause. What they send
        # meanwhile is held by the relay and handled by the new owner: nothing is refused
        # (play_once asserts it), nothing is lost.
        moved_guest = greeted(second, moved_id, guest_token)
        guest.close()
        acked += play_until(host, moved_guest, acked[-1], lambda: owner(store, moved_id) == there)
        later = acked[-1] + 5
        acked += play_until(host, moved_guest, acked[-1], lambda: version(host) >= later)
        assert acked == list(range(started, acked[-1] + 1)), "every action acknowledged"
        assert owner(store, split_id) == home, "a table with connections on both stays put"

        late = greeted(second, moved_id, host_token)  # the chat came along
        log = late.until("chat_log", WAIT)
        assert [line["text"] for line in log["lines"]] == ["good luck"]
        info = httpx.get(f"{second.url}/api/tables/{moved_id}", timeout=10).json()
        assert info["version"] == acked[-1]
        assert [seat["online"] for seat in info["seats"]] == [True, True]
        for player in (host, moved_guest, late, split_host, split_guest):
            player.close()
        store.close()
