"""The Daily Duplicate's tables (revision 0004 creates them).

``duplicate_deals`` holds each edition's deals (day, kind, number) with their secret seed, the
published commitment and the par bot's penalty once computed; ``duplicate_entries`` one row per
account and deal, its primary key making a second play of a deal impossible, with the table it
is played at and its penalty once the round is over.
"""

from __future__ import annotations

from sqlalchemy import Column, Float, Index, Integer, MetaData, String, Table, Text

metadata = MetaData()

duplicate_deals_t = Table(
    "duplicate_deals",
    metadata,
    Column("day", String(10), primary_key=True),
    Column("kind", String(24), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("seed", Text, nullable=False),
    Column("commitment", String(64), nullable=False),
    Column("created", Float, nullable=False),
    Column("par", Integer, nullable=True),
)

duplicate_entries_t = Table(
    "duplicate_entries",
    metadata,
    Column("day", String(10), primary_key=True),
    Column("kind", String(24), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("account_id", Integer, primary_key=True),
    Column("name", String(64), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("table_id", String(32), nullable=False, unique=True),
    Column("started", Float, nullable=False),
    Column("penalty", Integer, nullable=True),
    Column("finished", Float, nullable=True),
    Index("duplicate_entries_account", "account_id", "day"),
)
