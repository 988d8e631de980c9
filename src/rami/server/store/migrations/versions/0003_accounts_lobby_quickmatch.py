"""Accounts and ratings (:mod:`rami.accounts.schema`), the lobby's columns, quick-match tickets."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def _account() -> sa.ForeignKey:
    return sa.ForeignKey("accounts.id", ondelete="CASCADE")


def _accounts() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("name_key", sa.String(32), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("language", sa.String(16), nullable=True),
        sa.Column("card_size", sa.String(16), nullable=False),
    )
    op.create_table(
        "account_sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, _account(), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_index("account_sessions_account", "account_sessions", ["account_id"])
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.Integer, _account(), primary_key=True),
        sa.Column("family", sa.String(16), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_index("ratings_family", "ratings", ["family"])
    op.create_table(
        "games",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_key", sa.String(96), nullable=False, unique=True),
        sa.Column("table_id", sa.String(64), nullable=False),
        sa.Column("preset", sa.String(32), nullable=False),
        sa.Column("family", sa.String(16), nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("finished", sa.Float, nullable=False),
    )
    op.create_table(
        "game_players",
        sa.Column(
            "game_id",
            sa.Integer,
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column(
            "account_id",
            sa.Integer,
            sa.ForeignKey("accounts.id", ondelete="SET NULL"),
            nullable=True,
        ),
        sa.Column("bot", sa.String(16), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("total", sa.Integer, nullable=False),
        sa.Column("rounds_played", sa.Integer, nullable=False),
        sa.Column("rounds_won", sa.Integer, nullable=False),
        sa.Column("penalty_total", sa.Integer, nullable=False),
        sa.Column("opened_rounds", sa.Integer, nullable=False),
        sa.Column("opening_turn_total", sa.Integer, nullable=False),
        sa.Column("rami_sec", sa.Integer, nullable=False),
    )
    op.create_index("game_players_account", "game_players", ["account_id"])
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.Integer, _account(), nullable=False),
        sa.Column("family", sa.String(16), nullable=False),
        sa.Column(
            "game_id", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.UniqueConstraint("account_id", "game_id", name="rating_history_once"),
    )
    op.create_index("rating_history_account", "rating_history", ["account_id", "family"])
    op.create_table(
        "server_secrets",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )


def _lobby() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("public", sa.Boolean, nullable=False, server_default="0"))
        batch.add_column(sa.Column("rated", sa.Boolean, nullable=False, server_default="0"))
        batch.add_column(sa.Column("preset", sa.String(40), nullable=False, server_default=""))
        batch.add_column(sa.Column("seats", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("taken", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("players", sa.Text, nullable=False, server_default="[]"))
        batch.add_column(sa.Column("round", sa.Integer, nullable=False, server_default="0"))
        batch.create_index("tables_public", ["public", "status"])
    op.create_table(
        "quickmatch",
        sa.Column("ticket", sa.String(32), primary_key=True),
        sa.Column("account_id", sa.Integer, nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("preset", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("bots_after", sa.Integer, nullable=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("seat", sa.Integer, nullable=True),
    )
    op.create_index("ix_quickmatch_account_id", "quickmatch", ["account_id"])
    op.create_index("quickmatch_waiting", "quickmatch", ["status", "preset", "players", "created"])


def upgrade() -> None:
    """Create the accounts tables and the quick-match tickets; add the lobby's columns."""
    _accounts()
    _lobby()


def downgrade() -> None:
    """Drop what :func:`upgrade` made."""
    op.drop_table("quickmatch")
    with op.batch_alter_table("tables") as batch:
        batch.drop_index("tables_public")
        for column in ("round", "players", "taken", "seats", "preset", "rated", "public"):
            batch.drop_column(column)
    for table in (
        "server_secrets",
        "rating_history",
        "game_players",
        "games",
        "ratings",
        "account_sessions",
        "accounts",
    ):
        op.drop_table(table)
