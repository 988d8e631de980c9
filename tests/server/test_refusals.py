"""Every refusal over the websocket carries its code, resyncs the client and changes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import astuple
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import Player, create, refusal, server, table_of


def frozen(client: TestClient, table_id: str) -> tuple[Any, ...]:
    """Everything that would change if a command were applied."""
    table = table_of(client, table_id)
    return table.version, id(table.match), table.match, [astuple(s) for s in table.seats]


@pytest.fixture
def app() -> Iterator[TestClient]:
    with server(seed="refusals") as client:
        yield client


def test_join_refusals_change_nothing(app: TestClient) -> None:
    table_id, token = create(app, preset="rami51", seats=2)
    with (
        app.websocket_connect(f"/ws/{table_id}") as h,
        app.websocket_connect(f"/ws/{table_id}") as a,
        app.websocket_connect(f"/ws/{table_id}") as b,
    ):
        host, guest, late = Player(h), Player(a), Player(b)
        host.hello(token)
        guest.hello()
        late.hello()
        cases = [
            (host, {"name": "Ana again"}, "already_seated"),
            (guest, {"name": "Bob", "seat": 0}, "seat_taken"),
            (guest, {"name": "Bob", "seat": 7}, "no_such_seat"),
            (guest, {"name": "   "}, "bad_name"),
        ]
        for player, body, code in cases:
            before = frozen(app, table_id)
            assert refusal(player.reply(type="join", **body)) == code
            assert frozen(app, table_id) == before
        guest.reply(type="join", name="Bob")
        before = frozen(app, table_id)
        assert refusal(late.reply(type="join", name="Cid")) == "table_full"
        assert frozen(app, table_id) == before
        host.reply(type="start")
        before = frozen(app, table_id)
        assert refusal(late.reply(type="join", name="Cid", seat=1)) == "already_started"
        assert frozen(app, table_id) == before
        assert late.state is not None and late.state["you"]["seat"] is None


def test_start_refusals(app: TestClient) -> None:
    table_id, token = create(app, preset="rami40", seats=2)
    url = f"/ws/{table_id}"
    with app.websocket_connect(url) as h, app.websocket_connect(url) as ws:
        host, guest = Player(h), Player(ws)
        host.hello(token)
        assert refusal(host.reply(type="start")) == "seats_empty"
        guest.hello()
        assert refusal(guest.reply(type="start")) == "spectator"
        guest.reply(type="join", name="Bob")
        before = frozen(app, table_id)
        assert refusal(guest.reply(type="start")) == "not_host"
        assert refusal(guest.reply(type="act", action="draw stock", version=2)) == "not_started"
        assert frozen(app, table_id) == before


@pytest.fixture
def started(app: TestClient) -> Iterator[tuple[TestClient, str, Player, Player, Player]]:
    table_id, token = create(app, preset="rami51", seats=2)
    with (
        app.websocket_connect(f"/ws/{table_id}") as h,
        app.websocket_connect(f"/ws/{table_id}") as g,
        app.websocket_connect(f"/ws/{table_id}") as s,
    ):
        host, guest, spectator = Player(h), Player(g), Player(s)
        host.hello(token)
        guest.hello()
        guest.reply(type="join", name="Bob")
        spectator.hello()
        host.reply(type="start")
        host.until(lambda m: m["type"] == "state" and m["game"] is not None)
        yield app, table_id, host, guest, spectator


def test_act_refusals_change_nothing(
    started: tuple[TestClient, str, Player, Player, Player],
) -> None:
    app, table_id, host, guest, spectator = started
    assert host.game["current"] == 0
    version = host.version
    hand = host.game["hand"]
    cases = [
        (guest, {"action": "draw stock", "version": version}, "not_your_turn"),
        (host, {"action": "draw stock", "version": version - 1}, "stale_version"),
        (host, {"action": f"discard {hand[0]}", "version": version}, "draw_first"),
        (host, {"action": "fly away", "version": version}, "invalid_action"),
        (host, {"action": "discard ZZ", "version": version}, "invalid_card"),
        (host, {"action": "draw stock", "version": version, "seat": 1}, "not_your_seat"),
        (spectator, {"action": "draw stock", "version": version}, "spectator"),
        (host, {"action": "draw stock"}, "malformed"),
        (host, {"action": 12, "version": version}, "malformed"),
        (host, {"action": "draw stock", "version": "7"}, "malformed"),
    ]
    for player, body, code in cases:
        before = frozen(app, table_id)
        got = player.reply(type="act", **body)
        assert refusal(got) == code, body
        assert frozen(app, table_id) == before, body
        assert got[-1]["version"] == version
    assert refusal(host.reply(type="next_round", version=version)) == "round_in_progress"
    assert frozen(app, table_id)[0] == version
    accepted = host.reply(type="act", action="draw stock", version=version)
    assert accepted[-1] == {"type": "ack", "version": version + 1}


def test_refusals_carry_their_facts(
    started: tuple[TestClient, str, Player, Player, Player],
) -> None:
    _, _, host, guest, _ = started
    version = host.version
    turn = guest.reply(type="act", action="draw stock", version=version)
    error = next(m for m in turn if m["type"] == "error")
    host_name = host.state["table"]["seats"][0]["name"]
    assert error["facts"] == {"seat": 0, "player": host_name}
    host.reply(type="act", action="draw stock", version=version)
    hand = host.game["hand"]
    missing = next(c for c in ("KH", "5S", "9D", "2C", "QS") if c not in hand)
    refused = host.reply(type="act", action=f"discard {missing}", version=version + 1)
    error = next(m for m in refused if m["type"] == "error")
    assert error["code"] == "card_not_in_hand" and error["facts"] == {"cards": [missing]}
    stale = host.reply(type="act", action="draw stock", version=version)
    assert next(m for m in stale if m["type"] == "error")["facts"] == {}


@pytest.mark.parametrize(
    "raw",
    ["{not json", "[1, 2]", '"hello"', '{"type": "dance"}', '{"no": "type"}', "x" * 5000],
)
def test_malformed_messages(
    started: tuple[TestClient, str, Player, Player, Player], raw: str
) -> None:
    app, table_id, host, *_ = started
    before = frozen(app, table_id)
    host.ws.send_text(raw)
    got = [host.recv(), host.recv()]
    assert refusal(got) == "malformed"
    assert frozen(app, table_id) == before


def test_bad_token_is_a_spectator(app: TestClient) -> None:
    table_id, _ = create(app, seats=2)
    with app.websocket_connect(f"/ws/{table_id}") as ws:
        player = Player(ws)
        player.send(type="hello", token="not-a-token")
        error = player.recv()
        assert error["type"] == "error" and error["code"] == "bad_token"
        state = player.until(lambda m: m["type"] == "state")
        assert state["you"]["seat"] is None


def test_hello_first_and_unknown_table(app: TestClient) -> None:
    table_id, _ = create(app, seats=2)
    with app.websocket_connect(f"/ws/{table_id}") as ws:
        player = Player(ws)
        player.send(type="act", action="draw stock", version=1)
        assert player.recv()["code"] == "hello_first"
        player.send(type="ping")
        assert player.recv()["type"] == "pong"
    with app.websocket_connect("/ws/nosuchtable") as ws:
        assert ws.receive_json()["code"] == "no_such_table"
