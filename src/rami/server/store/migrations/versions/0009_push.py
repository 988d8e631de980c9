"""Web Push: the server's VAPID keys and the devices' push subscriptions."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``push_keys`` and ``push_subscriptions``."""
    op.create_table(
        "push_keys",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("private_pem", sa.Text, nullable=False),
        sa.Column("public_key", sa.String(128), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "push_subscriptions",
        sa.Column("endpoint", sa.String(1024), primary_key=True),
        sa.Column("account_id", sa.Integer, nullable=False),
        sa.Column("p256dh", sa.String(128), nullable=False),
        sa.Column("auth", sa.String(64), nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("ix_push_subscriptions_account_id", "push_subscriptions", ["account_id"])


def downgrade() -> None:
    """Drop the push tables."""
    op.drop_index("ix_push_subscriptions_account_id", "push_subscriptions")
    op.drop_table("push_subscriptions")
    op.drop_table("push_keys")
