"""The reviews table (revision 0007 creates it).

One row per review: a table's record reviewed for one seat, at one budget, in one language,
either one round (``round`` ≥ 1) or the whole match (``round`` 0). The unique key makes the
review computed once; ``record`` is the record as it was asked for, ``budget`` the budget's
counts as JSON (what the job computes with), ``report`` the review's JSON once ``done``.
``account_id`` and ``day`` (UTC) are who asked for it first, for the daily allowance;
``player_id`` the account that sat in the seat (its profile shows its accuracy over time).
"""

from __future__ import annotations

from sqlalchemy import (
    Column,
    Float,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

metadata = MetaData()

reviews_t = Table(
    "reviews",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("table_id", String(32), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("budget_name", String(16), nullable=False),
    Column("round", Integer, nullable=False),
    Column("lang", String(8), nullable=False),
    Column("account_id", Integer, nullable=True),
    Column("player_id", Integer, nullable=True),
    Column("day", String(10), nullable=False),
    Column("requested", Float, nullable=False),
    Column("status", String(16), nullable=False),
    Column("record", Text, nullable=False),
    Column("budget", Text, nullable=False),
    Column("report", Text, nullable=True),
    Column("error", Text, nullable=True),
    Column("finished", Float, nullable=True),
    UniqueConstraint("table_id", "seat", "budget_name", "round", "lang", name="reviews_once"),
    Index("reviews_account_day", "account_id", "day"),
    Index("reviews_status", "status"),
    Index("reviews_player", "player_id", "status"),
)
