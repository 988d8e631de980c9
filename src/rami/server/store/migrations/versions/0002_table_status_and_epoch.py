"""A table's status (for listing live tables without replaying them) and its owner epoch."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``status`` (waiting, playing, finished) and ``epoch`` (the fencing epoch)."""
    with op.batch_alter_table("tables") as batch:
        batch.add_column(
            sa.Column("status", sa.String(16), nullable=False, server_default="waiting")
        )
        batch.add_column(sa.Column("epoch", sa.Integer, nullable=False, server_default="0"))
        batch.create_index("tables_by_status", ["status"])


def downgrade() -> None:
    """Drop both columns."""
    with op.batch_alter_table("tables") as batch:
        batch.drop_index("tables_by_status")
        batch.drop_column("epoch")
        batch.drop_column("status")
