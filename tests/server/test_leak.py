"""No message to a seat ever names a card of another seat's hand or of the stock."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from fastapi.testclient import TestClient
from leak_check import cards_named, check_message, secret_from
from server_helpers import Player, Policy, create, play_turns, seat_and_start, server, table_of

from rami.match import MatchState, new_match
from rami.rules import get_rules
from rami.server.tables.state import Client
from rami.views import view_for

Sent = list[tuple[int | None, str, MatchState | None]]


@contextmanager
def recording(app: TestClient, table_id: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Sent]:
    """Record every message the server sends, with the true match at that moment."""
    sent: Sent = []
    table = table_of(app, table_id)
    original = Client.send

    def send(self: Client, text: str) -> None:
        sent.append((self.seat, text, table.match))
        original(self, text)

    monkeypatch.setattr(Client, "send", send)
    yield sent
    monkeypatch.setattr(Client, "send", original)


def test_checker_catches_a_leak() -> None:
    match = new_match(get_rules("rami51"), ["A", "B"], seed="leak-self-test")
    secret = secret_from(match, 0)
    other = sorted(secret & {f"{c}" for c in cards_named({"x": " ".join(secret)})})
    assert other, "the other hand and the stock hold cards seat 0 cannot know"
    with pytest.raises(AssertionError):
        check_message('{"type":"state","log":["B holds ' + other[0] + '"]}', 0, match)
    view = view_for(match, 0)
    assert not cards_named({"hand": [str(c) for c in view.hand]}) & secret


@pytest.mark.parametrize(
    ("preset", "seed", "bot"),
    [
        ("rami51", "leak-a", "random"),
        ("rami40-house", "leak-b", "medium"),
        ("scala40", "leak-c", "hard"),
    ],
)
def test_no_message_leaks_hidden_cards(
    preset: str, seed: str, bot: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with server(seed=seed) as app:
        table_id, token = create(app, preset=preset, seats=3, bots=[bot], rounds=2)
        url = f"/ws/{table_id}"
        with (
            recording(app, table_id, monkeypatch) as sent,
            app.websocket_connect(url) as a,
            app.websocket_connect(url) as b,
            app.websocket_connect(url) as c,
        ):
            host, guest, spectator = Player(a), Player(b), Player(c)
            seat_and_start(host, guest, spectator, token)
            players = {0: host, 1: guest}
            for player in players.values():
                player.until(lambda m: m["type"] == "state" and m["game"] is not None)
            policies = {0: Policy(11), 1: Policy(12)}
            assert play_turns(players, policies, limit=3000) > 0
            host.reply(type="next_round", version=host.version)
            for player in players.values():
                player.until(lambda m: m["type"] == "state" and m["game"]["round"] == 2)
            play_turns(players, policies, limit=60)
            guest.reply(type="act", action="discard JK", version=guest.version)
            spectator.send(type="ping")
            spectator.until(lambda m: m["type"] == "pong")
        assert len(sent) > 300
        seats = {seat for seat, _, _ in sent}
        assert seats == {0, 1, None}
        for seat, text, match in sent:
            check_message(text, seat, match)
