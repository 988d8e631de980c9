"""The lobby: every table of the server, each restored on its own, archived when idle.

A stored table that does not restore (an unreadable row, a gap in its versions, a
configuration or an event that does not replay) is quarantined: its rows stay as they are,
the reason is logged once, asking for it is answered with ``table_unavailable``, and
``rami serve --check`` lists it. The other tables start as usual.

A table nobody is connected to and with nothing to do by itself (finished, or waiting for
its players) leaves memory after ``Settings.archive_after`` seconds and is rebuilt from
storage when someone asks for it again. Start-up rebuilds only the matches in play (status
``playing``), which the stand-in plays on when nobody comes back; every other table is
loaded on demand, so start-up time and memory do not grow with the stored history. A broken
table is quarantined when it is first rebuilt, at start-up or on demand.

Which tables this process serves is its :class:`~.placement.Placement`'s decision: all of them
(:class:`~.placement.LocalPlacement`), or those it owns in a cluster, where a table owned by
another process is located as :class:`~.placement.Remote`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from dataclasses import replace
from typing import Any

from rami.bots import LEVELS
from rami.errors import RamiError
from rami.server.messages.protocol import encode
from rami.server.social.placement import LocalPlacement, Placement, Remote
from rami.server.social.safety import Safety
from rami.server.store.storage import CorruptTableError, Storage, StorageError, StoredTable
from rami.server.tables.actor import Table
from rami.server.tables.auth import new_table_id
from rami.server.tables.clock import SYSTEM_CLOCK, Clock
from rami.server.tables.config import TableConfig
from rami.server.tables.driver import Driver
from rami.server.tables.events import BadEventError
from rami.server.tables.identity import Identity
from rami.server.tables.snapshot import snapshot
from rami.server.tables.state import Refusal, Settings, TableState
from rami.shuffle import new_seed

log = logging.getLogger("rami.server")

TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""What a table id can look like (anything else is no table, without asking the store)."""


REASON_MAX = 300
"""Characters of a reason kept (a stored value quoted in it may be long)."""

DAMAGED = "this table is damaged and cannot be served"


class TableUnavailable(RamiError):
    """A table that exists but cannot be served: quarantined, or its store failed to read."""

    code = "table_unavailable"


def reason_of(error: BaseException) -> str:
    """A one-line reason for a failed restore (for the log and ``rami serve --check``)."""
    text = error.message if isinstance(error, RamiError) else f"{type(error).__name__}: {error}"
    text = " ".join(text.split())
    return text if len(text) <= REASON_MAX else text[: REASON_MAX - 1] + "…"


def _checked_config(stored: StoredTable) -> tuple[TableConfig, str]:
    config = TableConfig.from_json(stored.config)
    rules = config.rules
    if not rules.min_players <= config.seats <= rules.max_players:
        raise BadEventError(f"{config.seats} seats do not fit these rules")
    if any(level is not None and level not in LEVELS for level in config.bots):
        raise BadEventError(f"unknown bot level among {list(config.bots)}")
    timer = config.turn_timer
    if timer is not None and (not isinstance(timer, int) or isinstance(timer, bool)):
        raise BadEventError(f"turn timer {timer!r} is not a number of seconds")
    seed = stored.secret.get("seed")
    if not isinstance(seed, str):
        raise BadEventError("the match seed is missing")
    return config, seed


def rebuild(
    stored: StoredTable, storage: Storage, settings: Settings, clock: Clock = SYSTEM_CLOCK
) -> Table:
    """The table replayed from its stored rows; raises whatever does not restore."""
    config, seed = _checked_config(stored)
    table = Table(stored.table_id, config, seed, storage, settings, stored.created, clock)
    for number, event in enumerate(stored.events, start=1):
        if not isinstance(event, dict):
            raise CorruptTableError(f"event {number} is not an object")
        try:
            table.apply_event(event)
        except Exception as error:  # any failure to replay is the stored event's fault
            raise CorruptTableError(f"event {number}: {reason_of(error)}") from error
    encode(snapshot(table, None, "en"))  # the table can be shown
    return table


def check_store(storage: Storage, settings: Settings) -> tuple[int, dict[str, str]]:
    """How many tables are stored, and those that do not restore with the reason."""
    ids = storage.table_ids()
    broken: dict[str, str] = {}
    for table_id in ids:
        try:
            stored = storage.load(table_id)
            if stored is not None:
                rebuild(stored, storage, settings)
        except Exception as error:  # every failure is reported, none stops the check
            broken[table_id] = reason_of(error)
    return len(ids), broken


