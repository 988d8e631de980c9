"""Restores never brick: a stored table that does not restore is quarantined, the rest start."""

from __future__ import annotations

import copy
import logging
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import Player, create
from stored import serve
from typer.testing import CliRunner

from rami.cli import build_app
from rami.errors import RamiError
from rami.server.store.sql_store import DB_NAME, SqliteStorage
from rami.server.store.storage import MemoryStorage, Storage, StorageError, StoredTable
from rami.server.tables.state import Refusal

Corruption = Callable[[StoredTable], None]


def played(app: TestClient) -> str:
    """A started table (a person and a bot) whose host drew and discarded: 4 events."""
    table_id, token = create(app, preset="rami40", seats=2, bots=["random"])
    with app.websocket_connect(f"/ws/{table_id}") as ws:
        host = Player(ws)
        host.hello(token)
        host.reply(type="start")
        host.until(lambda m: m["type"] == "state" and m["game"] is not None)
        host.wait_version(
            host.reply(type="act", action="draw stock", version=host.version)[-1]["version"]
        )
        discard = next(a for a in host.game["legal"] if a.startswith("discard"))
        host.reply(type="act", action=discard, version=host.version)
    return table_id


def two_tables(storage: Storage) -> tuple[str, str]:
    """Store a table to keep and one to break (in this order)."""
    with serve(storage, seed="quarantine", bot_delay=60.0) as app:
        return played(app), played(app)


def unavailable(app: TestClient, table_id: str) -> None:
    """Every way of asking for the table answers ``table_unavailable``."""
    for path in ("", "/record", "/replay"):
        response = app.get(f"/api/tables/{table_id}{path}")
        assert response.status_code == 503, response.text
        assert response.json()["code"] == "table_unavailable"
    with app.websocket_connect(f"/ws/{table_id}") as ws:
        message = ws.receive_json()
        assert message["type"] == "error" and message["code"] == "table_unavailable"


def serves(app: TestClient, table_id: str) -> None:
    """The table answers and its host's view is there."""
    info = app.get(f"/api/tables/{table_id}")
    assert info.status_code == 200 and info.json()["version"] == 4


def quarantined_once(caplog: pytest.LogCaptureFixture, table_id: str) -> str:
    """The one log line about the quarantined table (its reason)."""
    lines = [r.getMessage() for r in caplog.records if table_id in r.getMessage()]
    assert len(lines) == 1, lines
    assert "quarantined" in lines[0]
    return lines[0]


def _set_event(number: int, event: Any) -> Corruption:
    def corrupt(stored: StoredTable) -> None:
        stored.events[number - 1] = event

    return corrupt


def _set_config(key: str, value: Any) -> Corruption:
    def corrupt(stored: StoredTable) -> None:
        stored.config[key] = value

    return corrupt


def _set_rule(key: str, value: Any) -> Corruption:
    def corrupt(stored: StoredTable) -> None:
        stored.config["rules"][key] = value

    return corrupt


def _forget_seed(stored: StoredTable) -> None:
    stored.secret.clear()


CORRUPTIONS: dict[str, Corruption] = {
    "preset is a list": _set_config("preset", []),
    "bots is a number": _set_config("bots", 3),
    "rules hand size 13.5 (the deal of the stored start fails)": _set_rule("hand_size", 13.5),
    "event without a type": _set_event(3, {"action": 5}),
    "action is a number": _set_event(3, {"type": "act", "seat": 0, "action": 5}),
    "action out of turn": _set_event(3, {"type": "act", "seat": 1, "action": "draw stock"}),
    "illegal action": _set_event(3, {"type": "act", "seat": 0, "action": "discard 2H"}),
    "unknown event": _set_event(2, {"type": "explode"}),
    "join of a seat that is not there": _set_event(1, {"type": "join", "seat": 7}),
    "event is a list": _set_event(4, [1, 2]),
    "seed missing": _forget_seed,
}


@pytest.mark.parametrize("corrupt", CORRUPTIONS.values(), ids=CORRUPTIONS.keys())
def test_a_table_that_does_not_restore_is_quarantined_and_the_others_start(
    corrupt: Corruption, caplog: pytest.LogCaptureFixture
) -> None:
    storage = MemoryStorage()
    good, bad = two_tables(storage)
    corrupt(storage.tables[bad])
    before = copy.deepcopy(storage.tables)
    with caplog.at_level(logging.WARNING, "rami.server"), serve(storage, bot_delay=60.0) as app:
        serves(app, good)
        unavailable(app, bad)
        unavailable(app, bad)
        assert app.get("/api/tables/nosuchtable").status_code == 404
    quarantined_once(caplog, bad)
    assert storage.tables == before, "a quarantined table is kept as it was"


def _rows(path: Path) -> list[tuple[Any, ...]]:
    with sqlite3.connect(path) as db:
        tables = db.execute("SELECT * FROM tables ORDER BY id").fetchall()
        return tables + db.execute("SELECT * FROM events ORDER BY table_id, version").fetchall()


