"""The database schema of the server, one for SQLite and PostgreSQL.

Alembic migrations in :mod:`rami.server.migrations` create and change it; this module is the
shape the code reads and writes. A table is one row (configuration and private seed) and
grows by one event row per version; the primary key ``(table_id, version)`` fences writers,
so two writers can never both store the same version of a table. ``status`` (waiting,
playing, finished) lets the server find live tables without replaying them; ``epoch`` is the
fencing epoch of the table's current owner process.
"""

from __future__ import annotations

from sqlalchemy import Column, Float, Integer, MetaData, String, Table, Text

metadata = MetaData()

tables_t = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("created", Float, nullable=False),
    Column("config", Text, nullable=False),
    Column("secret", Text, nullable=False),
    Column("status", String(16), nullable=False, server_default="waiting", index=True),
    Column("epoch", Integer, nullable=False, server_default="0"),
)

events_t = Table(
    "events",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("version", Integer, primary_key=True),
    Column("payload", Text, nullable=False),
)
