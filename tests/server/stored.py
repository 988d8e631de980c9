"""Test helpers that wait on what the server stores, so no connection has to be open."""

from __future__ import annotations

import asyncio
import queue
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import UNHURRIED, seeds

from rami.server import Settings, create_app
from rami.server.social.lobby import Lobby
from rami.server.store.storage import MemoryStorage, Storage
from rami.server.tables.actor import Table
from rami.server.tables.clock import ManualClock

WAIT = 60.0
"""Generous limit for anything the server does by itself (the machine may be busy)."""


@contextmanager
def serve(storage: Storage, seed: str = "test", **settings: float) -> Iterator[TestClient]:
    """A running app on ``storage`` with these :class:`Settings` (bots act at once by default)
    whose tables read a :class:`ManualClock` (time passes with :func:`advance`); no message
    budget stops a test that plays fast."""
    lobby = Lobby(storage, Settings(**{"bot_delay": 0.0, **settings}), seeds(seed), ManualClock())
    with TestClient(create_app(lobby=lobby, limits=UNHURRIED)) as client:
        yield client


def clock_of(app: TestClient) -> ManualClock:
    """The manual clock the app's tables read."""
    clock = app.app.state.lobby.clock  # type: ignore[attr-defined]
    assert isinstance(clock, ManualClock)
    return clock


def advance(app: TestClient, seconds: float) -> None:
    """Let ``seconds`` pass on the app's clock (its tables' timers fire on the loop)."""
    app.portal.call(clock_of(app).advance, seconds)  # type: ignore[union-attr]


class RecordingStorage(MemoryStorage):
    """A memory store that reports every event it stores on a thread-safe queue."""

    def __init__(self) -> None:
        super().__init__()
        self.stored: queue.Queue[tuple[str, int, dict[str, Any]]] = queue.Queue()

    async def append(self, table_id: str, version: int, event: dict[str, Any]) -> None:
        """Store, then report once the table has applied it (on the loop's next turn)."""
        await super().append(table_id, version, event)
        asyncio.get_running_loop().call_soon(self.stored.put, (table_id, version, event))

    def until(self, done: Callable[[], bool], timeout: float = WAIT) -> None:
        """Wait for stored events until ``done()`` holds (checked after each one)."""
        deadline = time.monotonic() + timeout
        while not done():
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError("the server stopped storing events before the condition")
            try:
                self.stored.get(timeout=left)
            except queue.Empty:
                continue


def lobby_table(app: TestClient, table_id: str) -> Table | None:
    """The table in memory (None: not loaded)."""
    table: Table | None = app.app.state.lobby.tables.get(table_id)  # type: ignore[attr-defined]
    return table


def wait_archived(app: TestClient, table_id: str, timeout: float = WAIT) -> None:
    """Let ``archive_after`` pass, then wait until the table is out of memory (its driver task
    ends when it is archived)."""
    lobby = app.app.state.lobby  # type: ignore[attr-defined]
    driver = lobby.drivers.get(table_id)
    if driver is None:
        return
    task = driver.task
    advance(app, lobby.settings.archive_after)

    async def ended() -> None:
        await asyncio.wait_for(asyncio.shield(task), timeout)

    app.portal.call(ended)  # type: ignore[union-attr]
