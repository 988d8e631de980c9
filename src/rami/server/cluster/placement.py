"""The cluster's placement: tables shared by ``rami serve`` processes over one database and one
Redis (see docs/DEPLOY.md).

Each table is owned by one process at a time (:mod:`.ownership`, fenced by epochs in the
database); each process keeps one heartbeat (:mod:`.liveness`), so its Redis traffic does not
grow with the tables it holds. The owner loads a table when it is first asked for, drives it
(bots, timers, stand-ins) and writes its events. Connections that reach another process are
relayed to the owner over the bus (:mod:`.bus`): the relay forwards the connection's raw
messages; the owner runs them through an ordinary :class:`~rami.server.edge.ws.Session` whose
outbox is published back, so the owner alone reads the table and every snapshot is built
there from ``view_for``. When the owner stops answering, the relay closes the connection with
1012 and the client reconnects to whichever process then owns the table.

When a process's heartbeat lapses, it is dead for the others: the next sweep (one process per
period) takes its matches in play over, and its other tables load wherever they are asked for.
If it was only paused, it finds its heartbeat lapsed, lets every table go (their clients
reconnect and are relayed to the new owners) and joins again as a new incarnation.

**Handover** (:mod:`.handover`). When every connection of a table reaches its owner through
one other process, the table moves there without closing a connection:

1. the owner asks that process to ``pause`` the table's connections;
2. the relay stops forwarding (a message the client sends meanwhile is held) and answers
   ``paused`` on the table's channel, after every message it forwarded before;
3. the owner handles what it received, publishes what it answered, stops serving the table
   and passes its ownership to the relay's process, then sends ``handover`` with each
   connection's seat and language and the table's chat;
4. the relay's process loads the table under a new epoch and serves the connections itself.

When anything changed meanwhile (a connection came to another process), the owner sends
``resume`` instead and nothing moves. :mod:`.serving` is the owner's side (steps 1 and 3),
:mod:`.relaying` the relaying process's side (steps 2 and 4).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass

from redis.asyncio import Redis
from starlette.websockets import WebSocket

from rami.server.cluster.bus import Bus
from rami.server.cluster.liveness import Liveness
from rami.server.cluster.ownership import Ownership
from rami.server.cluster.relaying import LOOKUP_BATCH, Relaying
from rami.server.cluster.serving import Serving
from rami.server.messages.limits import Limits
from rami.server.social.lobby import Lobby, TableUnavailable
from rami.server.social.placement import Arrived, Caps, Relay, Served
from rami.server.store.sql_store import SqlStorage
from rami.server.store.storage import StorageError
from rami.server.tables.clock import SYSTEM_CLOCK, Clock
from rami.server.tables.identity import Identity
from rami.server.tables.state import Settings
from rami.shuffle import new_seed

log = logging.getLogger("rami.server")


@dataclass(frozen=True, slots=True)
class ClusterTiming:
    """Seconds: how long a heartbeat keeps a process alive (renewed every third of it) and
    the sweep period."""

    lease: float = 3.0
    sweep: float = 1.0
    sweep_batch: int = 200
    """Tables without a live owner taken over per sweep."""


class ClusterPlacement:
    """The tables this process owns, among those every process shares."""

    def __init__(
        self,
        sql: SqlStorage,
        redis: Redis,
        process_id: str,
        limits: Limits,
        timing: ClusterTiming = ClusterTiming(),
        clock: Clock = SYSTEM_CLOCK,
    ) -> None:
        self.sql = sql
        self.redis = redis
        self.process_id = process_id
        self.limits = limits
        self.timing = timing
        self.clock = clock
        self.liveness = Liveness(redis, process_id, timing.lease, clock=clock)
        self.bus = Bus(redis, process_id)
        self.ownership = Ownership(self.liveness, self.bus, sql)
        self.serving: Serving | None = None
        self.caps: Caps | None = None
        """Where the connections relayed to tables served here are counted."""
        self.relaying: Relaying | None = None
        self._lobby: Served | None = None

    @property
    def lobby(self) -> Served:
        """The lobby served (once started)."""
        assert self._lobby is not None, "the placement is not started"
        return self._lobby

    async def start(self, lobby: Served) -> None:
        """Join the cluster: heartbeat, bus, and the sweep for tables without a live owner."""
        self._lobby = lobby
        self.serving = Serving(lobby, self.ownership, self.limits, self.clock, self.caps)
        self.relaying = Relaying(lobby, self.bus, self.liveness, self.clock)
        self.ownership.on_owned = self.serving.from_relay
        await self.liveness.register()
        await self.bus.start(self.relaying.to_connection)
        lobby.spawn(self._beat_forever())
        lobby.spawn(self._sweep_forever())

    async def adopt(self, table_id: str) -> str | None:
        """Own the table (None), or the live process owning it."""
        return await self.ownership.adopt(table_id)

    async def let_go(self, table_id: str) -> None:
        """Give an archived (or unloadable) table up: any process may load it next."""
        await self.ownership.let_go(table_id)

    def count_with(self, caps: Caps) -> None:
        """Count the connections relayed to tables owned here in ``caps``."""
        self.caps = caps

    def relay(self) -> Relay:
        """Connections to tables owned elsewhere go through the bus."""
        return self._relay

    async def _relay(
        self,
        websocket: WebSocket,
        table_id: str,
        owner: str,
        account: Identity | None,
        address: str,
    ) -> Arrived | None:
        assert self.relaying is not None, "the placement is not started"
        return await self.relaying.relay(websocket, table_id, owner, account, address)

    def relayed_connections(self) -> int:
        """Connections this process carries to tables owned elsewhere."""
        return 0 if self.relaying is None else len(self.relaying.relayed)

    async def drop(self, table_id: str) -> None:
        """Stop serving a table this process lost: no driver, no writes, connections moved."""
        table = await self.lobby.drop(table_id)
        await self.ownership.let_go(table_id)
        if table is not None:
            log.warning("table %s: ownership lost, no longer served here", table_id)
            if self.serving is not None:
                self.serving.table_lost(table)

    # --- background --------------------------------------------------------------------

    async def _beat_forever(self) -> None:
        while True:
            await self.clock.sleep(self.timing.lease / 3)
            try:
                if not await self.liveness.beat():
                    await self.rejoin()
            except Exception:  # Redis unreachable: the heartbeat may lapse; try again
                log.exception("the heartbeat of %s failed", self.process_id)

    async def rejoin(self) -> None:
        """This process was presumed dead (its heartbeat lapsed): every table it held may be
        another's now, so it lets them all go and joins again owning nothing."""
        owned = list(self.lobby.tables)
        log.warning("%s: heartbeat lapsed, letting %d tables go", self.process_id, len(owned))
        for table_id in owned:
            await self.drop(table_id)
        await self.liveness.register()

    async def _sweep_forever(self) -> None:
        while True:
            await self.clock.sleep(self.timing.sweep)
            try:
                if await self._my_turn_to_sweep():
                    await self.sweep()
            except Exception:  # the next sweep tries again
                log.exception("sweeping for tables without an owner failed")

    async def _my_turn_to_sweep(self) -> bool:
        """One process of the cluster sweeps per period (the first to take the turn's key),
        so the cost of a sweep does not grow with the number of processes."""
        period_ms = max(1, int(self.timing.sweep * 1000))
        key = f"{self.liveness.prefix}:sweep"
        return bool(await self.redis.set(key, self.process_id, nx=True, px=period_ms))

    async def sweep(self) -> int:
        """Take over matches in play whose owner is dead (or that nobody owns); returns how
        many. Tables with nothing to do by themselves (waiting, finished) are left to load on
        demand, wherever they are asked for."""
        lobby = self.lobby
        await self.liveness.forget_dead()
        live = await asyncio.to_thread(self.sql.playing_ids)
        elsewhere = [t for t in live if t not in lobby.tables and t not in lobby.broken]
        orphans: list[str] = []
        for start in range(0, len(elsewhere), LOOKUP_BATCH):
            batch = elsewhere[start : start + LOOKUP_BATCH]
            owners = await self.liveness.owners_of(batch)
            orphans += [t for t, owner in zip(batch, owners, strict=True) if owner is None]
            if len(orphans) >= self.timing.sweep_batch:
                break
        taken = 0
        for table_id in orphans[: self.timing.sweep_batch]:
            with contextlib.suppress(TableUnavailable, StorageError):
                if await lobby.find(table_id) is not None:
                    taken += 1
        return taken

    async def stop(self) -> None:
        """Stop every session served for another process (the process is shutting down)."""
        if self.serving is not None:
            await self.serving.close()

    async def close(self, owned: list[str]) -> None:
        """Give every table up, end this incarnation and close the bus."""
        for table_id in owned:
            with contextlib.suppress(Exception):
                await self.liveness.release(table_id)
        with contextlib.suppress(Exception):
            await self.liveness.retire()
        await self.bus.close()


def cluster_lobby(
    sql: SqlStorage,
    settings: Settings,
    redis: Redis,
    process_id: str,
    limits: Limits,
    timing: ClusterTiming = ClusterTiming(),
    clock: Clock = SYSTEM_CLOCK,
    seeds: Callable[[], str] = new_seed,
) -> Lobby:
    """The one lobby with the cluster's placement."""
    placement = ClusterPlacement(sql, redis, process_id, limits, timing, clock)
    return Lobby(sql, settings, seeds, clock=clock, placement=placement)
