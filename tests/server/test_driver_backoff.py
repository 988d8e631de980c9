"""A store that fails: the stand-in tries the same move again after a doubling, capped wait."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from rami.rules import get_rules
from rami.server.store.storage import MemoryStorage, StorageError, StoredTable
from rami.server.tables.actor import Table
from rami.server.tables.backoff import Backoff
from rami.server.tables.clock import ManualClock
from rami.server.tables.config import TableConfig
from rami.server.tables.driver import Driver
from rami.server.tables.state import Settings


class DownStorage(MemoryStorage):
    """A memory store whose next ``down`` appends fail; every try is reported with its time."""

    def __init__(self, clock: ManualClock) -> None:
        super().__init__()
        self.clock = clock
        self.down = 0
        self.tries: asyncio.Queue[tuple[float, bool]] = asyncio.Queue()

    async def append(self, table_id: str, version: int, event: dict[str, Any]) -> None:
        if self.down > 0:
            self.down -= 1
            self.tries.put_nowait((self.clock.now(), False))
            raise StorageError("could not connect to the database")
        await super().append(table_id, version, event)
        self.tries.put_nowait((self.clock.now(), True))


async def bots_table(clock: ManualClock) -> tuple[Table, DownStorage]:
    """A started table of two bots on a store that works (until told otherwise)."""
    storage = DownStorage(clock)
    config = TableConfig(get_rules("rami40"), ("random", "random"), None, "rami40")
    await storage.create_table(StoredTable("t", 0.0, config.to_json(), {"seed": "backoff"}))
    table = Table("t", config, "backoff", storage, Settings(bot_delay=0.0), 0.0, clock)
    async with table.lock:
        await table.start_match()
    await storage.tries.get()  # the start
    return table, storage


async def retry_schedule(failures: int) -> tuple[list[float], list[list[float]], int]:
    """When the stand-in tried, the deadlines it waited for after each failure, and the
    version once the store is back."""
    clock = ManualClock(start=0.0)
    table, storage = await bots_table(clock)
    storage.down = failures
    driver = Driver(table)
    driver.backoff = Backoff(first=1.0, cap=4.0)
    driver.start()
    tries: list[float] = []
    waits: list[list[float]] = []
    while True:
        at, stored = await storage.tries.get()
        tries.append(at)
        if stored:
            break
        waits.append(clock.pending())
        await clock.advance(waits[-1][0] - clock.now())
    await driver.stop()
    return tries, waits, table.version


def test_the_stand_in_backs_off_while_the_store_is_down(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.ERROR, "rami.server"):
        tries, waits, version = asyncio.run(retry_schedule(failures=5))
    assert tries == [0.0, 1.0, 3.0, 7.0, 11.0, 15.0], "1, 2, 4 seconds, then the cap of 4"
    assert waits == [[1.0], [3.0], [7.0], [11.0], [15.0]], "nothing else is scheduled"
    assert version >= 2, "the move is stored once the store is back"
    lines = [r.getMessage() for r in caplog.records if "not saved" in r.getMessage()]
    assert len(lines) == 5, "one line per try"
    assert [line.rsplit("again in ", 1)[1] for line in lines] == ["1 s", "2 s", "4 s", "4 s", "4 s"]
    assert all("event 2" in line for line in lines), "the same event each time"


def test_backoff_doubles_up_to_its_cap_and_a_success_resets_it() -> None:
    backoff = Backoff(first=0.5, cap=3.0)
    assert [backoff.failed() for _ in range(5)] == [0.5, 1.0, 2.0, 3.0, 3.0]
    backoff.succeeded()
    assert backoff.failed() == 0.5
