"""Taking a table on and giving it up: the ownership record in Redis, the claim in the database
(the fence) and the table's bus channel, kept together.

A claim the database refuses (a newer epoch holds the table) is not an error for whoever asked
for the table: either another process took the table meanwhile (its owner is returned, and the
connection is relayed there), or Redis's epoch counter fell behind the database (Redis lost its
data): the counter is moved past the stored epoch and the table is claimed again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from sqlalchemy import select

from rami.server.cluster.bus import Bus, OwnerHandler
from rami.server.cluster.liveness import Granted, Held, Liveness
from rami.server.social.lobby import TableUnavailable
from rami.server.store.schema import tables_t
from rami.server.store.sql_store import SqlStorage
from rami.server.store.storage import StorageError

log = logging.getLogger("rami.server")

CLAIM_TRIES = 3
"""Claims of one table tried in a row (each under a newer epoch) before giving up for now."""


class Ownership:
    """The tables process ``liveness.process_id`` owns, fenced in ``sql``."""

    def __init__(self, liveness: Liveness, bus: Bus, sql: SqlStorage) -> None:
        self.liveness = liveness
        self.bus = bus
        self.sql = sql
        self.on_owned: OwnerHandler | None = None
        """Receives the relayed connection messages of the tables owned here."""

    async def adopt(self, table_id: str) -> str | None:
        """Own the table (None), or the live process that owns it; raises
        :class:`TableUnavailable` when neither can be settled now."""
        for _ in range(CLAIM_TRIES):
            got = await self.liveness.acquire(table_id)
            if isinstance(got, Held):
                return got.owner
            if not isinstance(got, Granted):  # this process was presumed dead: it rejoins
                raise TableUnavailable("this server is rejoining its cluster: try again")
            try:
                await asyncio.to_thread(self.sql.claim, table_id, got.epoch)
            except StorageError:
                owner = await self._claim_refused(table_id)
                if owner is not None:
                    return owner
                continue
            try:
                if self.on_owned is not None:
                    await self.bus.own(table_id, self.on_owned)
            except BaseException:
                await self.let_go(table_id)
                raise
            return None
        raise TableUnavailable("this table cannot be taken over now: try again")

    async def _claim_refused(self, table_id: str) -> str | None:
        """After a refused claim: the process that owns the table now, or None when nobody
        does (the epoch counter is moved past the database's for the next try)."""
        await self.liveness.release(table_id)
        owner = await self.liveness.owner_of(table_id)
        if owner is not None:
            log.info("table %s: taken over by %s meanwhile, relayed there", table_id, owner)
            return owner
        try:
            stored = await asyncio.to_thread(self._stored_epoch, table_id)
        except Exception as error:  # the database is unreachable: nothing to settle now
            raise TableUnavailable("this table cannot be read now: try again") from error
        log.warning("table %s: epoch counter behind the database (%d), raised", table_id, stored)
        await self.liveness.raise_epoch(table_id, stored)
        return None

    def _stored_epoch(self, table_id: str) -> int:
        with self.sql.engine.connect() as connection:
            query = select(tables_t.c.epoch).where(tables_t.c.id == table_id)
            return int(connection.execute(query).scalar_one_or_none() or 0)

    async def let_go(self, table_id: str) -> None:
        """Stop writing and listening for a table and give its ownership up."""
        self.sql.release(table_id)
        with contextlib.suppress(Exception):
            await self.bus.disown(table_id)
            await self.liveness.release(table_id)

    async def pass_to(self, table_id: str, process_id: str) -> bool:
        """Give a retired table to process ``process_id``; False: it was not ours any more."""
        try:
            return await self.liveness.pass_to(table_id, process_id)
        finally:
            self.sql.release(table_id)
            with contextlib.suppress(Exception):
                await self.bus.disown(table_id)
