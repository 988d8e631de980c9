"""Moderators and what they do: roles, an account's standing (mute, rated ban) and actions,
each written to the audit log in the same transaction.

| Action | Effect |
|---|---|
| ``warn`` | nothing but the audit entry (the player is told on the moderator's behalf) |
| ``mute`` | chat refused (``chat_muted``) for ``minutes`` |
| ``unmute`` | the mute lifted |
| ``ban_rated`` | rated tables and quick match refused (``rated_banned``) |
| ``unban_rated`` | the ban lifted |
| ``close`` | the account closed: its sessions end, logging in is refused (``account_closed``) |
| ``dismiss`` | the report closed with no action on the account |

An action naming a report closes it. Refusals: 404 ``no_such_account``/``no_such_report``,
400 ``no_such_action``/``bad_minutes``/``bad_reason``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Connection

from rami.accounts import AccountStore
from rami.accounts.names import name_key
from rami.accounts.schema import accounts_t, sessions_t
from rami.server.store.safety_schema import audit_t, metadata, reports_t, roles_t, sanctions_t
from rami.server.tables.identity import Identity

ROLES = ("moderator",)
ACTIONS = ("warn", "mute", "unmute", "ban_rated", "unban_rated", "close", "dismiss")
MUTE_MINUTES = (1, 60 * 24 * 90)
"""The shortest and longest mute, in minutes."""
REASON_MAX = 500
AUDIT_SHOWN = 200


class SafetyRefusal(Exception):
    """A refused block, report or moderator request: status, stable code and message."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


@dataclass(frozen=True, slots=True)
class Standing:
    """What an account may do: muted until (epoch seconds, None: not muted), banned from rated
    play."""

    muted_until: float | None = None
    rated_ban: bool = False

    def muted(self, now: float) -> bool:
        """True while the mute lasts."""
        return self.muted_until is not None and now < self.muted_until


def account_id_of(conn: Connection, name: str) -> tuple[int, str]:
    """The id and spelling of the account ``name`` (any case); 404 ``no_such_account``."""
    key = accounts_t.c.name_key == name_key(name)
    query = select(accounts_t.c.id, accounts_t.c.name).where(key)
    row = conn.execute(query).first()
    if row is None:
        raise SafetyRefusal(404, "no_such_account", f"no account is called {name[:40]!r}")
    return int(row.id), str(row.name)


