"""Tables shared by several ``rami serve`` processes over one database and one Redis.

Each table is owned by one process at a time, the holder of its lease (:mod:`leases`). The
owner loads it from the database when it is first asked for, drives it (bots, timers,
stand-ins) and writes its events under the lease's epoch, so a process that lost the lease
can never write again. Connections that reach another process are relayed to the owner over
the bus (:mod:`relay`). When a process dies its leases run out; the next process to sweep
the live tables, or to be asked for one, takes it over from the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from redis.asyncio import Redis

from rami.server.bus import Bus, Handler
from rami.server.leases import Leases
from rami.server.limits import Limits
from rami.server.lobby import Lobby, Relay, Remote, TableUnavailable
from rami.server.sql_store import SqlStorage
from rami.server.storage import StorageError
from rami.server.table import Settings, Table
from rami.shuffle import new_seed

log = logging.getLogger("rami.server")


@dataclass(frozen=True, slots=True)
class ClusterTiming:
    """Seconds: a lease's time to live (renewed every third of it) and the sweep period."""

    lease: float = 3.0
    sweep: float = 1.0
    sweep_batch: int = 200
    """Live tables looked at per sweep."""


class OwnedElsewhere(Exception):
    """The table's lease is held by another process."""

    def __init__(self, owner: str) -> None:
        super().__init__(owner)
        self.owner = owner


class ClusterLobby(Lobby):
    """The tables this process owns, among those every process shares."""

    def __init__(
        self,
        storage: SqlStorage,
        settings: Settings,
        redis: Redis,
        process_id: str,
        seeds: Callable[[], str] = new_seed,
        timing: ClusterTiming = ClusterTiming(),
    ) -> None:
        super().__init__(storage, settings, seeds)
        self.sql = storage
        self.redis = redis
        self.process_id = process_id
        self.timing = timing
        self.leases = Leases(redis, process_id, timing.lease)
        self.bus = Bus(redis, process_id)
        self.on_process: Handler | None = None
        """Receives the messages addressed to this process (answers for relayed connections)."""
        self.on_owned: Handler | None = None
        """Receives the relayed connection messages of the tables owned here."""
        self.on_lost: Callable[[Table], None] = lambda _table: None
        """Called with a table this process stopped owning (its connections must move)."""
        self._tasks: list[asyncio.Task[None]] = []

    # --- ownership ---------------------------------------------------------------------

    async def _adopt(self, table_id: str) -> None:
        lease = await self.leases.acquire(table_id)
        if lease is None:
            owner = await self.leases.owner_of(table_id)
            raise OwnedElsewhere(owner or "?")
        try:
            await asyncio.to_thread(self.sql.claim, table_id, lease.epoch)
            if self.on_owned is not None:
                await self.bus.own(table_id, self.on_owned)
        except BaseException:
            await self._let_go(table_id)
            raise

    async def _load(self, table_id: str) -> Table | None:
        await self._adopt(table_id)
        try:
            table = await self.rebuilt(table_id)
        except BaseException:
            await self._let_go(table_id)
            raise
        if table is None:
            await self._let_go(table_id)
            return None
        table.mark_away()
        self._add(table)
        if table.match is not None and table.match.finished and await table.record_result():
            await table.store_status()  # in case the owner that finished it died first
        return table

    async def _let_go(self, table_id: str) -> None:
        self.sql.release(table_id)
        with contextlib.suppress(Exception):
            await self.bus.disown(table_id)
            await self.leases.release(table_id)

    def _archive(self, table: Table) -> None:
        super()._archive(table)
        if table.table_id not in self.tables:
            self._spawn(self._let_go(table.table_id))

    async def drop(self, table_id: str) -> None:
        """Stop owning a table (its lease was lost): no driver, no writes, connections moved."""
        table = self.tables.pop(table_id, None)
        driver = self.drivers.pop(table_id, None)
        if driver is not None:
            await driver.stop()
        await self._let_go(table_id)
        if table is not None:
            log.warning("table %s: lease lost, no longer served here", table_id)
            self.on_lost(table)

    # --- answers -----------------------------------------------------------------------

    async def locate(self, table_id: str) -> Table | Remote | None:
        """The table if this process owns it (taking it when nobody does), else its owner."""
        try:
            return await self.find(table_id)
        except OwnedElsewhere as elsewhere:
            return Remote(table_id, elsewhere.owner)

    def relay(self, limits: Limits) -> Relay:
        """Connections to tables owned elsewhere go through the bus."""
        from rami.server.relay import Relays

        return Relays(self, limits).relay

    async def view(self, table_id: str) -> Table | None:
        """The table owned here, or a fresh replay of the stored one (read only)."""
        try:
            return await self.find(table_id)
        except OwnedElsewhere:
            return await self.rebuilt(table_id)

    # --- background --------------------------------------------------------------------

    async def start(self) -> None:
        """Listen on the bus, renew leases and sweep for tables nobody owns."""
        await self.bus.start(self._from_bus)
        self._spawn(self._renew_forever())
        self._spawn(self._sweep_forever())

    async def _from_bus(self, message: dict[str, Any]) -> None:
        if self.on_process is not None:
            await self.on_process(message)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.append(task)
        task.add_done_callback(self._tasks.remove)

    async def _renew_forever(self) -> None:
        while True:
            await asyncio.sleep(self.timing.lease / 3)
            for table_id in list(self.tables):
                try:
                    kept = await self.leases.renew(table_id)
                except Exception:  # Redis unreachable: the lease may run out; try again
                    log.exception("renewing the lease of %s failed", table_id)
                    continue
                if not kept:
                    await self.drop(table_id)

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.timing.sweep)
            try:
                await self.sweep()
            except Exception:  # the next sweep tries again
                log.exception("sweeping for tables without an owner failed")

    async def sweep(self) -> int:
        """Take over live tables nobody owns (their owner died); returns how many."""
        live = await asyncio.to_thread(self.sql.live_ids)
        orphans = [t for t in live if t not in self.tables and t not in self.broken]
        taken = 0
        for table_id in orphans[: self.timing.sweep_batch]:
            if await self.leases.owner_of(table_id) is not None:
                continue
            with contextlib.suppress(OwnedElsewhere, TableUnavailable, StorageError):
                if await self.find(table_id) is not None:
                    taken += 1
        return taken

    async def close(self) -> None:
        """Stop the background work, give every lease up and close the store and the bus."""
        for task in list(self._tasks):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        owned = list(self.tables)
        await super().close()
        for table_id in owned:
            with contextlib.suppress(Exception):
                await self.leases.release(table_id)
        await self.bus.close()
