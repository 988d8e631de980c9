"""The database schema of the server, one for SQLite and PostgreSQL.

Alembic migrations in :mod:`rami.server.migrations` create and change it; this module is the
shape the code reads and writes. A table is one row (configuration and private seed) and
grows by one event row per version; the primary key ``(table_id, version)`` fences writers,
so two writers can never both store the same version of a table.
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
)

events_t = Table(
    "events",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("version", Integer, primary_key=True),
    Column("payload", Text, nullable=False),
)
