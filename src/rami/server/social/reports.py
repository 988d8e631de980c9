"""Reports: a logged-in player reports another with a reason, from a profile, a table (its
players list) or a chat line; moderators read the open ones in a queue.

A report from a table carries the table's game record (the finished rounds, as
``GET /api/tables/{id}/record`` gives it); one from a chat line also the line as the table kept
it (never as the reporter retyped it). Refusals: 400 ``unknown_reason``/``report_self``/
``bad_note``, 404 ``no_such_account``; the rate limit (429 ``too_many_reports``) is counted
by the caller in the shared budgets.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.orm import aliased

from rami.accounts import AccountStore
from rami.accounts.schema import accounts_t
from rami.server.social.moderation import SafetyRefusal, account_id_of
from rami.server.store.safety_schema import reports_t
from rami.server.tables.identity import Identity

REASONS = ("cheating", "abusive_chat", "leaving", "name")
"""Cheating or collusion, abusive chat, leaving games, an offensive name."""
NOTE_MAX = 500
QUEUE_SHOWN = 100
REPORTS_PER_HOUR = 10
"""Reports one account may file in an hour (a shared budget)."""


@dataclass(frozen=True, slots=True)
class Report:
    """What a player reports: whom, why, from where and what is attached."""

    name: str
    reason: str
    note: str = ""
    source: str = "profile"
    """``profile``, ``table`` or ``chat``."""
    table_id: str | None = None
    line: dict[str, Any] | None = None
    record: str | None = None


def check(report: Report) -> None:
    """Refuse an unknown reason or an overlong note (before anything is counted)."""
    if report.reason not in REASONS:
        raise SafetyRefusal(400, "unknown_reason", f"a reason is one of {', '.join(REASONS)}")
    if len(report.note) > NOTE_MAX:
        raise SafetyRefusal(400, "bad_note", f"a note has at most {NOTE_MAX} characters")


class Reports:
    """The reports in the accounts' database (synchronous: run on the store's threads)."""

    def __init__(self, store: AccountStore) -> None:
        self.store, self.engine = store, store.engine

    def file(self, reporter: Identity, report: Report) -> int:
        """Keep ``report`` by ``reporter``; the report's id."""
        check(report)
        with self.engine.begin() as conn:
            reported, _ = account_id_of(conn, report.name)
            if reported == reporter.account_id:
                raise SafetyRefusal(400, "report_self", "you cannot report yourself")
            row = {
                "reporter_id": reporter.account_id,
                "reported_id": reported,
                "reason": report.reason,
                "note": " ".join(report.note.split()),
                "source": report.source,
                "table_id": report.table_id,
                "line": None if report.line is None else json.dumps(report.line),
                "record": report.record,
                "created": self.store.clock(),
                "status": "open",
            }
            return int(conn.execute(insert(reports_t).returning(reports_t.c.id), row).scalar_one())

    def queue(self, limit: int = QUEUE_SHOWN) -> list[dict[str, Any]]:
        """The open reports, oldest first, with both names and what is attached."""
        by, about = aliased(accounts_t), aliased(accounts_t)
        r = reports_t.c
        query = (
            select(reports_t, by.c.name.label("reporter"), about.c.name.label("reported"))
            .join(by, by.c.id == r.reporter_id)
            .join(about, about.c.id == r.reported_id)
            .where(r.status == "open")
            .order_by(r.created, r.id)
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [
                {
                    "id": row.id,
                    "reporter": row.reporter,
                    "reported": row.reported,
                    "reason": row.reason,
                    "note": row.note,
                    "source": row.source,
                    "table": row.table_id,
                    "line": None if row.line is None else json.loads(row.line),
                    "record": row.record,
                    "created": row.created,
                }
                for row in conn.execute(query)
            ]
