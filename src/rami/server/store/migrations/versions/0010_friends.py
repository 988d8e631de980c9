"""Friends: follows, invitations to a table, presence."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the friends tables."""
    op.create_table(
        "follows",
        sa.Column("follower_id", sa.Integer, primary_key=True),
        sa.Column("followed_id", sa.Integer, primary_key=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("follows_followed", "follows", ["followed_id"])
    op.create_table(
        "invitations",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("from_id", sa.Integer, nullable=False),
        sa.Column("to_id", sa.Integer, nullable=False),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_index("invitations_to", "invitations", ["to_id", "expires"])
    op.create_table(
        "presence",
        sa.Column("account_id", sa.Integer, primary_key=True),
        sa.Column("seen", sa.Float, nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True),
    )


def downgrade() -> None:
    """Drop them."""
    for name in ("presence", "invitations", "follows"):
        op.drop_table(name)
