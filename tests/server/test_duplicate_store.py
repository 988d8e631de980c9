"""Revision 0006 makes the Daily Duplicate's tables as the code reads them; a table's bot seed."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import insert, inspect
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from rami.rules import PRESETS
from rami.server.store.database import make_engine, sqlite_url, upgrade
from rami.server.store.duplicate_schema import duplicate_entries_t, metadata
from rami.server.tables.config import TableConfig
from services import postgres_database

ENTRY = {
    "day": "2027-03-14",
    "kind": "rami51-2p",
    "number": 1,
    "account_id": 7,
    "name": "Ana",
    "seat": 0,
    "table_id": "ddabc",
    "started": 1.0,
}


def _check(engine: Engine) -> None:
    upgrade(engine)
    found = inspect(engine)
    for table in metadata.tables.values():
        columns = {c["name"]: c["nullable"] for c in found.get_columns(table.name)}
        assert columns == {c.name: c.nullable for c in table.columns}, table.name
        assert found.get_pk_constraint(table.name)["constrained_columns"] == [
            c.name for c in table.primary_key.columns
        ]
    with engine.begin() as connection:
        connection.execute(insert(duplicate_entries_t), ENTRY)
    with pytest.raises(IntegrityError), engine.begin() as connection:  # the same deal again
        connection.execute(insert(duplicate_entries_t), {**ENTRY, "table_id": "ddother"})


def test_sqlite_has_the_duplicate_tables_and_one_entry_per_deal(tmp_path: Path) -> None:
    engine = make_engine(sqlite_url(tmp_path))
    _check(engine)
    engine.dispose()


def test_postgresql_has_the_duplicate_tables_and_one_entry_per_deal() -> None:
    with postgres_database() as url:
        engine = make_engine(url)
        try:
            _check(engine)
        finally:
            engine.dispose()


def test_a_tables_bot_seed_is_stored_only_when_it_has_one() -> None:
    plain = TableConfig(PRESETS["rami51"], (None, "hard"))
    assert "bot_seed" not in plain.to_json()  # ordinary tables keep their stored form
    seeded = TableConfig(PRESETS["rami51"], (None, "hard"), bot_seed="abc")
    assert TableConfig.from_json(seeded.to_json()) == seeded
    with pytest.raises(ValueError, match="bot_seed"):
        TableConfig.from_json({**seeded.to_json(), "bot_seed": 5})
