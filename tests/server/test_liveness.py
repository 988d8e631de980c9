"""Tables never stall: turn timers on every turn, away seats after a restart, nobody left."""

from __future__ import annotations

import logging

import pytest
from fastapi.testclient import TestClient
from server_helpers import start_and_leave
from stored import RecordingStorage, advance, clock_of, lobby_table, serve

from rami import records
from rami.actions import action_text
from rami.bots import make_bot
from rami.match import MatchState
from rami.rules import get_rules
from rami.server.store.storage import MemoryStorage
from rami.server.tables.actor import Table
from rami.server.tables.config import TableConfig
from rami.server.tables.driver import Driver
from rami.server.tables.state import Settings
from rami.views import PlayerView, view_for


def table(app: TestClient, table_id: str) -> Table:
    found = lobby_table(app, table_id)
    assert found is not None
    return found


def current(app: TestClient, table_id: str) -> int | None:
    match = table(app, table_id).match
    assert match is not None
    return match.current_seat


def test_the_turn_timer_fires_on_every_turn_of_an_idle_seat() -> None:
    storage = RecordingStorage()
    with serve(storage, seed="every-turn", grace=600.0) as app:
        table_id = start_and_leave(app, turn_timer=10)
        live = table(app, table_id)
        for seat in (0, 1, 0):
            assert current(app, table_id) == seat
            advance(app, 10.0)
            storage.until(lambda seat=seat: current(app, table_id) not in (seat, None))
        assert not any(s.autoplay for s in live.seats), "the timer played, not an away bot"


def test_people_away_at_a_restart_are_away_from_the_restart_and_a_bot_plays_for_them() -> None:
    storage = RecordingStorage()
    with serve(storage, seed="restart-away") as app:
        table_id = start_and_leave(app)
        version = table(app, table_id).version
    with serve(storage, grace=600.0) as app:
        seats = table(app, table_id).seats
        restarted = clock_of(app).now()
        assert all(s.away_since == restarted for s in seats), "away from the restart"
        assert not any(s.autoplay for s in seats)
        assert table(app, table_id).version == version
    with serve(storage, grace=30.0) as app:
        advance(app, 30.0)
        storage.until(lambda: table(app, table_id).version >= version + 4)
        assert all(s.autoplay for s in table(app, table_id).seats)


def test_a_whole_match_ends_with_nobody_connected_after_the_start() -> None:
    storage = RecordingStorage()
    with serve(storage, seed="nobody-here", grace=30.0) as app:
        table_id = start_and_leave(app, rounds=2)
        advance(app, 30.0)

        def finished() -> bool:
            match = table(app, table_id).match
            return match is not None and match.finished

        storage.until(finished, timeout=180)
        info = app.get(f"/api/tables/{table_id}").json()
        assert info["status"] == "finished"
        record = app.get(f"/api/tables/{table_id}/record")
        assert record.status_code == 200
        replayed = records.replay(records.loads(record.text))
        assert replayed.finished and len(replayed.finished_rounds) == 2
        kinds = [event["type"] for event in storage.tables[table_id].events]
        assert kinds.count("next_round") == 1, "the stand-in dealt the second round"


def round_over_table(timer: int | None) -> Table:
    """A two-person table replayed to the end of its first round (no server, no loop)."""
    config = TableConfig(get_rules("rami40"), (None, None), timer, "rami40")
    live = Table("t", config, "who-deals", MemoryStorage(), Settings(bot_delay=0.5), 0.0)
    for seat, name in enumerate(("Ana", "Bob")):
        live.apply_event({"type": "join", "seat": seat, "name": name, "token_hash": "-"})
    live.apply_event({"type": "start"})
    bots = [make_bot("medium", seat) for seat in (0, 1)]
    while live.match is not None and (seat := live.match.current_seat) is not None:
        action = action_text(bots[seat].choose(view_for(live.match, seat)))
        live.apply_event({"type": "act", "seat": seat, "action": action})
    return live


def test_who_deals_a_round_nobody_deals() -> None:
    untimed, timed = round_over_table(None), round_over_table(30)
    assert Driver(untimed).deal_at() is None, "people here (or within grace) deal themselves"
    assert Driver(timed).deal_at() == timed.changed_at + 30, "or the turn timer deals"
    for live in (untimed, timed):
        for seat in live.seats:
            seat.autoplay = True
        assert Driver(live).deal_at() == live.changed_at + 0.5, "everybody away: the stand-in"


def test_a_failing_driver_logs_and_keeps_the_table_moving(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    failures = [RuntimeError("a bug in the stand-in")]

    def fails_once(match: MatchState, seat: int | None) -> PlayerView:
        if failures:
            raise failures.pop()
        return view_for(match, seat)

    monkeypatch.setattr("rami.server.tables.driver.view_for", fails_once)
    storage = RecordingStorage()
    with caplog.at_level(logging.ERROR, "rami.server"), serve(storage, grace=30.0) as app:
        table_id = start_and_leave(app)
        version = table(app, table_id).version
        advance(app, 30.0)  # the stand-in comes and fails
        advance(app, 1.0)  # the driver tries again after a second
        storage.until(lambda: table(app, table_id).version >= version + 2)
    assert not failures
    assert any(r.exc_info and r.exc_info[0] is RuntimeError for r in caplog.records)
