"""Chat and rematch in the scaled-out mode: connections relayed from another process get
the owner's chat lines and rematch messages like local ones (Redis db 9)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from cluster_helpers import processes
from live_server import LivePlayer, LiveServer, Message

REDIS_DB = 7
WAIT = 60.0


@pytest.fixture
def pair(tmp_path: Path) -> Iterator[list[LiveServer]]:
    with processes(tmp_path, 2, REDIS_DB, "--bot-delay", "0.01", "--grace", "0") as servers:
        yield servers


def first(player: LivePlayer, kind: str) -> Message:
    return player.until(kind, WAIT)


def test_relayed_connections_chat_and_follow_a_rematch(pair: list[LiveServer]) -> None:
    owner, other = pair
    body = {"name": "Ana", "preset": "rami40", "seats": 2, "bots": ["random"], "rounds": 1}
    created = httpx.post(f"{owner.url}/api/tables", json=body, timeout=10).json()
    table_id, token = created["table"], created["token"]

    watcher = LivePlayer(other, table_id)  # relayed to the owner
    watcher.send(type="hello")
    first(watcher, "state")
    host = LivePlayer(other, table_id)
    host.send(type="hello", token=token)
    first(host, "state")
    host.send(type="chat", text="hello from a relay")
    line = first(watcher, "chat")
    assert (line["name"], line["text"]) == ("Ana", "hello from a relay")
    host.send(type="start")
    first(host, "ack")
    host.close()  # away at once (grace 0): the stand-in plays the match out

    state = first(watcher, "state")
    while state["table"]["status"] != "finished":
        state = first(watcher, "state")
    host = LivePlayer(other, table_id)
    host.send(type="hello", token=token)
    assert first(host, "chat_log")["lines"][0]["text"] == "hello from a relay"
    host.send(type="rematch")
    assert first(watcher, "rematch_votes") == {"type": "rematch_votes", "asked": [0], "waiting": []}
    mine, seen = first(host, "rematch_ready"), first(watcher, "rematch_ready")
    assert mine["table"] == seen["table"] != table_id
    assert mine["seat"] == 0 and mine["token"] and seen["token"] is None

    again = LivePlayer(other, mine["table"])
    again.send(type="hello", token=mine["token"])
    state = first(again, "state")
    assert state["you"]["seat"] == 0 and state["table"]["status"] in ("playing", "round_over")
    for player in (host, watcher, again):
        player.close()
