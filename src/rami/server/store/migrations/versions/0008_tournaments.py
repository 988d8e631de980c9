"""Tournaments: the tournaments, their entries and every round's boards."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the tournament tables."""
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("host", sa.String(64), nullable=False),
        sa.Column("preset", sa.String(32), nullable=False),
        sa.Column("format", sa.String(8), nullable=False),
        sa.Column("per_table", sa.Integer, nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("start", sa.Float, nullable=False),
        sa.Column("duration", sa.Float, nullable=True),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("duplicate", sa.Boolean, nullable=False),
        sa.Column("twins", sa.Boolean, nullable=False),
        sa.Column("seed", sa.String(64), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "tournament_entries",
        sa.Column("tournament_id", sa.String(32), primary_key=True),
        sa.Column("player", sa.String(64), primary_key=True),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("joined", sa.Float, nullable=False),
        sa.Column("withdrawn", sa.Float, nullable=True),
    )
    op.create_table(
        "tournament_boards",
        sa.Column("tournament_id", sa.String(32), primary_key=True),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("board", sa.Integer, primary_key=True),
        sa.Column("pairing", sa.Integer, nullable=False),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("seed", sa.String(64), nullable=False),
        sa.Column("twin", sa.Boolean, nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("result", sa.Text, nullable=True),
    )


def downgrade() -> None:
    """Drop the tournament tables."""
    op.drop_table("tournament_boards")
    op.drop_table("tournament_entries")
    op.drop_table("tournaments")
