"""Kill the server mid-round, restart it on the same data: every acknowledged action is there,
and a match nobody comes back to goes on."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from live_server import LivePlayer, LiveServer, Message, free_port
from server_helpers import Policy

from rami import records

HUMANS = (0, 1)


def settle(player: LivePlayer, version: int) -> Message:
    """Read until a snapshot at ``version`` or later where no bot is to act."""
    while True:
        state = player.until("state")
        game = state["game"]
        if state["version"] >= version and (game is None or game["current"] in (*HUMANS, None)):
            return state


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path / "data", free_port(), "--bot-delay", "0.02")
    server.start()
    yield server
    server.stop()


def test_kill_and_restart_keeps_every_acknowledged_action(live: LiveServer) -> None:
    body = {"name": "Ana", "preset": "rami40", "seats": 3, "bots": ["random"]}
    created = httpx.post(f"{live.url}/api/tables", json=body, timeout=10).json()
    table_id, host_token = created["table"], created["token"]
    host, guest = LivePlayer(live, table_id), LivePlayer(live, table_id)
    host.send(type="hello", token=host_token)
    host.until("state")
    guest.send(type="hello")
    guest.until("state")
    guest.send(type="join", name="Bob")
    guest_token = guest.until("joined")["token"]
    host.send(type="start")
    version = host.until("ack")["version"]
    players = {0: host, 1: guest}
    policies = {0: Policy(5), 1: Policy(6)}
    states = {seat: settle(p, version) for seat, p in players.items()}
    acked: list[int] = []
    while len(acked) < 30:
        game = states[0]["game"]
        if game["current"] is None:  # a short round (the seed is the server's): deal the next
            host.send(type="next_round", version=states[0]["version"])
            acked.append(host.until("ack")["version"])
            states = {s: settle(p, acked[-1]) for s, p in players.items()}
            continue
        seat = game["current"]
        action = policies[seat].choose(states[seat]["game"])
        players[seat].send(type="act", action=action, version=states[seat]["version"])
        acked.append(players[seat].until("ack")["version"])
        states = {s: settle(p, acked[-1]) for s, p in players.items()}
    before = {seat: (state["version"], state["game"]) for seat, state in states.items()}
    assert before[0][0] >= acked[-1]

    live.kill()
    for player in players.values():
        player.close()
    live.start()

    tokens = {0: host_token, 1: guest_token}
    again = {seat: LivePlayer(live, table_id) for seat in HUMANS}
    for seat, player in again.items():
        player.send(type="hello", token=tokens[seat])
        state = player.until("state")
        assert state["you"]["seat"] == seat
        assert (state["version"], state["game"]) == before[seat]
    game = before[0][1]
    seat = game["current"]
    action = policies[seat].choose(before[seat][1])
    again[seat].send(type="act", action=action, version=before[seat][0])
    assert again[seat].until("ack")["version"] == before[seat][0] + 1
    for player in again.values():
        player.close()


def test_after_a_kill_a_match_nobody_comes_back_to_is_played_to_the_end(tmp_path: Path) -> None:
    data = tmp_path / "data"
    first = LiveServer(data, free_port(), "--bot-delay", "0", "--grace", "600")
    first.start()
    try:
        body = {"name": "Ana", "preset": "rami40", "seats": 2, "rounds": 2}
        created = httpx.post(f"{first.url}/api/tables", json=body, timeout=10).json()
        table_id = created["table"]
        host, guest = LivePlayer(first, table_id), LivePlayer(first, table_id)
        host.send(type="hello", token=created["token"])
        guest.send(type="hello")
        guest.send(type="join", name="Bob")
        guest.until("joined")
        host.send(type="start")
        host.until("ack")
        host.close()
        guest.close()
    finally:
        first.kill()
    again = LiveServer(data, free_port(), "--bot-delay", "0", "--grace", "0.2")
    again.start()
    try:
        watcher = LivePlayer(again, table_id)
        watcher.send(type="hello")
        status = watcher.until("state")["table"]["status"]
        while status != "finished":
            status = watcher.until("state", timeout=60)["table"]["status"]
        watcher.close()
        record = httpx.get(f"{again.url}/api/tables/{table_id}/record", timeout=10)
        assert len(records.replay(records.loads(record.text)).finished_rounds) == 2
    finally:
        again.stop()


def test_no_create_request_keeps_the_server_from_starting_again(live: LiveServer) -> None:
    good = httpx.post(f"{live.url}/api/tables", json={"name": "Ana"}, timeout=10).json()["table"]
    bodies = [
        {"name": "A", "options": {"name": [], "turn_limit": 61}},
        {"name": "A", "bots": ["random"], "options": {"hand_size": 13.5}},
        {"name": "A", "bots": ["random"], "options": {"hand_size": 7.0}},
    ]
    accepted = []
    for body in bodies:
        answer = httpx.post(f"{live.url}/api/tables", json=body, timeout=10)
        assert answer.status_code in (201, 400, 422), answer.text
        if answer.status_code != 201:
            continue
        created = answer.json()
        accepted.append(created["table"])
        host = LivePlayer(live, created["table"])
        host.send(type="hello", token=created["token"])
        host.until("state")
        host.send(type="start")
        assert host.recv()["type"] in ("ack", "error")
        host.send(type="ping")
        assert host.until("pong")["type"] == "pong", "the connection still answers"
        host.close()
    live.kill()
    live.start()
    assert httpx.get(f"{live.url}/api/tables/{good}", timeout=10).status_code == 200
    for table_id in accepted:
        answer = httpx.get(f"{live.url}/api/tables/{table_id}", timeout=10)
        assert answer.status_code in (200, 503), answer.text
