"""Play over days: long turn timers, the forfeit rule, deadlines that survive a restart and
the account's own games."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from account_helpers import account_server, browser, signup
from fastapi.testclient import TestClient
from server_helpers import UNHURRIED, Player, create, seeds, server, start_and_leave, table_of
from stored import RecordingStorage, advance

from rami.server import Settings, create_app
from rami.server.social.lobby import Lobby
from rami.server.store.storage import MemoryStorage, Storage
from rami.server.tables.clock import ManualClock

DAY = 86400


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"turn_timer": 601}, "bad_turn_timer"),
        ({"turn_timer": 3599}, "bad_turn_timer"),
        ({"turn_timer": 3 * DAY + 1}, "bad_turn_timer"),
        ({"turn_timer": DAY, "timeout_rule": "forfeit"}, "bad_timeout_rule"),
        ({"turn_timer": DAY, "timeout_rule": "forfeit", "forfeit_after": 0}, "bad_timeout_rule"),
        ({"turn_timer": DAY, "timeout_rule": "forfeit", "forfeit_after": 6}, "bad_timeout_rule"),
        ({"timeout_rule": "forfeit", "forfeit_after": 2}, "bad_timeout_rule"),
        ({"turn_timer": DAY, "forfeit_after": 2}, "bad_timeout_rule"),
    ],
)
def test_long_timers_and_timeout_rules_out_of_range_are_refused(
    body: dict[str, object], code: str
) -> None:
    with server() as app:
        response = app.post("/api/tables", json={"name": "Ana", **body})
        assert response.status_code == 400 and response.json()["code"] == code
        assert app.app.state.lobby.tables == {}  # type: ignore[attr-defined]


@pytest.mark.parametrize("timer", [3600, DAY, 3 * DAY])
def test_an_hour_to_three_days_is_a_turn_timer(timer: int) -> None:
    with server() as app:
        table_id, _ = create(app, turn_timer=timer, timeout_rule="forfeit", forfeit_after=3)
        config = table_of(app, table_id).config
        assert (config.turn_timer, config.forfeit_after) == (timer, 3)
        assert app.get(f"/api/tables/{table_id}").json()["turn_timer"] == timer


def test_an_absent_player_forfeits_at_the_nth_timeout_over_simulated_days() -> None:
    storage = RecordingStorage()
    with server(storage, seed="days", grace=30.0) as app:
        table_id = start_and_leave(app, turn_timer=DAY, timeout_rule="forfeit", forfeit_after=2)
        table = table_of(app, table_id)
        assert table.match is not None and table.match.current_seat == 0
        advance(app, 60.0)
        assert table.match.current_seat == 0, "away past the grace period: the turn still waits"
        assert not any(seat.autoplay for seat in table.seats)
        advance(app, DAY - 61.0)
        assert table.timeouts == [0, 0]
        advance(app, 1.0)
        storage.until(lambda: table.match is not None and table.match.current_seat == 1)
        assert table.timeouts == [1, 0], "the first timeout: a bot played the turn"
        advance(app, DAY)
        storage.until(lambda: table.match is not None and table.match.current_seat == 0)
        assert table.timeouts == [1, 1]
        advance(app, DAY)
        storage.until(lambda: table.match is not None and table.match.finished)
        assert table.timeouts == [2, 1]
        match = table.match
        assert match is not None and match.finished
        assert match.forfeited == (0,) and match.winners == (1,)
        stored = storage.tables[table_id].events
        timeouts = [row["seat"] for row in stored if row["type"] == "timeout"]
        assert timeouts == [0, 1, 0]
        assert all(isinstance(row.get("at"), float) for row in stored if row["type"] == "act")
        assert table.listed_status() == "finished"


def test_the_bot_rule_lets_a_bot_play_a_timed_out_day_long_turn() -> None:
    storage = RecordingStorage()
    with server(storage, seed="days-bot", grace=30.0) as app:
        table_id = start_and_leave(app, turn_timer=DAY)
        table = table_of(app, table_id)
        version = table.version
        advance(app, DAY - 1.0)
        assert table.version == version, "a day-long turn waits a day, not the grace period"
        advance(app, 1.0)
        storage.until(lambda: table.match is not None and table.match.current_seat == 1)
        assert not any(row["type"] == "timeout" for row in storage.tables[table_id].events)
        assert table.match is not None and not table.match.finished


@contextmanager
def days_server(storage: Storage, clock: ManualClock) -> Iterator[TestClient]:
    lobby = Lobby(storage, Settings(bot_delay=0.0), seeds("restart"), clock)
    with TestClient(create_app(limits=UNHURRIED, lobby=lobby)) as client:
        yield client


def test_a_restart_keeps_the_deadline_of_the_turn() -> None:
    storage = MemoryStorage()
    first = ManualClock()
    with days_server(storage, first) as app:
        table_id = start_and_leave(app, turn_timer=DAY)
        advance(app, 10 * 3600.0)
        assert table_of(app, table_id).turn_left() == DAY - 10 * 3600
    down = 3600.0  # the server is down for an hour
    second = ManualClock(start=50.0, wall_start=first.wall() + down)
    with days_server(storage, second) as app:
        table = table_of(app, table_id)
        assert table.turn_left() == DAY - 11 * 3600, "the timer runs on, not afresh"
        assert table.match is not None and table.match.current_seat == 0
        version = table.version
        advance(app, DAY - 11 * 3600 - 1.0)
        assert table.version == version
        advance(app, 1.0)
        for _ in range(100):
            if table.match is not None and table.match.current_seat == 1:
                break
            advance(app, 0.0)
        assert table.match is not None and table.match.current_seat == 1


def _seated(host: TestClient, guest: TestClient, **body: Any) -> str:
    """A started table of two accounts; returns its id."""
    created = host.post("/api/tables", json={"name": "x", "preset": "rami40", **body})
    assert created.status_code == 201, created.text
    table_id, token = created.json()["table"], created.json()["token"]
    url = f"/ws/{table_id}"
    with host.websocket_connect(url) as h, guest.websocket_connect(url) as g:
        first, second = Player(h), Player(g)
        first.hello(token)
        second.hello()
        second.reply(type="join", name="x")
        first.reply(type="start")
    return str(table_id)


def test_my_games_lists_the_accounts_unfinished_tables_its_turn_first() -> None:
    with account_server() as ana:
        assert ana.get("/api/my/games").status_code == 401
        signup(ana, "ana")
        bob = browser(ana)
        signup(bob, "bob")
        mine = _seated(ana, bob, turn_timer=DAY)  # ana's turn (the host starts)
        theirs = _seated(bob, ana, turn_timer=3600)  # bob's turn
        answer = ana.get("/api/my/games")
        assert answer.status_code == 200
        games = answer.json()["games"]
        assert [g["table"] for g in games] == [mine, theirs]
        assert [g["your_turn"] for g in games] == [True, False]
        assert all(isinstance(g["deadline"], int) for g in games)
        assert [g["table"] for g in bob.get("/api/my/games").json()["games"]] == [theirs, mine]
