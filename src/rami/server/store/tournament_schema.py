"""The tournament tables (revision 0008 creates them): tournaments, entries, boards.

``tournaments`` one row per tournament (its settings, secret seed, status and current round:
an arena counts its waves of pairings there; ``deals``, added by 0012, is the number of deals
each table plays, null for the preset's whole match);
``tournament_entries`` who joined and when they withdrew; ``tournament_boards`` every table of
every round: its pairing, seats (a JSON list), deal seed, the table it was played at and its
result (JSON: penalties by seat and the absent players; null while it is played).
"""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Float, Integer, MetaData, String, Table, Text

metadata = MetaData()

tournaments_t = Table(
    "tournaments",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(80), nullable=False),
    Column("host", String(64), nullable=False),
    Column("preset", String(32), nullable=False),
    Column("format", String(8), nullable=False),
    Column("per_table", Integer, nullable=False),
    Column("rounds", Integer, nullable=False),
    Column("start", Float, nullable=False),
    Column("duration", Float, nullable=True),
    Column("rated", Boolean, nullable=False),
    Column("duplicate", Boolean, nullable=False),
    Column("twins", Boolean, nullable=False),
    Column("seed", String(64), nullable=False),
    Column("status", String(16), nullable=False),
    Column("round", Integer, nullable=False),
    Column("created", Float, nullable=False),
    Column("deals", Integer, nullable=True),
)

entries_t = Table(
    "tournament_entries",
    metadata,
    Column("tournament_id", String(32), primary_key=True),
    Column("player", String(64), primary_key=True),
    Column("position", Integer, nullable=False),
    Column("joined", Float, nullable=False),
    Column("withdrawn", Float, nullable=True),
)

boards_t = Table(
    "tournament_boards",
    metadata,
    Column("tournament_id", String(32), primary_key=True),
    Column("round", Integer, primary_key=True),
    Column("board", Integer, primary_key=True),
    Column("pairing", Integer, nullable=False),
    Column("seats", Text, nullable=False),
    Column("seed", String(64), nullable=False),
    Column("twin", Boolean, nullable=False),
    Column("table_id", String(32), nullable=True),
    Column("result", Text, nullable=True),
)
