"""The safety tables (revision 0011 creates them): blocks, reports, sanctions, roles, audit.

``blocks`` holds who blocks whom (either direction keeps two players apart in quick match; the
blocked player's chat does not reach the blocker). ``reports`` one row per report, with the
quoted chat line and the game record attached when it came from a table; ``sanctions`` an
account's mute and rated-play ban (a closed account is marked in ``accounts.closed``);
``account_roles`` the moderators; ``audit_log`` every moderator action (who, when, what, why).
"""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Float, Index, Integer, MetaData, String, Table, Text

metadata = MetaData()

blocks_t = Table(
    "blocks",
    metadata,
    Column("blocker_id", Integer, primary_key=True),
    Column("blocked_id", Integer, primary_key=True),
    Column("created", Float, nullable=False),
    Index("blocks_blocked", "blocked_id"),
)

reports_t = Table(
    "reports",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("reporter_id", Integer, nullable=False),
    Column("reported_id", Integer, nullable=False),
    Column("reason", String(16), nullable=False),
    Column("note", String(500), nullable=False, server_default=""),
    Column("source", String(16), nullable=False),
    Column("table_id", String(32), nullable=True),
    Column("line", Text, nullable=True),
    Column("record", Text, nullable=True),
    Column("created", Float, nullable=False),
    Column("status", String(16), nullable=False, server_default="open"),
    Index("reports_open", "status", "created"),
)

sanctions_t = Table(
    "sanctions",
    metadata,
    Column("account_id", Integer, primary_key=True),
    Column("muted_until", Float, nullable=True),
    Column("rated_ban", Boolean, nullable=False, server_default="0"),
)

roles_t = Table(
    "account_roles",
    metadata,
    Column("account_id", Integer, primary_key=True),
    Column("role", String(16), primary_key=True),
    Column("granted", Float, nullable=False),
)

audit_t = Table(
    "audit_log",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("at", Float, nullable=False),
    Column("moderator_id", Integer, nullable=True),
    Column("moderator", String(64), nullable=False),
    Column("account_id", Integer, nullable=False),
    Column("account", String(64), nullable=False),
    Column("action", String(16), nullable=False),
    Column("reason", String(500), nullable=False),
    Column("minutes", Integer, nullable=True),
    Column("report_id", Integer, nullable=True),
    Index("audit_log_at", "at"),
)
