"""How an account is told it is its turn: ``account_preferences.sound``, ``vibrate`` and
``notify`` (:mod:`rami.accounts.preferences`), ``off`` until changed."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

COLUMNS = ("sound", "vibrate", "notify")


def upgrade() -> None:
    """Add the three switches, ``off`` for the rows already there."""
    with op.batch_alter_table("account_preferences") as batch:
        for name in COLUMNS:
            batch.add_column(sa.Column(name, sa.String(8), nullable=False, server_default="off"))


def downgrade() -> None:
    """Drop the three switches."""
    with op.batch_alter_table("account_preferences") as batch:
        for name in reversed(COLUMNS):
            batch.drop_column(name)
