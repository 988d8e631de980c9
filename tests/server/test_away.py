"""Reconnects and absences: exact resync, a bot for a seat away past the grace period, timers."""

from __future__ import annotations

from fastapi.testclient import TestClient
from server_helpers import Message, Player, create, server, table_of
from stored import RecordingStorage, advance

from rami.cards import card_text


def start_two(app: TestClient, **body: object) -> tuple[str, str]:
    """A started two-seat table; returns its id and the guest's token."""
    table_id, token = create(app, preset="rami40", seats=2, **body)
    url = f"/ws/{table_id}"
    with app.websocket_connect(url) as h, app.websocket_connect(url) as g:
        host, guest = Player(h), Player(g)
        host.hello(token)
        guest.hello()
        guest.reply(type="join", name="Bob")
        host.reply(type="start")
        assert guest.token is not None
        return table_id, guest.token


def test_reconnect_resyncs_exactly_and_away_seats_get_a_bot() -> None:
    with server(seed="away", grace=30.0) as app:
        table_id, token = create(app, preset="rami40", seats=2)
        url = f"/ws/{table_id}"
        with app.websocket_connect(url) as h:
            host = Player(h)
            host.hello(token)
            with app.websocket_connect(url) as g:
                guest = Player(g)
                guest.hello()
                guest.reply(type="join", name="Bob")
                guest_token = guest.token
                host.reply(type="start")
                host.until(lambda m: m["type"] == "state" and m["game"] is not None)
                host.reply(type="act", action="draw stock", version=host.version)
            host.until(lambda m: m["type"] == "state" and not m["table"]["seats"][1]["online"])
            discard = next(a for a in host.game["legal"] if a.startswith("discard"))
            host.reply(type="act", action=discard, version=host.version)
            advance(app, 29.0)
            assert table_of(app, table_id).seats[1].autoplay is False, "within the grace period"
            advance(app, 1.0)

            def bot_played(message: Message) -> bool:
                game = message.get("game")
                return bool(game) and any(e["seat"] == 1 for e in game["log"])

            stood_in = host.until(lambda m: m["type"] == "state" and bot_played(m))
            assert stood_in["table"]["seats"][1]["autoplay"] is True
            with app.websocket_connect(url) as g2:
                back = Player(g2)
                state = back.hello(guest_token)
                assert state["you"]["seat"] == 1
                assert state["table"]["seats"][1]["autoplay"] is False
                table = table_of(app, table_id)
                assert table.match is not None and state["version"] == table.version
                hand = table.match.round.hands[1]
                assert state["game"]["hand"] == [card_text(card) for card in hand]


def test_turn_timer_lets_a_bot_finish_the_turn() -> None:
    storage = RecordingStorage()
    with server(storage, seed="timer") as app:
        table_id, _ = start_two(app, turn_timer=10)
        table = table_of(app, table_id)
        assert table.match is not None and table.match.current_seat == 0
        version = table.version
        advance(app, 9.0)
        assert table.version == version, "the timer has not run out"
        advance(app, 1.0)
        storage.until(lambda: table.match is not None and table.match.current_seat == 1)
        assert table.version >= version + 2
        assert not any(seat.autoplay for seat in table.seats), "the timer played, not a stand-in"
