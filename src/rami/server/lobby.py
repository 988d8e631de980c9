"""The lobby: every table of the server, created new or restored from storage."""

from __future__ import annotations

import time
from collections.abc import Callable

from rami.errors import RamiError
from rami.server.auth import new_table_id
from rami.server.config import TableConfig
from rami.server.driver import Driver
from rami.server.storage import Storage, StoredTable
from rami.server.table import Settings, Table
from rami.shuffle import new_seed


class Lobby:
    """Tables by id, each with its driver task."""

    def __init__(
        self, storage: Storage, settings: Settings, seeds: Callable[[], str] = new_seed
    ) -> None:
        self.storage = storage
        self.seeds = seeds
        self.settings = settings
        self.tables: dict[str, Table] = {}
        self.drivers: dict[str, Driver] = {}
        self.broken: dict[str, str] = {}
        """Stored tables that could not be restored, with the reason."""

    def _add(self, table: Table) -> None:
        self.tables[table.table_id] = table
        driver = self.drivers[table.table_id] = Driver(table)
        driver.start()

    def restore(self) -> int:
        """Rebuild every stored table by replaying its events; returns how many."""
        for stored in self.storage.load_all():
            try:
                table = Table(
                    stored.table_id,
                    TableConfig.from_json(stored.config),
                    stored.secret["seed"],
                    self.storage,
                    self.settings,
                    stored.created,
                )
                for event in stored.events:
                    table.apply_event(event)
            except (RamiError, KeyError, ValueError, AssertionError) as error:
                self.broken[stored.table_id] = str(error)
                continue
            self._add(table)
        return len(self.tables)

    async def create(self, config: TableConfig, host_name: str) -> tuple[Table, str]:
        """A new table with its host in seat 1; returns the table and the host's token."""
        table_id = new_table_id()
        created = time.time()
        seed = self.seeds()
        stored = StoredTable(table_id, created, config.to_json(), {"seed": seed})
        await self.storage.create_table(stored)
        table = Table(table_id, config, seed, self.storage, self.settings, created)
        self._add(table)
        async with table.lock:
            _, token = await table.take_seat(host_name, 0)
        return table, token

    async def close(self) -> None:
        """Stop every driver and close the store."""
        for driver in self.drivers.values():
            await driver.stop()
        await self.storage.close()
