"""The schema is managed by migrations, on the embedded SQLite file and on PostgreSQL."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from sqlalchemy import create_engine, insert, inspect, select, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from typer.testing import CliRunner

from rami.accounts import AccountStore
from rami.cli import build_app
from rami.server.store.database import (
    current_revision,
    head_revision,
    make_engine,
    revision_at,
    sqlite_url,
    upgrade,
    upgrade_url,
)
from rami.server.store.schema import events_t, tables_t
from services import postgres_database


def test_upgrade_creates_the_schema_on_a_new_sqlite_file(tmp_path: Path) -> None:
    engine = make_engine(sqlite_url(tmp_path))
    assert current_revision(engine) is None
    assert upgrade(engine) == head_revision()
    assert {"tables", "events"} <= set(inspect(engine).get_table_names())
    assert current_revision(engine) == head_revision()
    assert upgrade(engine) == head_revision()  # a second upgrade changes nothing
    engine.dispose()


LEGACY_SCHEMA = (
    "CREATE TABLE tables (id VARCHAR(32) PRIMARY KEY, created FLOAT NOT NULL,"
    " config TEXT NOT NULL, secret TEXT NOT NULL)",
    "CREATE TABLE events (table_id VARCHAR(32), version INTEGER, payload TEXT NOT NULL,"
    " PRIMARY KEY (table_id, version))",
)


def test_a_database_from_before_migrations_keeps_its_rows(tmp_path: Path) -> None:
    legacy = create_engine(sqlite_url(tmp_path))
    with legacy.begin() as connection:  # the tables as the server made them before migrations
        for statement in LEGACY_SCHEMA:
            connection.execute(text(statement))
        connection.execute(text("INSERT INTO tables VALUES ('t1', 1.0, '{}', '{}')"))
        connection.execute(text("INSERT INTO events VALUES ('t1', 1, '{}')"))
    legacy.dispose()
    engine = make_engine(sqlite_url(tmp_path))
    upgrade(engine)
    with engine.connect() as connection:
        assert connection.execute(select(tables_t.c.id)).scalars().all() == ["t1"]
        assert connection.execute(select(events_t.c.version)).scalars().all() == [1]
        assert connection.execute(select(tables_t.c.status, tables_t.c.epoch)).all() == [
            ("waiting", 0)
        ]
    assert current_revision(engine) == head_revision()
    engine.dispose()


def test_upgrade_on_postgresql_and_the_version_key_fences_writers() -> None:
    with postgres_database() as url:
        engine = make_engine(url)
        try:
            upgrade(engine)
            assert engine.dialect.name == "postgresql"
            row = {"id": "t1", "created": 1.0, "config": "{}", "secret": "{}"}
            event = {"table_id": "t1", "version": 1, "payload": "{}"}
            with engine.begin() as connection:
                connection.execute(insert(tables_t), row)
                connection.execute(insert(events_t), event)
            with pytest.raises(IntegrityError), engine.begin() as connection:
                connection.execute(insert(events_t), event)  # a second writer of version 1
            assert current_revision(engine) == head_revision()
        finally:
            engine.dispose()


def test_rami_db_upgrade_and_current(tmp_path: Path) -> None:
    runner = CliRunner()
    app = build_app()
    result = runner.invoke(app, ["db", "current", "--data", str(tmp_path)])
    assert result.exit_code == 0 and "revision none" in result.output
    result = runner.invoke(app, ["db", "upgrade", "--data", str(tmp_path)])
    assert result.exit_code == 0 and head_revision() in result.output
    result = runner.invoke(app, ["db", "current", "--data", str(tmp_path)])
    assert f"revision {head_revision()} " in result.output


def _schema_differences(engine: Engine) -> list[object]:
    """What the migrated database lacks against the schemas the code reads and writes."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from rami.accounts.schema import metadata as accounts_metadata
    from rami.server.store.friends_schema import metadata as friends_metadata
    from rami.server.store.push_schema import metadata as push_metadata
    from rami.server.store.schema import metadata as server_metadata
    from rami.server.store.tournament_schema import metadata as tournament_metadata

    differences: list[object] = []
    with engine.connect() as connection:
        context = MigrationContext.configure(connection)
        metadatas = (
            server_metadata,
            accounts_metadata,
            tournament_metadata,
            friends_metadata,
            push_metadata,
        )
        for metadata in metadatas:
            found = compare_metadata(context, metadata)
            names = set(metadata.tables)
            differences += [d for d in found if _concerns(d, names)]
    return differences


def _concerns(difference: object, names: set[str]) -> bool:
    """True when an autogenerate difference is about one of ``names`` (and not a table of the
    other schema seen as extra)."""
    item = difference[-1] if isinstance(difference, list) else difference
    if not isinstance(item, tuple):
        return True
    kind = item[0]
    if kind == "remove_table":
        return str(item[1].name) in names
    if kind in ("remove_index", "remove_constraint"):
        return str(item[1].table.name) in names
    return True


def test_the_migrations_create_the_accounts_and_lobby_schema_on_sqlite(tmp_path: Path) -> None:
    engine = make_engine(sqlite_url(tmp_path))
    upgrade(engine)
    names = set(inspect(engine).get_table_names())
    assert {"accounts", "account_sessions", "ratings", "games", "quickmatch"} <= names
    assert _schema_differences(engine) == []
    engine.dispose()
    store = AccountStore(sqlite_url(tmp_path), create=False)
    try:
        account = store.create_account("Ana", "hash")
        assert store.account_named("ana") == account
    finally:
        store.close()


def test_the_migrations_create_the_accounts_and_lobby_schema_on_postgresql() -> None:
    with postgres_database() as url:
        assert upgrade_url(url) == head_revision()
        engine = make_engine(url)
        try:
            assert _schema_differences(engine) == []
        finally:
            engine.dispose()
        store = AccountStore(url, create=False)
        try:
            assert store.create_account("Ana", "hash").name == "Ana"
            assert len(store.secret()) == 32
        finally:
            store.close()


def test_processes_upgrading_a_new_postgresql_database_at_once_all_succeed() -> None:
    with postgres_database() as url, ThreadPoolExecutor(4) as pool:
        revisions = list(pool.map(upgrade_url, [url] * 4))
        assert revisions == [head_revision()] * 4
        assert revision_at(url) == head_revision()
