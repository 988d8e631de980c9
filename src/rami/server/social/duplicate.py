"""The Daily Duplicate: each day's editions, a person's play of a deal, and its result.

At 00:00 UTC (the lobby clock's wall time) a new edition of every kind opens with
:data:`~rami.duplicate.DEALS_PER_EDITION` fresh seeds; their commitments are published at once
and the seeds when the day is over. A logged-in account plays each deal once, at a table of its
own against ``hard`` bots seeded from the deal (alike for everyone); the table's end records the
round's penalty. The par bot's result on every deal of an edition is computed once, in a worker
thread, from the edition's first play on.
Reading the results (:mod:`rami.server.social.duplicate_boards`) or a deal's tables
(:mod:`rami.server.social.duplicate_guard`) is refused until one has played the deal, or the
day is over. A deal counts only if its round ends before the close: after it, a begun deal
cannot be resumed, and a table played on to its end is marked finished without a penalty.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from sqlalchemy import insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from rami.duplicate import (
    DEALS_PER_EDITION,
    EDITION_KINDS,
    EditionKind,
    deal_commitment,
    deal_rules,
    edition_kind,
    person_seat,
)
from rami.duplicate.editions import EDITION_FORMAT
from rami.server.social.duplicate_par import OPPONENT, PAR_LEVEL, par_penalty
from rami.server.store.duplicate_schema import duplicate_deals_t, duplicate_entries_t, metadata
from rami.server.tables.auth import new_table_id
from rami.server.tables.config import TableConfig
from rami.server.tables.identity import Identity
from rami.server.tables.state import Refusal
from rami.server.tables.tasks import cancel_and_wait
from rami.shuffle import new_seed

if TYPE_CHECKING:
    from rami.accounts import AccountStore
    from rami.server.social.lobby import Lobby
    from rami.server.tables.actor import Table

log = logging.getLogger("rami.server")

DAY = 86400.0
TABLE_PREFIX = "dd"
"""How every Daily Duplicate table's id begins (other tables' ids rarely do)."""


class DuplicateRefusal(Exception):
    """A refused Daily Duplicate request: status, stable code and message."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def day_of(wall: float) -> str:
    """The UTC day (``YYYY-MM-DD``) of an epoch time."""
    return datetime.fromtimestamp(wall, UTC).date().isoformat()


def seconds_to_midnight(wall: float) -> float:
    """Seconds from ``wall`` to the next 00:00 UTC."""
    moment = datetime.fromtimestamp(wall, UTC)
    midnight = datetime.combine(moment.date() + timedelta(days=1), datetime.min.time(), UTC)
    return max(0.0, midnight.timestamp() - wall)


def bot_seed_of(seed: str) -> str:
    """What the bots of a deal are seeded from: derived from its secret seed, so no one can
    foresee the bots' choices before the seed is revealed."""
    return hashlib.sha256(f"rami-duplicate-bots|{seed}".encode()).hexdigest()[:24]


@dataclass(frozen=True, slots=True)
class Started:
    """A deal to play: its table, the person's seat, and whether it was begun before."""

    table_id: str
    seat: int
    resumed: bool


