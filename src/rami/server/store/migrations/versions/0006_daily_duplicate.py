"""The Daily Duplicate: each edition's deals and each account's entries."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the deals and entries tables."""
    op.create_table(
        "duplicate_deals",
        sa.Column("day", sa.String(10), primary_key=True),
        sa.Column("kind", sa.String(24), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("seed", sa.Text, nullable=False),
        sa.Column("commitment", sa.String(64), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("par", sa.Integer, nullable=True),
    )
    op.create_table(
        "duplicate_entries",
        sa.Column("day", sa.String(10), primary_key=True),
        sa.Column("kind", sa.String(24), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("table_id", sa.String(32), nullable=False, unique=True),
        sa.Column("started", sa.Float, nullable=False),
        sa.Column("penalty", sa.Integer, nullable=True),
        sa.Column("finished", sa.Float, nullable=True),
    )
    op.create_index("duplicate_entries_account", "duplicate_entries", ["account_id", "day"])


def downgrade() -> None:
    """Drop them."""
    op.drop_table("duplicate_entries")
    op.drop_table("duplicate_deals")
