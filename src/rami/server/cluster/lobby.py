"""Tables shared by several ``rami serve`` processes over one database and one Redis.

Each table is owned by one process at a time, the holder of its lease (:mod:`leases`). The
owner loads it from the database when it is first asked for, drives it (bots, timers,
stand-ins) and writes its events under the lease's epoch, so a process that lost the lease
can never write again. Connections that reach another process are relayed to the owner over
the bus (:mod:`relay`). When a process dies its leases run out; the next process to sweep
the matches in play, or to be asked for a table, takes it over from the database. A table
with no connection and nothing to do (waiting for players, finished) leaves memory after
``Settings.archive_after`` and its lease is released, so any process may load it next.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from redis.asyncio import Redis

from rami.server.cluster.bus import Bus, Handler
from rami.server.cluster.leases import Leases
from rami.server.messages.limits import Limits
from rami.server.social.lobby import Lobby, Relay, Remote, TableUnavailable
from rami.server.store.sql_store import SqlStorage
from rami.server.store.storage import StorageError
from rami.server.tables.actor import Table
from rami.server.tables.state import Settings
from rami.shuffle import new_seed

log = logging.getLogger("rami.server")


RENEW_BATCH = 500
"""Leases renewed in one Redis round trip."""
LOOKUP_BATCH = 1000
"""Lease owners read in one Redis round trip by the sweep."""


@dataclass(frozen=True, slots=True)
class ClusterTiming:
    """Seconds: a lease's time to live (renewed every third of it) and the sweep period."""

    lease: float = 3.0
    sweep: float = 1.0
    sweep_batch: int = 200
    """Tables without an owner taken over per sweep."""


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
        self.on_closing: Callable[[], Awaitable[None]] | None = None
        """Awaited first when the process shuts down (the relays stop their sessions)."""
        self.on_relay: Relay | None = None
        """Carries a connection to its table's owner (set by :class:`~.relay.Relays`)."""
        self.count_relayed: Callable[[], int] = lambda: 0
        """Counts the connections this process relays (set by :class:`~.relay.Relays`)."""
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
        if table.listed_status() == "finished" and await table.record_result():
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
            self.spawn(self._let_go(table.table_id))

    async def drop(self, table_id: str) -> None:
        """Stop owning a table (its lease was lost): no driver, no writes, connections moved."""
        table = self.tables.pop(table_id, None)
        if table is not None:
            table.retired = True
        driver = self.drivers.pop(table_id, None)
        if driver is not None:
            await driver.stop()
        await self._let_go(table_id)
        if table is not None:
            log.warning("table %s: lease lost, no longer served here", table_id)
            self.on_lost(table)

    async def retire(self, table: Table) -> None:
        """Stop serving a table that moves to another process (called under its lock)."""
        table.retired = True
        if self.tables.get(table.table_id) is table:
            del self.tables[table.table_id]
        driver = self.drivers.pop(table.table_id, None)
        if driver is not None:
            await driver.stop()

    async def pass_lease(self, table_id: str, to: str) -> bool:
        """Give a retired table's lease to process ``to``; False: it was lost already."""
        try:
            return await self.leases.pass_to(table_id, to)
        finally:
            self.sql.release(table_id)
            with contextlib.suppress(Exception):
                await self.bus.disown(table_id)

    # --- answers -----------------------------------------------------------------------

    async def locate(self, table_id: str) -> Table | Remote | None:
        """The table if this process owns it (taking it when nobody does), else its owner."""
        try:
            return await self.find(table_id)
        except OwnedElsewhere as elsewhere:
            return Remote(table_id, elsewhere.owner)

    def relay(self, limits: Limits) -> Relay | None:
        """Connections to tables owned elsewhere go through the bus (:attr:`on_relay`)."""
        return self.on_relay

    def relayed_connections(self) -> int:
        """Connections this process carries to tables owned elsewhere."""
        return self.count_relayed()

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
        self.spawn(self._renew_forever())
        self.spawn(self._sweep_forever())

    async def _from_bus(self, message: dict[str, Any]) -> None:
        if self.on_process is not None:
            await self.on_process(message)

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` in the background until the process closes."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.append(task)
        task.add_done_callback(self._tasks.remove)

    async def _renew_forever(self) -> None:
        while True:
            await asyncio.sleep(self.timing.lease / 3)
            owned = list(self.tables)
            for start in range(0, len(owned), RENEW_BATCH):
                batch = owned[start : start + RENEW_BATCH]
                try:
                    kept = await self.leases.renew_all(batch)
                except Exception:  # Redis unreachable: the leases may run out; try again
                    log.exception("renewing %d leases failed", len(batch))
                    continue
                for table_id, held in zip(batch, kept, strict=True):
                    if not held:
                        await self.drop(table_id)

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.timing.sweep)
            try:
                if await self._my_turn_to_sweep():
                    await self.sweep()
            except Exception:  # the next sweep tries again
                log.exception("sweeping for tables without an owner failed")

    async def _my_turn_to_sweep(self) -> bool:
        """One process of the cluster sweeps per period (the first to take the turn's key),
        so the cost of a sweep does not grow with the number of processes."""
        period_ms = max(1, int(self.timing.sweep * 1000))
        key = f"{self.leases.prefix}:sweep"
        return bool(await self.redis.set(key, self.process_id, nx=True, px=period_ms))

    async def sweep(self) -> int:
        """Take over matches in play nobody owns (their owner died); returns how many.

        Tables with nothing to do by themselves (waiting, finished) are left to load on
        demand, wherever they are asked for.
        """
        live = await asyncio.to_thread(self.sql.playing_ids)
        elsewhere = [t for t in live if t not in self.tables and t not in self.broken]
        orphans: list[str] = []
        for start in range(0, len(elsewhere), LOOKUP_BATCH):
            batch = elsewhere[start : start + LOOKUP_BATCH]
            owners = await self.leases.owners_of(batch)
            orphans += [t for t, owner in zip(batch, owners, strict=True) if owner is None]
            if len(orphans) >= self.timing.sweep_batch:
                break
        taken = 0
        for table_id in orphans[: self.timing.sweep_batch]:
            with contextlib.suppress(OwnedElsewhere, TableUnavailable, StorageError):
                if await self.find(table_id) is not None:
                    taken += 1
        return taken

    async def close(self) -> None:
        """Stop the background work, give every lease up and close the store and the bus."""
        if self.on_closing is not None:
            await self.on_closing()
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
