"""Quick-match tickets name their match format and the bot level that fills their table."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``format`` (default ``full``) and ``bot_level`` (default ``medium``)."""
    with op.batch_alter_table("quickmatch") as batch:
        batch.add_column(sa.Column("format", sa.String(20), nullable=False, server_default="full"))
        batch.add_column(
            sa.Column("bot_level", sa.String(20), nullable=False, server_default="medium")
        )


def downgrade() -> None:
    """Drop the two columns."""
    with op.batch_alter_table("quickmatch") as batch:
        batch.drop_column("bot_level")
        batch.drop_column("format")
