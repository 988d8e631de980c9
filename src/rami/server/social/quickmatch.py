"""Quick match: tickets of logged-in players waiting for a table, paired in the database.

A ticket asks for a preset, a player count and a match format. :meth:`QuickMatch.pair` seats
waiting tickets of the same preset, count and format together, oldest first; a ticket that
allowed bots (``bots_after`` seconds) and has waited that long is seated with whoever else waits
and allows bots, the other seats going to bots of the level that ticket chose (``bot_level``).
Pairing marks the tickets matched, with their table id and seat, in one transaction that reads
the waiting rows ``FOR UPDATE``, so two processes pairing at once never seat a ticket twice;
the same transaction reads the blocks among the waiting accounts
(:func:`~rami.server.social.blocks.apart`), and no table seats two players one of whom blocks
the other (each then waits for another table).
The time is passed in: nothing here sleeps or reads a clock.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Connection, Engine

from rami.server.social.blocks import apart, compatible
from rami.server.store.safety_schema import blocks_t
from rami.server.store.schema import quickmatch_t
from rami.server.tables.identity import Identity

BOTS_AFTER_RANGE = (5, 600)
"""Seconds a ticket may wait before bots fill its table."""


class QuickMatchRefusal(Exception):
    """A refused quick-match request: status, code and message."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


@dataclass(frozen=True, slots=True)
class Ticket:
    """One waiting or matched ticket."""

    ticket: str
    account: Identity
    preset: str
    players: int
    bots_after: int | None
    created: float
    status: str
    table_id: str | None = None
    seat: int | None = None
    format: str = "full"
    bot_level: str = "medium"

    def answer(self) -> dict[str, Any]:
        """The API form: waiting (with ``bots_after``) or matched (table and seat)."""
        if self.status == "matched":
            return {
                "ticket": self.ticket,
                "status": "matched",
                "table": self.table_id,
                "seat": self.seat,
            }
        return {
            "ticket": self.ticket,
            "status": "waiting",
            "bots_after": self.bots_after,
            "format": self.format,
            "bot_level": self.bot_level,
        }


@dataclass(frozen=True, slots=True)
class Pairing:
    """A table to create: its id, preset, the accounts in seats 0.. and the bot seats after."""

    table_id: str
    preset: str
    accounts: tuple[Identity, ...]
    bots: int
    format: str = "full"
    bot_level: str = "medium"


def _ticket(row: Any) -> Ticket:
    return Ticket(
        row.ticket,
        Identity(int(row.account_id), str(row.name)),
        row.preset,
        int(row.players),
        None if row.bots_after is None else int(row.bots_after),
        float(row.created),
        row.status,
        row.table_id,
        None if row.seat is None else int(row.seat),
        row.format,
        row.bot_level,
    )


