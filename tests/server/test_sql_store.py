"""The SQL store on a real PostgreSQL: events in order, and the epoch fence between owners."""

from __future__ import annotations

import asyncio

import pytest

from rami.server.store.sql_store import SqlStorage
from rami.server.store.storage import StorageError, StoredTable
from services import postgres_database


def test_events_round_trip_and_a_stale_owner_cannot_write() -> None:
    async def scenario(url: str) -> None:
        first, second = SqlStorage(url), SqlStorage(url, fenced=True)
        try:
            await first.create_table(StoredTable("t1", 1.0, {"preset": "rami51"}, {"seed": "s"}))
            first.claim("t1", 1)
            await first.append("t1", 1, {"type": "join", "seat": 0})
            await first.set_status("t1", "playing")
            assert second.playing_ids() == ["t1"]
            second.claim("t1", 2)  # the lease moved: the second process owns the table
            with pytest.raises(StorageError, match="epoch"):
                await first.append("t1", 2, {"type": "start"})
            with pytest.raises(StorageError):
                first.claim("t1", 1)  # an older epoch cannot take it back
            await second.append("t1", 2, {"type": "start"})
            with pytest.raises(StorageError):
                await second.append("t1", 2, {"type": "start"})  # one event per version
            stored = second.load("t1")
            assert stored is not None
            assert stored.events == [{"type": "join", "seat": 0}, {"type": "start"}]
            second.release("t1")
            with pytest.raises(StorageError, match="not owned"):
                await second.append("t1", 3, {"type": "act"})  # released: never written
            await second.set_status("t1", "finished")
            assert first.playing_ids() == []
            await first.create_table(StoredTable("t2", 2.0, {"preset": "rami51"}, {"seed": "s"}))
            await first.append("t2", 1, {"type": "join", "seat": 0})
            assert first.playing_ids() == [], "waiting to start"
            await first.append("t2", 2, {"type": "start"})
            assert first.playing_ids() == ["t2"], "stored before statuses: its events tell"
        finally:
            await first.close()
            await second.close()

    with postgres_database() as url:
        asyncio.run(scenario(url))
