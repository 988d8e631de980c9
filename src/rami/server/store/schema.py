"""The database schema of the server, one for SQLite and PostgreSQL.

Alembic migrations in :mod:`rami.server.store.migrations` create and change it; this module is the
shape the code reads and writes. A table is one row (configuration and private seed) and
grows by one event row per version; the primary key ``(table_id, version)`` fences writers,
so two writers can never both store the same version of a table. ``status`` (waiting,
playing, finished) lets the server find live tables without replaying them; ``epoch`` is the
fencing epoch of the table's current owner process. ``public``, ``rated``, ``preset``,
``seats``, ``taken``, ``players`` (a JSON list of the taken seats' names) and ``round`` are
what ``GET /api/lobby`` lists, kept up to date by the table's owner. ``quickmatch`` holds the
tickets of players waiting for a quick match. The accounts tables (:mod:`rami.accounts.schema`)
live in the same database; revision 0003 creates them.
"""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Float, Index, Integer, MetaData, String, Table, Text

metadata = MetaData()

tables_t = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("created", Float, nullable=False),
    Column("config", Text, nullable=False),
    Column("secret", Text, nullable=False),
    Column("status", String(16), nullable=False, server_default="waiting"),
    Column("epoch", Integer, nullable=False, server_default="0"),
    Column("public", Boolean, nullable=False, server_default="0"),
    Column("rated", Boolean, nullable=False, server_default="0"),
    Column("preset", String(40), nullable=False, server_default=""),
    Column("seats", Integer, nullable=False, server_default="0"),
    Column("taken", Integer, nullable=False, server_default="0"),
    Column("players", Text, nullable=False, server_default="[]"),
    Column("round", Integer, nullable=False, server_default="0"),
    Index("tables_by_status", "status"),
    Index("tables_public", "public", "status"),
)

events_t = Table(
    "events",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("version", Integer, primary_key=True),
    Column("payload", Text, nullable=False),
)

quickmatch_t = Table(
    "quickmatch",
    metadata,
    Column("ticket", String(32), primary_key=True),
    Column("account_id", Integer, nullable=False, index=True),
    Column("name", String(64), nullable=False),
    Column("preset", String(40), nullable=False),
    Column("players", Integer, nullable=False),
    Column("bots_after", Integer, nullable=True),
    Column("created", Float, nullable=False),
    Column("status", String(16), nullable=False),
    Column("table_id", String(32), nullable=True),
    Column("seat", Integer, nullable=True),
    Column("format", String(20), nullable=False, server_default="full"),
    Column("bot_level", String(20), nullable=False, server_default="medium"),
    Index("quickmatch_waiting", "status", "preset", "players", "created"),
)
"""One quick-match ticket: waiting (no table yet) or matched (its table and seat)."""