def _sql(path: Path, statement: str, *params: Any) -> None:
    with sqlite3.connect(path) as db:
        db.execute(statement, params)


SQL_CORRUPTIONS = {
    "event row is not JSON": (
        'UPDATE events SET payload = \'{"type": "act", \' WHERE table_id = ? AND version = 3',
        "event 3 is not valid JSON",
    ),
    "config row is not JSON": ("UPDATE tables SET config = '[' WHERE id = ?", "config"),
    "a missing event row": (
        "DELETE FROM events WHERE table_id = ? AND version = 3",
        "event 3 is missing",
    ),
}


@pytest.mark.parametrize(("statement", "reason"), SQL_CORRUPTIONS.values(), ids=SQL_CORRUPTIONS)
def test_broken_sqlite_rows_quarantine_their_table_only(
    tmp_path: Path, statement: str, reason: str, caplog: pytest.LogCaptureFixture
) -> None:
    good, bad = two_tables(SqliteStorage(tmp_path))
    database = tmp_path / DB_NAME
    _sql(database, statement, bad)
    before = _rows(database)
    with (
        caplog.at_level(logging.WARNING, "rami.server"),
        serve(SqliteStorage(tmp_path), bot_delay=60.0) as app,
    ):
        serves(app, good)
        unavailable(app, bad)
    assert reason in quarantined_once(caplog, bad)
    assert _rows(database) == before, "a quarantined table is kept as it was"


def check(data: Path) -> tuple[int, str]:
    result = CliRunner().invoke(build_app(), ["serve", "--check", "--data", str(data)])
    return result.exit_code, result.output


def test_serve_check_lists_each_broken_table_and_exits_non_zero(tmp_path: Path) -> None:
    good, bad = two_tables(SqliteStorage(tmp_path))
    assert check(tmp_path) == (0, "2 tables stored, 2 restore, 0 broken\n")
    database = tmp_path / DB_NAME
    _sql(database, "DELETE FROM events WHERE table_id = ? AND version = 2", bad)
    before = _rows(database)
    code, output = check(tmp_path)
    assert code == 1
    assert f"BROKEN {bad}: event 2 is missing" in output and good not in output
    assert "2 tables stored, 1 restore, 1 broken" in output
    assert _rows(database) == before
    assert check(tmp_path / "elsewhere")[0] == 1, "no store is not a healthy store"


class FailingStorage(MemoryStorage):
    """A store whose writes fail the way SQLAlchemy reports it, once armed."""

    armed = False

    async def append(self, table_id: str, version: int, event: dict[str, Any]) -> None:
        if self.armed:
            raise StorageError("(sqlite3.OperationalError) disk I/O error [SQL: INSERT INTO x]")
        await super().append(table_id, version, event)


def test_storage_failed_tells_the_player_plainly_and_logs_the_cause(
    caplog: pytest.LogCaptureFixture,
) -> None:
    storage = FailingStorage()
    with caplog.at_level(logging.ERROR, "rami.server"), serve(storage, bot_delay=60.0) as app:
        table_id, token = create(app, preset="rami40", seats=2, bots=["random"])
        with app.websocket_connect(f"/ws/{table_id}") as ws:
            host = Player(ws)
            host.hello(token)
            host.wait_version(host.reply(type="start")[-1]["version"])
            storage.armed = True
            got = host.reply(type="act", action="draw stock", version=host.version)
        error = next(m for m in got if m["type"] == "error")
        assert error["code"] == "storage_failed"
        assert "sqlite" not in error["message"].lower() and "SQL" not in error["message"]
        assert got[-1]["type"] == "state" and got[-1]["version"] == 2
    assert any("disk I/O error" in r.getMessage() for r in caplog.records)


def test_a_start_the_engine_cannot_deal_is_refused_and_stores_nothing(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def crash(*_args: object) -> None:
        raise ZeroDivisionError("the deal failed")

    storage = MemoryStorage()
    with caplog.at_level(logging.ERROR, "rami.server"), serve(storage) as app:
        table_id, token = create(app, preset="rami40", seats=2, bots=["random"])
        with app.websocket_connect(f"/ws/{table_id}") as ws:
            host = Player(ws)
            host.hello(token)
            monkeypatch.setattr("rami.server.tables.rules.new_match", crash)
            got = host.reply(type="start")
            assert [m["code"] for m in got if m["type"] == "error"] == ["cannot_apply"]
            assert got[-1]["type"] == "state" and got[-1]["table"]["status"] == "waiting"
            monkeypatch.undo()
            assert host.reply(type="start")[-1] == {"type": "ack", "version": 2}
    assert [e["type"] for e in storage.tables[table_id].events] == ["join", "start"]
    assert any(r.exc_info and r.exc_info[0] is ZeroDivisionError for r in caplog.records)


def test_a_refusal_is_a_rami_error_with_a_code_and_a_message() -> None:
    refusal = Refusal("seat_taken", "that seat is taken")
    assert isinstance(refusal, RamiError)
    assert (refusal.code, refusal.message) == ("seat_taken", "that seat is taken")
