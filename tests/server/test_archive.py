"""Finished tables nobody watches leave memory and come back from storage when asked for."""

from __future__ import annotations

import logging

import pytest
from fastapi.testclient import TestClient
from server_helpers import Player, create
from stored import RecordingStorage, advance, lobby_table, serve, wait_archived

from rami.server.store.storage import StorageError, StoredTable

GRACE = 30.0
"""The grace period of these tests' servers (their clock is advanced past it)."""


def finished_table(app: TestClient, storage: RecordingStorage) -> str:
    """A one-round match of a person and a bot, played out by the stand-in; returns its id."""
    table_id, token = create(app, preset="rami40", seats=2, bots=["random"], rounds=1)
    with app.websocket_connect(f"/ws/{table_id}") as ws:
        host = Player(ws)
        host.hello(token)
        host.reply(type="start")
    advance(app, GRACE)  # the person is away: the stand-in plays from now

    def finished() -> bool:
        table = lobby_table(app, table_id)
        return table is not None and table.match is not None and table.match.finished

    storage.until(finished)
    return table_id


def test_a_finished_table_leaves_memory_and_is_rebuilt_on_demand() -> None:
    storage = RecordingStorage()
    with serve(storage, seed="archive", grace=GRACE) as app:
        table_id = finished_table(app, storage)
        record = app.get(f"/api/tables/{table_id}/record").text
        replay = app.get(f"/api/tables/{table_id}/replay").json()
        wait_archived(app, table_id)
        assert lobby_table(app, table_id) is None

        info = app.get(f"/api/tables/{table_id}")
        assert info.status_code == 200 and info.json()["status"] == "finished"
        wait_archived(app, table_id)
        assert app.get(f"/api/tables/{table_id}/record").text == record
        wait_archived(app, table_id)
        assert app.get(f"/api/tables/{table_id}/replay").json() == replay
        wait_archived(app, table_id)
        with app.websocket_connect(f"/ws/{table_id}") as ws:
            state = Player(ws).hello()
            assert state["table"]["status"] == "finished"
            assert state["version"] == info.json()["version"]
        wait_archived(app, table_id)
        assert lobby_table(app, table_id) is None


def started_table(app: TestClient, rounds: int | None = None) -> str:
    """A match of a person and a bot in play, its person gone; returns its id."""
    table_id, token = create(app, preset="rami40", seats=2, bots=["random"], rounds=rounds)
    with app.websocket_connect(f"/ws/{table_id}") as ws:
        host = Player(ws)
        host.hello(token)
        host.reply(type="start")
    return table_id


def test_a_watched_finished_table_stays_and_restarts_load_only_matches_in_play() -> None:
    storage = RecordingStorage()
    with serve(storage, seed="archive-watch", grace=GRACE, archive_after=3600.0) as app:
        finished = finished_table(app, storage)
        assert lobby_table(app, finished) is not None, "archived only after archive_after"
    with serve(storage, seed="archive-play", grace=3600.0, archive_after=3600.0) as app:
        playing = started_table(app)
        waiting, _ = create(app, preset="rami40", seats=2, bots=["random"])
    with serve(storage, grace=3600.0, archive_after=3600.0) as app:
        assert lobby_table(app, playing) is not None, "a match in play is resumed at start-up"
        assert lobby_table(app, finished) is None, "a finished table loads on demand"
        assert lobby_table(app, waiting) is None, "a table waiting for players loads on demand"
        assert app.get(f"/api/tables/{finished}").json()["status"] == "finished"
        assert app.get(f"/api/tables/{waiting}").json()["seats"][0]["name"] == "Ana"
        assert lobby_table(app, finished) is not None
        assert lobby_table(app, waiting) is not None


def test_a_waiting_table_nobody_watches_leaves_memory_and_a_match_in_play_stays() -> None:
    storage = RecordingStorage()
    with serve(storage, seed="evict", grace=3600.0) as app:
        playing = started_table(app)
        waiting, token = create(app, preset="rami40", seats=2)
        wait_archived(app, waiting)
        assert lobby_table(app, waiting) is None
        assert lobby_table(app, playing) is not None, "a person's grace period is work to do"
        with app.websocket_connect(f"/ws/{waiting}") as ws:
            host = Player(ws)
            assert host.hello(token)["you"]["seat"] == 0, "rebuilt with its seats"
            guest_ws = app.websocket_connect(f"/ws/{waiting}")
            with guest_ws as guest_socket:
                guest = Player(guest_socket)
                guest.hello()
                assert guest.reply(type="join", name="Bob")[-1]["type"] == "ack"
            assert host.reply(type="start")[-1]["type"] == "ack"
        assert lobby_table(app, waiting) is not None, "in play now: it stays"


class FlakyStorage(RecordingStorage):
    """A store whose reads fail while ``down`` is set."""

    down = False

    def load(self, table_id: str) -> StoredTable | None:
        if self.down:
            raise StorageError("database is locked")
        return super().load(table_id)


def test_an_archived_table_is_quarantined_when_its_rows_broke_and_waits_out_a_failing_read(
    caplog: pytest.LogCaptureFixture,
) -> None:
    storage = FlakyStorage()
    with (
        caplog.at_level(logging.WARNING, "rami.server"),
        serve(storage, seed="archive-broken", grace=GRACE) as app,
    ):
        kept, broken = finished_table(app, storage), finished_table(app, storage)
        wait_archived(app, kept)
        wait_archived(app, broken)
        storage.down = True
        failed = app.get(f"/api/tables/{kept}")
        assert (failed.status_code, failed.json()["code"]) == (503, "table_unavailable")
        storage.down = False
        assert app.get(f"/api/tables/{kept}").status_code == 200, "a failed read is not damage"
        storage.tables[broken].events[2] = {"type": "act", "seat": 0, "action": "explode"}
        for _ in range(2):
            answer = app.get(f"/api/tables/{broken}/record")
            assert (answer.status_code, answer.json()["code"]) == (503, "table_unavailable")
    lines = [r.getMessage() for r in caplog.records if broken in r.getMessage()]
    assert len(lines) == 1 and "quarantined" in lines[0] and "event 3" in lines[0]
    assert not any(
        "quarantined" in r.getMessage() for r in caplog.records if kept in r.getMessage()
    )


def test_a_match_in_play_nobody_comes_back_to_is_resumed_at_start_up_and_played_out() -> None:
    storage = RecordingStorage()
    with serve(storage, seed="resume", grace=3600.0) as app:
        playing = started_table(app, rounds=1)
        waiting, _ = create(app, preset="rami40", seats=2)
    with serve(storage, grace=GRACE, archive_after=3600.0) as app:
        assert lobby_table(app, waiting) is None
        advance(app, GRACE)
        storage.until(lambda: storage.statuses.get(playing) == "finished")  # nobody asked
        assert app.get(f"/api/tables/{playing}/record").status_code == 200
