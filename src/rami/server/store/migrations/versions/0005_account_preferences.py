"""How each account sees the cards: ``account_preferences`` (:mod:`rami.accounts.preferences`)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``account_preferences``, one row per account that changed a preference."""
    op.create_table(
        "account_preferences",
        sa.Column(
            "account_id",
            sa.Integer,
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("theme", sa.String(16), nullable=False),
        sa.Column("deck", sa.String(16), nullable=False),
        sa.Column("hand", sa.String(8), nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Drop ``account_preferences``."""
    op.drop_table("account_preferences")
