"""The accounts tables (SQLAlchemy Core, portable types for SQLite and PostgreSQL).

Times are seconds since the epoch (``Float``), like the tables store. The names do not clash
with the tables store's ``tables`` and ``events``, so both can share one database.
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    UniqueConstraint,
)

metadata = MetaData()

accounts_t = Table(
    "accounts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(32), nullable=False),
    Column("name_key", String(32), nullable=False, unique=True),
    Column("password_hash", String(255), nullable=False),
    Column("created", Float, nullable=False),
    Column("language", String(16), nullable=True),
    Column("card_size", String(16), nullable=False, default="medium"),
    Column("closed", Float, nullable=True),
)
"""One row per account; ``name_key`` is the case-folded name that makes names unique;
``closed`` the time a moderator closed it (no login, no session)."""

sessions_t = Table(
    "account_sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
    Index("account_sessions_account", "account_id"),
)
"""A live login; the token itself is never stored, only its SHA-256."""

ratings_t = Table(
    "ratings",
    metadata,
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    Column("family", String(16), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", Float, nullable=False),
    Index("ratings_family", "family"),
)
"""The current rating of an account in a preset family (no row: the default rating)."""

games_t = Table(
    "games",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_key", String(96), nullable=False, unique=True),
    Column("table_id", String(64), nullable=False),
    Column("preset", String(32), nullable=False),
    Column("family", String(16), nullable=False),
    Column("rated", Boolean, nullable=False),
    Column("rounds", Integer, nullable=False),
    Column("finished", Float, nullable=False),
)
"""A finished match; ``game_key`` is the caller's id for it (recording twice is a no-op)."""

game_players_t = Table(
    "game_players",
    metadata,
    Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True),
    Column("bot", String(16), nullable=True),
    Column("name", String(64), nullable=False),
    Column("place", Integer, nullable=False),
    Column("total", Integer, nullable=False),
    Column("rounds_played", Integer, nullable=False),
    Column("rounds_won", Integer, nullable=False),
    Column("penalty_total", Integer, nullable=False),
    Column("opened_rounds", Integer, nullable=False),
    Column("opening_turn_total", Integer, nullable=False),
    Column("rami_sec", Integer, nullable=False),
    Column("left", Boolean, nullable=False, default=False),
    Index("game_players_account", "account_id"),
)
"""One seat of a finished match with its statistics, as passed in by the table code; ``left``:
the match ended with the seat's person gone (see :class:`~rami.accounts.results.SeatResult`)."""

rating_history_t = Table(
    "rating_history",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
    Column("family", String(16), nullable=False),
    Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("at", Float, nullable=False),
    UniqueConstraint("account_id", "game_id", name="rating_history_once"),
    Index("rating_history_account", "account_id", "family"),
)
"""The rating an account had after each rated match."""

preferences_t = Table(
    "account_preferences",
    metadata,
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    Column("theme", String(16), nullable=False),
    Column("deck", String(16), nullable=False),
    Column("hand", String(8), nullable=False),
    Column("updated", Float, nullable=False),
    Column("sound", String(8), nullable=False, server_default="off"),
    Column("vibrate", String(8), nullable=False, server_default="off"),
    Column("notify", String(8), nullable=False, server_default="off"),
)
"""How an account sees the cards and is told of its turn (:mod:`rami.accounts.preferences`);
no row: the defaults."""

secrets_t = Table(
    "server_secrets",
    metadata,
    Column("name", String(32), primary_key=True),
    Column("value", String(128), nullable=False),
)
"""Secrets every server process shares (the cookie signing key), made on first use."""
