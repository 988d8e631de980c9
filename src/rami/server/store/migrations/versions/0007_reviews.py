"""Reviews: one row per (table, seat, budget, round, language), its report once computed."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the reviews table."""
    op.create_table(
        "reviews",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("budget_name", sa.String(16), nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("account_id", sa.Integer, nullable=True),
        sa.Column("player_id", sa.Integer, nullable=True),
        sa.Column("day", sa.String(10), nullable=False),
        sa.Column("requested", sa.Float, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("record", sa.Text, nullable=False),
        sa.Column("budget", sa.Text, nullable=False),
        sa.Column("report", sa.Text, nullable=True),
        sa.Column("error", sa.Text, nullable=True),
        sa.Column("finished", sa.Float, nullable=True),
        sa.UniqueConstraint(
            "table_id", "seat", "budget_name", "round", "lang", name="reviews_once"
        ),
    )
    op.create_index("reviews_account_day", "reviews", ["account_id", "day"])
    op.create_index("reviews_status", "reviews", ["status"])
    op.create_index("reviews_player", "reviews", ["player_id", "status"])


def downgrade() -> None:
    """Drop it."""
    op.drop_table("reviews")
