"""Database engines and migrations: the embedded SQLite file or a shared PostgreSQL.

``rami serve`` on the embedded default upgrades its SQLite file when it starts; a shared
PostgreSQL is upgraded by ``rami db upgrade --database URL`` before the processes start.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, event, inspect, text
from sqlalchemy.engine import Engine, make_url

DB_NAME = "rami.sqlite3"
FIRST_REVISION = "0001"
"""The revision whose tables existed before the schema had migrations."""
MIGRATION_LOCK = 0x72616D69
"""The PostgreSQL advisory lock a schema upgrade holds (processes upgrading at once wait)."""


def sqlite_url(data_dir: Path) -> str:
    """The URL of the embedded database in ``data_dir`` (created when missing)."""
    data_dir.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{data_dir / DB_NAME}"


def normalized_url(url: str) -> str:
    """``url`` with the driver this project uses (``postgresql://`` means psycopg 3)."""
    parsed = make_url(url)
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed.render_as_string(hide_password=False)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def make_engine(url: str) -> Engine:
    """An engine on ``url``; SQLite runs in WAL mode with ``synchronous=NORMAL``."""
    engine = create_engine(normalized_url(url), pool_pre_ping=True)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(files("rami.server.store") / "migrations"))
    return config


def head_revision() -> str:
    """The newest revision of the schema."""
    head = ScriptDirectory.from_config(_config()).get_current_head()
    assert head is not None
    return head


def current_revision(engine: Engine) -> str | None:
    """The revision the database is at (None: never migrated)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine) -> str:
    """Bring the database to the newest revision; returns it.

    A database made before the schema had migrations (its tables exist, no revision is
    recorded) is stamped at the first revision and upgraded from there.
    """
    config = _config()
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":  # processes starting at once take turns
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        unmanaged = "tables" in inspect(connection).get_table_names()
        if unmanaged and MigrationContext.configure(connection).get_current_revision() is None:
            command.stamp(config, FIRST_REVISION)
        command.upgrade(config, "head")
    return head_revision()


def upgrade_url(url: str) -> str:
    """:func:`upgrade` the database at ``url`` on an engine of its own; returns the revision."""
    engine = make_engine(url)
    try:
        return upgrade(engine)
    finally:
        engine.dispose()


def revision_at(url: str) -> str | None:
    """:func:`current_revision` of the database at ``url``."""
    engine = make_engine(url)
    try:
        return current_revision(engine)
    finally:
        engine.dispose()
