"""Tournament boards as real tables: the tournament clock seats rounds and makes their tables,
and a table's end records its board's result.

:class:`TournamentTables` runs the clock in the server: every :data:`TICK_SECONDS` of the
lobby's clock (a test advances a manual one) and after every recorded result it asks the
service for the rounds due (:meth:`~.tournaments.Tournaments.due_rounds`) and makes a table for
each board without one, through the lobby like a quick match's: seated with the paired accounts
in the board's seat order, started, the turn timer on (:data:`TURN_SECONDS`), dealt from the
board's seed (in a duplicate round the round's committed seed, alike at every table; a twin
table seats the pairing reversed). A board is claimed in the database before its table is made,
so two processes never make two tables for it; a table that was not made is made at the next
tick; :attr:`TournamentTables.ready` is told each table made (the app pushes it to its players).
The players connected now (online in the presence table) are the present ones: in a Swiss
round an absent player forfeits, in an arena only present players are paired.

The lobby's ``on_finish`` (:meth:`TournamentTables.recording`) records a tournament table's
match totals as its board's penalties, then hands the table on to the usual recording (the
accounts' history and ratings), so a rule of the match's end is written once.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from sqlalchemy import select

from rami.accounts.schema import accounts_t
from rami.server.social.presence import ONLINE_SECONDS
from rami.server.social.tournaments import Tournaments, table_rules
from rami.server.store.friends_schema import presence_t
from rami.server.tables.auth import new_table_id
from rami.server.tables.config import TableConfig
from rami.server.tables.identity import Identity
from rami.server.tables.state import Refusal
from rami.server.tables.tasks import cancel_and_wait

if TYPE_CHECKING:
    from rami.accounts import AccountStore
    from rami.server.social.lobby import Lobby
    from rami.server.tables.actor import Table

log = logging.getLogger("rami.server")

TABLE_PREFIX = "tr"
"""How every tournament table's id begins."""
TURN_SECONDS = 60
"""The turn timer of every tournament table."""
TICK_SECONDS = 5.0
"""How often the tournament clock looks for due rounds (results also wake it)."""


class TournamentTables:
    """The tournament clock of one server process and the tables it makes."""

    def __init__(
        self,
        service: Tournaments,
        lobby: Lobby,
        store: AccountStore,
        presence_clock: Callable[[], float],
    ) -> None:
        self.service = service
        self.lobby = lobby
        self.store = store
        self.presence_clock = presence_clock
        """The clock presence is written with (the friends' clock)."""
        self.ready: Callable[[str, tuple[int, ...]], None] = lambda _table, _accounts: None
        """Told each table made and its accounts (the app's: push "your table is ready")."""
        self._ticking = asyncio.Lock()
        self._loop: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        """Run the clock until :meth:`close`."""
        self._loop = asyncio.create_task(self._each_tick())

    async def close(self) -> None:
        """Stop the clock and the ticks under way."""
        await cancel_and_wait([*self._tasks, self._loop])

    async def _each_tick(self) -> None:
        while True:
            await self.lobby.clock.sleep(TICK_SECONDS)
            try:
                await self.tick()
            except Exception:  # a failing database must not stop the clock
                log.exception("the tournament clock failed; it runs again in a moment")

    def wake(self) -> None:
        """Tick soon (after a result, a withdrawal or a new player of an arena)."""
        task = asyncio.get_running_loop().create_task(self._woken())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _woken(self) -> None:
        try:
            await self.tick()
        except Exception:
            log.exception("the tournament clock failed; it runs again in a moment")

    async def settled(self) -> None:
        """Return once every tick woken so far has run (for tests and operators)."""
        while self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    async def tick(self) -> int:
        """Seat the rounds due now and make the tables of boards without one; returns how
        many tables were made."""
        async with self._ticking:
            present = await self.store.run(self._present)
            await self.store.run(self.service.due_rounds, self.lobby.clock.wall(), present)
            made = 0
            for board in await self.store.run(self.service.unplaced):
                made += await self._make(board)
            return made

    def _present(self) -> set[str]:
        """The names of the accounts online now."""
        since = self.presence_clock() - ONLINE_SECONDS
        query = (
            select(accounts_t.c.name)
            .join(presence_t, presence_t.c.account_id == accounts_t.c.id)
            .where(presence_t.c.seen > since)
        )
        with self.store.engine.connect() as conn:
            return {str(name) for name in conn.execute(query).scalars()}

    def _people(self, seats: list[str]) -> dict[int, tuple[str, Identity | None]] | None:
        people: dict[int, tuple[str, Identity | None]] = {}
        for seat, name in enumerate(seats):
            found = self.store.account_named(name)
            if found is None:
                return None
            people[seat] = (found.name, Identity(found.id, found.name))
        return people

    async def _make(self, board: dict[str, Any]) -> int:
        tid, number, index = board["tournament_id"], board["round"], board["board"]
        people = await self.store.run(self._people, board["seats"])
        if people is None:
            log.error("tournament %s board %s/%s: a player has no account", tid, number, index)
            return 0
        table_id = TABLE_PREFIX + new_table_id()
        if not await self.store.run(self.service.placed, tid, number, index, table_id):
            return 0  # another process made it
        rules = table_rules(board["preset"], board["deals"])
        timer, rated = TURN_SECONDS, bool(board["rated"])
        config = TableConfig(rules, (None,) * len(people), timer, board["preset"], False, rated)
        try:
            made = await self.lobby.create_match(config, people, table_id, board["seed"])
        except Exception:
            log.exception("tournament table %s was not created", table_id)
            made = Refusal("storage_failed", "not created")
        if isinstance(made, Refusal):
            await self.store.run(self.service.placed, tid, number, index, None)
            return 0
        accounts = tuple(identity.account_id for _, identity in people.values() if identity)
        self.ready(table_id, accounts)
        return 1

    async def finish(self, table: Table) -> bool:
        """Record a finished tournament table's totals as its board's penalties."""
        match = table.match
        if match is None or not match.finished:
            return True
        found = await self.store.run(self.service.board_at, table.table_id)
        if found is None:
            return True
        penalties = {}
        for index, seat in enumerate(table.seats):
            name = seat.account.name if seat.account is not None else seat.name or "?"
            penalties[name] = int(match.totals[index])
        await self.store.run(self.service.record, *found, penalties)
        self.wake()
        return True

    def recording(
        self, others: Callable[[Table], Awaitable[bool]]
    ) -> Callable[[Table], Awaitable[bool]]:
        """The lobby's ``on_finish``: a tournament table's board result, then ``others``."""

        async def on_finish(table: Table) -> bool:
            if not table.table_id.startswith(TABLE_PREFIX):
                return await others(table)
            try:
                recorded = await self.finish(table)
            except Exception:  # logged; the next load of the table records it
                log.exception("the tournament result of table %s was not stored", table.table_id)
                recorded = False
            return await others(table) and recorded

        return on_finish
