"""A table's driver stops when asked, even when the table changed in the same instant.

Creating a table seats its host, which wakes the driver; dropping the table right after
(a lost claim, a handover, a rejoin elsewhere) cancels the driver in that same turn of the
event loop. The wait must give way to the cancel instead of taking the wake-up and waiting
on for good.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from rami.rules import get_rules
from rami.server.social.lobby import Lobby
from rami.server.store.sql_store import SqliteStorage
from rami.server.tables.actor import Table
from rami.server.tables.clock import SYSTEM_CLOCK, Clock, ManualClock
from rami.server.tables.config import TableConfig
from rami.server.tables.state import Settings

GUARD = 10.0
"""Seconds after which a drop that has not returned counts as stuck (a bound, never waited
out when the driver stops as it should)."""


async def retire(lobby: Lobby, table: Table) -> None:
    """Hand the table over as the cluster does: retired under its lock."""
    async with table.lock:
        await lobby.retire(table)


async def drop(lobby: Lobby, table: Table) -> None:
    """Let the table go as a lost claim does."""
    await lobby.drop(table.table_id)


async def create_then_stop(
    data: Path, clock: Clock, stop: Callable[[Lobby, Table], Awaitable[None]]
) -> tuple[bool, bool]:
    """Create a table on the embedded store (whose writes leave the event loop, so the driver
    is inside its wait when the host is seated) and ``stop`` serving it at once; whether
    ``stop`` returned and the driver ended."""
    lobby = Lobby(SqliteStorage(data), Settings(), clock=clock)
    config = TableConfig(get_rules("rami40"), (None, None), None, "rami40")
    table, _ = await lobby.create(config, "Ana")
    driver = lobby.drivers[table.table_id]
    assert table.wakeup.is_set(), "seating the host wakes the driver"
    stopping = asyncio.create_task(stop(lobby, table))
    done, _ = await asyncio.wait({stopping}, timeout=GUARD)
    stopped = driver.task is not None and driver.task.done()
    if not done:  # leave nothing running behind a failed test
        assert driver.task is not None
        driver.task.cancel()
        stopping.cancel()
        await asyncio.gather(stopping, driver.task, return_exceptions=True)
    await lobby.close()
    return bool(done), stopped


@pytest.mark.parametrize("stop", [drop, retire], ids=["drop", "retire"])
@pytest.mark.parametrize("clock", [SYSTEM_CLOCK, ManualClock()], ids=["system", "manual"])
def test_letting_a_table_go_right_after_it_is_created_stops_its_driver(
    tmp_path: Path, clock: Clock, stop: Callable[[Lobby, Table], Awaitable[None]]
) -> None:
    returned, stopped = asyncio.run(create_then_stop(tmp_path, clock, stop))
    assert returned, "the lobby let the table go"
    assert stopped, "the driver's task ended"


def test_a_wait_cancelled_as_its_event_is_set_is_cancelled() -> None:
    async def scenario() -> bool:
        event = asyncio.Event()
        waiter = asyncio.create_task(SYSTEM_CLOCK.wait(event, 60.0))
        await asyncio.sleep(0)  # one turn of the loop: the waiter is inside its wait
        event.set()
        waiter.cancel()
        results = await asyncio.gather(waiter, return_exceptions=True)
        return isinstance(results[0], asyncio.CancelledError)

    assert asyncio.run(scenario()), "the cancel wins over the event set in the same turn"