class DailyDuplicate:
    """Editions, entries and results in the accounts' database; tables in the lobby."""

    def __init__(
        self,
        store: AccountStore,
        lobby: Lobby,
        *,
        create: bool = False,
        par_level: str = PAR_LEVEL,
        seeds: Callable[[], str] = new_seed,
    ) -> None:
        self.accounts = store
        self.engine: Engine = store.engine
        self.run = store.run
        self.lobby = lobby
        self.par_level = par_level
        self.seeds = seeds
        if create:  # a database not made by the migrations (in-memory accounts)
            metadata.create_all(self.engine, checkfirst=True)
        self._days: asyncio.Task[None] | None = None
        self._pars: set[asyncio.Task[None]] = set()
        self._par_started: set[tuple[str, str]] = set()
        self._opened = ""
        self._day_opened = asyncio.Condition()

    # --- days --------------------------------------------------------------------------

    def today(self) -> str:
        """The current edition's day."""
        return day_of(self.lobby.clock.wall())

    async def start(self) -> None:
        """Open today's editions and keep opening one each day at 00:00 UTC."""
        await self.open_editions(self.today())
        self._days = asyncio.create_task(self._each_day())

    async def close(self) -> None:
        """Stop the daily task and any par still being computed."""
        await cancel_and_wait([*self._pars, self._days])

    async def _each_day(self) -> None:
        clock = self.lobby.clock
        while True:
            await clock.sleep(seconds_to_midnight(clock.wall()))
            try:
                await self.open_editions(self.today())
            except Exception:  # a failing database must not stop the next days
                log.exception("the Daily Duplicate of %s did not open", self.today())

    async def open_editions(self, day: str) -> None:
        """Deal the editions of ``day`` (once, even with several processes)."""
        await self.run(self._insert_deals, day, self.lobby.clock.wall())
        async with self._day_opened:
            self._opened = day
            self._day_opened.notify_all()

    async def day_opened(self, day: str) -> None:
        """Return once this process has dealt ``day``'s editions (for tests and operators)."""
        async with self._day_opened:
            await self._day_opened.wait_for(lambda: self._opened == day)

    async def ensure_open(self) -> str:
        """Today's day, its editions dealt (should the daily task have been late)."""
        day = self.today()
        if day != self._opened:
            await self.open_editions(day)
        return day

    def _ensure_pars(self, day: str, kind: EditionKind) -> None:
        """Compute the edition's missing pars in the background (once per process: started
        when the edition's first deal is played, so an edition nobody plays costs nothing)."""
        if (day, kind.name) in self._par_started:
            return
        self._par_started.add((day, kind.name))
        task = asyncio.create_task(self._compute_pars(day, kind))
        self._pars.add(task)
        task.add_done_callback(self._pars.discard)

    async def pars_computed(self) -> None:
        """Wait until every par being computed is stored (for tests and ``--check``)."""
        while self._pars:
            await asyncio.gather(*self._pars, return_exceptions=True)

    def _insert_deals(self, day: str, now: float) -> None:
        for kind in EDITION_KINDS:
            rows = []
            for number in range(1, DEALS_PER_EDITION + 1):
                seed = self.seeds()
                commitment = deal_commitment(seed, kind, day, number)
                rows.append(
                    {"day": day, "kind": kind.name, "number": number, "seed": seed}
                    | {"commitment": commitment, "created": now}
                )
            try:
                with self.engine.begin() as conn:
                    conn.execute(insert(duplicate_deals_t), rows)
            except IntegrityError:
                pass  # dealt already (by this process earlier, or another one)

    async def _compute_pars(self, day: str, kind: EditionKind) -> None:
        for deal in await self.run(self.deals, day, kind.name):
            if deal["par"] is None:
                number, seed = deal["number"], deal["seed"]
                par = await asyncio.to_thread(
                    par_penalty, kind, number, seed, bot_seed_of(seed), self.par_level
                )
                await self.run(self._store_par, day, kind.name, number, par)

    def _store_par(self, day: str, kind: str, number: int, par: int) -> None:
        t = duplicate_deals_t.c
        with self.engine.begin() as conn:
            conn.execute(
                update(duplicate_deals_t)
                .where(t.day == day, t.kind == kind, t.number == number)
                .values(par=par)
            )

    def deals(self, day: str, kind: str) -> list[dict[str, Any]]:
        """The deals of an edition, secrets included (empty: no such edition)."""
        t = duplicate_deals_t.c
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(duplicate_deals_t).where(t.day == day, t.kind == kind).order_by(t.number)
            )
            return [dict(row._mapping) for row in rows]

    def closed(self, day: str) -> bool:
        """True once ``day`` is over."""
        return day < self.today()

    # --- an edition --------------------------------------------------------------------

    async def edition(self, day: str, kind_name: str) -> dict[str, Any]:
        """The public document of an edition: commitments, and the seeds once it is closed."""
        kind = edition_kind(kind_name)
        deals = [] if kind is None else await self.run(self.deals, day, kind_name)
        if kind is None or not deals:
            raise DuplicateRefusal(404, "no_such_edition", f"no {kind_name} edition on {day}")
        closed = self.closed(day)
        return {
            "format": EDITION_FORMAT,
            "day": day,
            "kind": kind.name,
            "preset": kind.preset,
            "players": kind.players,
            "opponent": OPPONENT,
            "rules_hash": deal_rules(kind).hash,
            "closed": closed,
            "deals": [
                {"number": d["number"], "seat": person_seat(d["number"], kind)}
                | {"commitment": d["commitment"]}
                | ({"seed": d["seed"]} if closed else {})
                for d in deals
            ],
        }

    async def deal(
        self, day: str, kind_name: str, number: int
    ) -> tuple[EditionKind, dict[str, Any]]:
        """A deal's kind and row; 404 ``no_such_deal`` when there is none."""
        kind = edition_kind(kind_name)
        deals = [] if kind is None else await self.run(self.deals, day, kind_name)
        found = [d for d in deals if d["number"] == number]
        if kind is None or not found:
            raise DuplicateRefusal(404, "no_such_deal", f"no deal {number} of {kind_name} on {day}")
        return kind, found[0]

    # --- playing -----------------------------------------------------------------------

    def entry(self, day: str, kind: str, number: int, account_id: int) -> dict[str, Any] | None:
        """The account's entry for a deal (None: not begun)."""
        t = duplicate_entries_t.c
        with self.engine.connect() as conn:
            row = conn.execute(
                select(duplicate_entries_t).where(
                    t.day == day, t.kind == kind, t.number == number, t.account_id == account_id
                )
            ).first()
            return None if row is None else dict(row._mapping)

    def _claim(self, row: dict[str, Any]) -> bool:
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(duplicate_entries_t), [row])
        except IntegrityError:
            return False
        return True

    def _unclaim(self, table_id: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                duplicate_entries_t.delete().where(duplicate_entries_t.c.table_id == table_id)
            )

    async def play(self, account: Identity, day: str, kind_name: str, number: int) -> Started:
        """Begin deal ``number`` (or return to it); refused when played, or the day is over."""
        kind, deal = await self.deal(day, kind_name, number)
        entry = await self.run(self.entry, day, kind_name, number, account.account_id)
        if entry is not None and entry["penalty"] is not None:
            raise DuplicateRefusal(409, "deal_already_played", "you have played this deal")
        if self.closed(day):  # a deal begun and not finished before the close stays unplayed
            raise DuplicateRefusal(409, "edition_closed", "this edition is over")
        if entry is not None:
            return Started(entry["table_id"], entry["seat"], True)
        seat = person_seat(number, kind)
        table_id = TABLE_PREFIX + new_table_id()
        row = {"day": day, "kind": kind_name, "number": number}
        row |= {"account_id": account.account_id, "name": account.name, "seat": seat}
        row |= {"table_id": table_id, "started": self.lobby.clock.wall()}
        if not await self.run(self._claim, row):  # another request of the same account won
            return await self.play(account, day, kind_name, number)
        bots = tuple(None if s == seat else OPPONENT for s in range(kind.players))
        config = TableConfig(
            deal_rules(kind), bots, base=kind.preset, bot_seed=bot_seed_of(deal["seed"])
        )
        try:
            made = await self.lobby.create_match(
                config, {seat: (account.name, account)}, table_id, deal["seed"]
            )
        except Exception:
            await self.run(self._unclaim, table_id)
            raise
        if isinstance(made, Refusal):
            await self.run(self._unclaim, table_id)
            raise DuplicateRefusal(503, made.code, made.message)
        self._ensure_pars(day, kind)
        return Started(table_id, seat, False)

    def entry_of_table(self, table_id: str) -> dict[str, Any] | None:
        """The entry played at ``table_id`` (None: not a Daily Duplicate table)."""
        t = duplicate_entries_t.c
        with self.engine.connect() as conn:
            row = conn.execute(select(duplicate_entries_t).where(t.table_id == table_id)).first()
            return None if row is None else dict(row._mapping)

    def _finish(self, table_id: str, penalties: list[int], now: float) -> None:
        """Count the penalty of a deal finished while its edition is open; one finished after
        the close (its seed public by then) is marked finished and counts for nothing."""
        t = duplicate_entries_t.c
        with self.engine.begin() as conn:
            row = conn.execute(select(t.seat, t.day).where(t.table_id == table_id)).first()
            if row is None:
                return
            late = day_of(now) > row.day
            if late:
                log.info("table %s finished after its edition closed: not counted", table_id)
            conn.execute(
                update(duplicate_entries_t)
                .where(t.table_id == table_id, t.penalty.is_(None), t.finished.is_(None))
                .values(penalty=None if late else penalties[row.seat], finished=now)
            )

    async def finish(self, table: Table) -> bool:
        """Record the penalty of a finished Daily Duplicate table (True: nothing to do)."""
        match = table.match
        if match is None or not match.finished_rounds:
            return True
        result = match.finished_rounds[0].state.result
        assert result is not None
        try:
            now = self.lobby.clock.wall()
            await self.run(self._finish, table.table_id, list(result.scores), now)
        except Exception:  # logged; the next load of the table records it
            log.exception("the Daily Duplicate result of table %s was not stored", table.table_id)
            return False
        return True

    def recording(
        self, others: Callable[[Table], Awaitable[bool]]
    ) -> Callable[[Table], Awaitable[bool]]:
        """The lobby's ``on_finish``: Daily Duplicate tables here, every other to ``others``."""

        async def on_finish(table: Table) -> bool:
            if table.config.bot_seed and table.table_id.startswith(TABLE_PREFIX):
                return await self.finish(table)
            return await others(table)

        return on_finish
