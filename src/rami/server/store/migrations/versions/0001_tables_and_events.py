"""Tables and their events."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the tables and events tables."""
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("config", sa.Text, nullable=False),
        sa.Column("secret", sa.Text, nullable=False),
    )
    op.create_table(
        "events",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("version", sa.Integer, primary_key=True),
        sa.Column("payload", sa.Text, nullable=False),
    )


def downgrade() -> None:
    """Drop both tables."""
    op.drop_table("events")
    op.drop_table("tables")
