"""Tournaments: ``tournaments.deals``, the number of deals each table plays (null: the
preset's whole match)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the column."""
    with op.batch_alter_table("tournaments") as batch:
        batch.add_column(sa.Column("deals", sa.Integer, nullable=True))


def downgrade() -> None:
    """Drop the column."""
    with op.batch_alter_table("tournaments") as batch:
        batch.drop_column("deals")
