"""Safety: blocks, reports, sanctions, moderator roles, the audit log; ``game_players.left``
and ``accounts.closed``."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the safety tables and mark the seats of rated matches their player left."""
    op.create_table(
        "blocks",
        sa.Column("blocker_id", sa.Integer, primary_key=True),
        sa.Column("blocked_id", sa.Integer, primary_key=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("blocks_blocked", "blocks", ["blocked_id"])
    op.create_table(
        "reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("reporter_id", sa.Integer, nullable=False),
        sa.Column("reported_id", sa.Integer, nullable=False),
        sa.Column("reason", sa.String(16), nullable=False),
        sa.Column("note", sa.String(500), nullable=False, server_default=""),
        sa.Column("source", sa.String(16), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("line", sa.Text, nullable=True),
        sa.Column("record", sa.Text, nullable=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("status", sa.String(16), nullable=False, server_default="open"),
    )
    op.create_index("reports_open", "reports", ["status", "created"])
    op.create_table(
        "sanctions",
        sa.Column("account_id", sa.Integer, primary_key=True),
        sa.Column("muted_until", sa.Float, nullable=True),
        sa.Column("rated_ban", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_table(
        "account_roles",
        sa.Column("account_id", sa.Integer, primary_key=True),
        sa.Column("role", sa.String(16), primary_key=True),
        sa.Column("granted", sa.Float, nullable=False),
    )
    op.create_table(
        "audit_log",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("moderator_id", sa.Integer, nullable=True),
        sa.Column("moderator", sa.String(64), nullable=False),
        sa.Column("account_id", sa.Integer, nullable=False),
        sa.Column("account", sa.String(64), nullable=False),
        sa.Column("action", sa.String(16), nullable=False),
        sa.Column("reason", sa.String(500), nullable=False),
        sa.Column("minutes", sa.Integer, nullable=True),
        sa.Column("report_id", sa.Integer, nullable=True),
    )
    op.create_index("audit_log_at", "audit_log", ["at"])
    with op.batch_alter_table("game_players") as batch:
        batch.add_column(sa.Column("left", sa.Boolean, nullable=False, server_default=sa.false()))
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("closed", sa.Float, nullable=True))


def downgrade() -> None:
    """Drop them."""
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("closed")
    with op.batch_alter_table("game_players") as batch:
        batch.drop_column("left")
    for name in ("audit_log", "account_roles", "sanctions", "reports", "blocks"):
        op.drop_table(name)