class QuickMatch:
    """The tickets in the database of ``engine`` (synchronous: run on a worker thread)."""

    def __init__(self, engine: Engine, create: bool = False) -> None:
        self.engine = engine
        if create:  # a database not made by the migrations (in-memory accounts)
            quickmatch_t.create(engine, checkfirst=True)
            blocks_t.create(engine, checkfirst=True)

    def enqueue(
        self,
        who: Identity,
        preset: str,
        players: int,
        bots_after: int | None,
        now: float,
        format: str = "full",
        bot_level: str = "medium",
    ) -> Ticket:
        """A new waiting ticket; 409 ``already_waiting`` when the account has one waiting."""
        waiting = select(quickmatch_t.c.ticket).where(
            quickmatch_t.c.account_id == who.account_id, quickmatch_t.c.status == "waiting"
        )
        ticket = Ticket(
            secrets.token_urlsafe(12),
            who,
            preset,
            players,
            bots_after,
            now,
            "waiting",
            format=format,
            bot_level=bot_level,
        )
        row = {
            "ticket": ticket.ticket,
            "account_id": who.account_id,
            "name": who.name,
            "preset": preset,
            "players": players,
            "bots_after": bots_after,
            "created": now,
            "status": "waiting",
            "format": format,
            "bot_level": bot_level,
        }
        with self.engine.begin() as conn:
            if conn.execute(waiting).first() is not None:
                raise QuickMatchRefusal(
                    409, "already_waiting", "you are waiting for a quick match already"
                )
            conn.execute(insert(quickmatch_t), row)
        return ticket

    def get(self, ticket: str, account_id: int) -> Ticket | None:
        """The account's ticket (None: no such ticket of this account)."""
        query = select(quickmatch_t).where(
            quickmatch_t.c.ticket == ticket, quickmatch_t.c.account_id == account_id
        )
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        return None if row is None else _ticket(row)

    def cancel(self, ticket: str, account_id: int) -> bool:
        """Forget the account's ticket (a matched table stays); False: no such ticket."""
        statement = delete(quickmatch_t).where(
            quickmatch_t.c.ticket == ticket, quickmatch_t.c.account_id == account_id
        )
        with self.engine.begin() as conn:
            return bool(conn.execute(statement).rowcount)

    def pair(
        self,
        preset: str,
        players: int,
        now: float,
        new_table_id: Callable[[], str],
        format: str = "full",
    ) -> list[Pairing]:
        """Seat the waiting tickets of ``preset``, ``players`` and ``format`` that can be
        seated now."""
        query = (
            select(quickmatch_t)
            .where(
                quickmatch_t.c.status == "waiting",
                quickmatch_t.c.preset == preset,
                quickmatch_t.c.players == players,
                quickmatch_t.c.format == format,
            )
            .order_by(quickmatch_t.c.created, quickmatch_t.c.ticket)
            .with_for_update()
        )
        pairings: list[Pairing] = []
        with self.engine.begin() as conn:
            waiting = [_ticket(row) for row in conn.execute(query)]
            pairs = apart(conn, {t.account.account_id for t in waiting})
            for group in _groups(waiting, players, now, pairs):
                accounts = tuple(t.account for t in group)
                bots = players - len(group)
                level = group[0].bot_level  # the ticket that waited out its bots_after
                pairing = Pairing(new_table_id(), preset, accounts, bots, format, level)
                _mark_matched(conn, group, pairing.table_id)
                pairings.append(pairing)
        return pairings

    def unpair(self, table_id: str) -> None:
        """Put the tickets of a table that could not be created back to waiting."""
        statement = (
            update(quickmatch_t)
            .where(quickmatch_t.c.table_id == table_id)
            .values(status="waiting", table_id=None, seat=None)
        )
        with self.engine.begin() as conn:
            conn.execute(statement)


def _groups(
    waiting: list[Ticket], players: int, now: float, pairs: set[frozenset[int]]
) -> list[list[Ticket]]:
    """Full tables of people first, then tables that bots complete for tickets waited out;
    no table seats two accounts of a pair in ``pairs`` (a block keeps them apart)."""
    groups: list[list[Ticket]] = []
    forming: list[list[Ticket]] = []
    for ticket in waiting:  # oldest first, each into the oldest group it may sit with
        group = next((g for g in forming if _fits(g, ticket, pairs)), None)
        if group is None:
            forming.append(group := [])
        group.append(ticket)
        if len(group) == players:
            forming.remove(group)
            groups.append(group)
    rest = sorted((t for g in forming for t in g), key=waiting.index)
    while True:
        due = [t for t in rest if t.bots_after is not None and now >= t.created + t.bots_after]
        if not due:
            return groups
        group = [due[0]]
        for other in rest:
            allowed = other.bots_after is not None and other is not due[0]
            if allowed and len(group) < players and _fits(group, other, pairs):
                group.append(other)
        groups.append(group)
        rest = [t for t in rest if t not in group]


def _fits(group: list[Ticket], ticket: Ticket, pairs: set[frozenset[int]]) -> bool:
    ids = [t.account.account_id for t in group]
    return compatible(ids, ticket.account.account_id, pairs)


def _mark_matched(conn: Connection, group: list[Ticket], table_id: str) -> None:
    for seat, ticket in enumerate(group):
        statement = (
            update(quickmatch_t)
            .where(quickmatch_t.c.ticket == ticket.ticket, quickmatch_t.c.status == "waiting")
            .values(status="matched", table_id=table_id, seat=seat)
        )
        conn.execute(statement)