class Lobby:
    """Tables in memory by id, each with its driver task; quarantined ones by id."""

    def __init__(
        self,
        storage: Storage,
        settings: Settings,
        seeds: Callable[[], str] = new_seed,
        clock: Clock = SYSTEM_CLOCK,
        placement: Placement | None = None,
    ) -> None:
        self.storage = storage
        self.clock = clock
        """The time every table here reads (a test passes a manual clock)."""
        self.placement: Placement = placement or LocalPlacement()
        self.seeds = seeds
        self.settings = settings
        self.tables: dict[str, Table] = {}
        self.drivers: dict[str, Driver] = {}
        self.broken: dict[str, str] = {}
        """Stored tables that could not be restored, with the reason (quarantined)."""
        self.on_finish: Callable[[Table], Awaitable[bool]] | None = None
        """Records a finished match (the app sets it when it has accounts)."""
        self.safety: Safety | None = None
        self.on_turn: Callable[[TableState], None] | None = None
        """Told when a turn begins at a table here (the app sets it: "your turn" pushes)."""
        """Blocks, mutes, bans and reports at the tables' websockets (the app sets it)."""
        self.unrecorded: list[Table] = []
        """Finished tables restored at start-up whose result is recorded (again) on start."""
        self._loading = asyncio.Lock()
        self._tasks: set[asyncio.Task[None]] = set()

    def _add(self, table: Table) -> None:
        table.on_finish = self.on_finish
        table.on_turn = self.on_turn
        self.tables[table.table_id] = table
        table.spawn_rematch = self.open_rematch
        driver = self.drivers[table.table_id] = Driver(table, self._archive)
        driver.start()

    def _archive(self, table: Table) -> None:
        """Forget an idle table (it stays in storage); called under the table's lock."""
        table.retired = True
        if self.tables.get(table.table_id) is table:
            del self.tables[table.table_id]
            del self.drivers[table.table_id]
            self.spawn(self.placement.let_go(table.table_id))

    async def retire(self, table: Table) -> None:
        """Stop serving a table that moves to another process (called under its lock)."""
        table.retired = True
        if self.tables.get(table.table_id) is table:
            del self.tables[table.table_id]
        driver = self.drivers.pop(table.table_id, None)
        if driver is not None:
            await driver.stop()

    async def drop(self, table_id: str) -> Table | None:
        """Stop serving a table this process no longer owns: no driver, no writes; returns it
        (its connections are the placement's to move)."""
        table = self.tables.pop(table_id, None)
        if table is not None:
            table.retired = True
        driver = self.drivers.pop(table_id, None)
        if driver is not None:
            await driver.stop()
        return table

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` in the background until the lobby closes."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _quarantine(self, table_id: str, error: BaseException) -> None:
        reason = reason_of(error)
        self.broken[table_id] = reason
        log.error("table %s is quarantined (kept in storage, not served): %s", table_id, reason)

    def restore(self) -> int:
        """Rebuild each match in play on its own and serve it; returns how many are served.

        People were away while the server was down: their grace period runs from now.
        """
        for table_id in self.storage.playing_ids():
            try:
                stored = self.storage.load(table_id)
                table = (
                    None
                    if stored is None
                    else rebuild(stored, self.storage, self.settings, self.clock)
                )
            except Exception as error:  # whatever is in the store, the other tables start
                self._quarantine(table_id, error)
                continue
            if table is not None and table.listed_status() != "finished":
                table.mark_away()
                self._add(table)
            elif table is not None and any(seat.account is not None for seat in table.seats):
                self.unrecorded.append(table)
        return len(self.tables)

    async def record_unrecorded(self) -> None:
        """Record the restored finished matches of accounts (once: results are keyed)."""
        while self.unrecorded:
            table = self.unrecorded.pop()
            table.on_finish = self.on_finish
            if await table.record_result():
                await table.store_status()  # listed as finished once recorded

    def _refuse_broken(self, table_id: str) -> None:
        if table_id in self.broken:
            raise TableUnavailable(DAMAGED)

    async def find(self, table_id: str) -> Table | None:
        """The table ``table_id`` served here, rebuilt from storage when it was archived; None:
        no table, or one another process owns.

        Raises :class:`TableUnavailable` for a quarantined table (or a store that fails).
        """
        located = await self.locate(table_id)
        return located if isinstance(located, Table) else None

    async def locate(self, table_id: str) -> Table | Remote | None:
        """The table a connection plays at: served here (rebuilt when archived), owned by
        another process, or None (no such table); raises as :meth:`find`."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        self._refuse_broken(table_id)
        if TABLE_ID.fullmatch(table_id) is None:
            return None
        async with self._loading:
            table = self.tables.get(table_id)
            if table is not None:
                return table
            self._refuse_broken(table_id)
            return await self._load(table_id)

    async def _load(self, table_id: str) -> Table | Remote | None:
        """Take a stored table on, rebuild it and start serving it (None: no such table)."""
        owner = await self.placement.adopt(table_id)
        if owner is not None:
            return Remote(table_id, owner)
        try:
            table = await self.rebuilt(table_id)
        except BaseException:
            await self.placement.let_go(table_id)
            raise
        if table is None:
            await self.placement.let_go(table_id)
            return None
        table.mark_away()
        self._add(table)
        if table.listed_status() == "finished" and await table.record_result():
            await table.store_status()  # in case whoever finished it stopped first
        return table

    async def rebuilt(self, table_id: str) -> Table | None:
        """A stored table replayed (not served); quarantined when it does not restore."""
        try:
            stored = await asyncio.to_thread(self.storage.load, table_id)
            return (
                None if stored is None else rebuild(stored, self.storage, self.settings, self.clock)
            )
        except StorageError as error:
            if isinstance(error, CorruptTableError):
                self._quarantine(table_id, error)
                raise TableUnavailable(DAMAGED) from None
            log.error("table %s could not be read: %s", table_id, reason_of(error))
            raise TableUnavailable("this table cannot be read now: try again") from None
        except Exception as error:  # whatever else does not restore, as at start-up
            self._quarantine(table_id, error)
            raise TableUnavailable(DAMAGED) from None

    async def create(
        self, config: TableConfig, host_name: str, account: Identity | None = None
    ) -> tuple[Table, str] | Refusal:
        """A new table with its host in seat 1 (bound to ``account`` when logged in); returns
        the table and the host's token, or the refusal (``storage_failed``)."""
        table = await self._new_table(config)
        if isinstance(table, Refusal):
            return table
        async with table.lock:
            seated = await table.take_seat(host_name, 0, account)
        return seated if isinstance(seated, Refusal) else (table, seated[1])

    async def create_match(
        self,
        config: TableConfig,
        people: Mapping[int, tuple[str, Identity | None]],
        table_id: str | None = None,
        seed: str | None = None,
    ) -> tuple[Table, dict[int, str]] | Refusal:
        """A new table seating ``people`` (by seat: a name and an account, or None; the bots of
        ``config`` in the others), started; returns it and each person's seat token, or the
        refusal. ``seed`` is the match seed (None: a fresh one from :attr:`seeds`)."""
        table = await self._new_table(config, table_id, seed)
        if isinstance(table, Refusal):
            return table
        tokens: dict[int, str] = {}
        async with table.lock:
            for seat, (name, account) in people.items():
                seated = await table.take_seat(name, seat, account)
                if isinstance(seated, Refusal):
                    return seated
                tokens[seat] = seated[1]
            refusal = await table.start_match()
            if refusal is not None:
                return refusal
            table.mark_away()  # nobody is connected yet: the grace period runs from now
            table.broadcast()
        return table, tokens

    async def _new_table(
        self, config: TableConfig, table_id: str | None = None, seed: str | None = None
    ) -> Table | Refusal:
        table_id = table_id or new_table_id()
        created = self.clock.wall()
        seed = self.seeds() if seed is None else seed
        stored = StoredTable(table_id, created, config.to_json(), {"seed": seed})
        not_saved = Refusal("storage_failed", "the table was not saved: try again")
        try:
            await self.storage.create_table(stored)
        except StorageError as error:
            log.error("table %s not saved: %s", table_id, error)
            return not_saved
        if await self.placement.adopt(table_id) is not None:  # a new id nobody else can own
            return not_saved
        table = Table(table_id, config, seed, self.storage, self.settings, created, self.clock)
        self._add(table)
        return table

    async def open_rematch(self, table: Table) -> tuple[str, dict[int, str]] | Refusal:
        """Create and start the rematch of ``table`` (same seats, names, accounts, bots and
        rules, a new seed); returns its id and each person's new token, or the refusal."""
        levels = tuple(seat.bot or seat.stand_in for seat in table.seats)
        people = {
            index: (seat.name or "?", seat.account)
            for index, seat in enumerate(table.seats)
            if levels[index] is None
        }
        made = await self.create_match(replace(table.config, bots=levels), people)
        return made if isinstance(made, Refusal) else (made[0].table_id, made[1])

    async def view(self, table_id: str) -> Table | None:
        """The table to read (records, replays, facts): the one served here, or a fresh replay
        of one another process owns (read only)."""
        located = await self.locate(table_id)
        if isinstance(located, Remote):
            return await self.rebuilt(table_id)
        return located

    async def start(self) -> None:
        """Start serving through the placement (which restores, or joins the cluster)."""
        await self.placement.start(self)

    async def close(self) -> None:
        """Stop the placement and the background work, every driver, then the store."""
        await self.placement.stop()
        for task in list(self._tasks):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        owned = list(self.tables)
        for driver in list(self.drivers.values()):
            await driver.stop()
        await self.placement.close(owned)
        await self.storage.close()