class Moderation:
    """Roles, standings, actions and the audit log in the accounts' database."""

    def __init__(self, store: AccountStore, create: bool = False) -> None:
        self.store, self.engine = store, store.engine
        if create:  # a database not made by the migrations (in-memory accounts)
            metadata.create_all(self.engine, checkfirst=True)

    def grant(self, name: str, role: str) -> str:
        """Give ``role`` to the account ``name``; its spelling (400 ``unknown_role``)."""
        return self._change_role(name, role, True)[0]

    def revoke(self, name: str, role: str) -> bool:
        """Take ``role`` from ``name``; False when it did not have it."""
        return self._change_role(name, role, False)[1]

    def _change_role(self, name: str, role: str, grant: bool) -> tuple[str, bool]:
        """The account's spelling and whether anything changed."""
        if role not in ROLES:
            raise SafetyRefusal(400, "unknown_role", f"a role is one of {', '.join(ROLES)}")
        with self.engine.begin() as conn:
            account_id, spelled = account_id_of(conn, name)
            mine = (roles_t.c.account_id == account_id, roles_t.c.role == role)
            had = conn.execute(select(roles_t).where(*mine)).first() is not None
            if grant and not had:
                row = {"account_id": account_id, "role": role, "granted": self.store.clock()}
                conn.execute(insert(roles_t), row)
            elif not grant and had:
                conn.execute(delete(roles_t).where(*mine))
        return spelled, had != grant

    def is_moderator(self, account_id: int) -> bool:
        """True when the account holds the moderator role."""
        query = select(roles_t.c.role).where(
            roles_t.c.account_id == account_id, roles_t.c.role == "moderator"
        )
        with self.engine.connect() as conn:
            return conn.execute(query).first() is not None

    def standing(self, account_id: int) -> Standing:
        """The account's mute and rated ban (no row: neither)."""
        query = select(sanctions_t).where(sanctions_t.c.account_id == account_id)
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        return Standing() if row is None else Standing(row.muted_until, bool(row.rated_ban))

    def act(
        self,
        moderator: Identity,
        name: str,
        action: str,
        reason: str,
        minutes: int | None = None,
        report: int | None = None,
    ) -> dict[str, Any]:
        """Do ``action`` to the account ``name`` and log it; the audit entry."""
        reason = " ".join(reason.split())
        _check(action, reason, minutes)
        now = self.store.clock()
        with self.engine.begin() as conn:
            account_id, spelled = account_id_of(conn, name)
            if report is not None:
                _close_report(conn, report, account_id)
            _apply(conn, account_id, action, now, minutes)
            entry = {
                "at": now,
                "moderator_id": moderator.account_id,
                "moderator": moderator.name,
                "account_id": account_id,
                "account": spelled,
                "action": action,
                "reason": reason,
                "minutes": minutes if action == "mute" else None,
                "report_id": report,
            }
            entry["id"] = conn.execute(insert(audit_t).returning(audit_t.c.id), entry).scalar_one()
        return _shown(entry)

    def audit(self, limit: int = AUDIT_SHOWN) -> list[dict[str, Any]]:
        """The newest entries of the audit log, newest first."""
        query = select(audit_t).order_by(audit_t.c.at.desc(), audit_t.c.id.desc()).limit(limit)
        with self.engine.connect() as conn:
            return [_shown(dict(row._mapping)) for row in conn.execute(query)]


def _check(action: str, reason: str, minutes: int | None) -> None:
    if action not in ACTIONS:
        raise SafetyRefusal(400, "no_such_action", f"an action is one of {', '.join(ACTIONS)}")
    if not 0 < len(reason) <= REASON_MAX:
        raise SafetyRefusal(400, "bad_reason", f"give a reason of 1 to {REASON_MAX} characters")
    low, high = MUTE_MINUTES
    if action == "mute" and (minutes is None or not low <= minutes <= high):
        raise SafetyRefusal(400, "bad_minutes", f"a mute lasts {low} to {high} minutes")


def _close_report(conn: Connection, report: int, account_id: int) -> None:
    statement = (
        update(reports_t)
        .where(reports_t.c.id == report, reports_t.c.reported_id == account_id)
        .values(status="closed")
    )
    if not conn.execute(statement).rowcount:
        raise SafetyRefusal(404, "no_such_report", "no such report about this account")


def _apply(conn: Connection, account_id: int, action: str, now: float, minutes: int | None) -> None:
    changes: dict[str, dict[str, Any]] = {
        "mute": {"muted_until": now + 60.0 * (minutes or 0)},
        "unmute": {"muted_until": None},
        "ban_rated": {"rated_ban": True},
        "unban_rated": {"rated_ban": False},
    }
    change = changes.get(action, {})
    if change:
        found = select(sanctions_t.c.account_id).where(sanctions_t.c.account_id == account_id)
        if conn.execute(found).first() is None:
            row = {"account_id": account_id, "muted_until": None, "rated_ban": False}
            conn.execute(insert(sanctions_t), {**row, **change})
        else:
            where = sanctions_t.c.account_id == account_id
            conn.execute(update(sanctions_t).where(where).values(**change))
    if action == "close":
        conn.execute(update(accounts_t).where(accounts_t.c.id == account_id).values(closed=now))
        conn.execute(delete(sessions_t).where(sessions_t.c.account_id == account_id))


def _shown(entry: dict[str, Any]) -> dict[str, Any]:
    keys = ("id", "at", "moderator", "account", "action", "reason", "minutes", "report_id")
    return {key: entry.get(key) for key in keys}
