"""Storage behind a small interface: tables and their ordered events.

A table is stored once (its configuration and its private match seed) and then grows by one
event per version: joins, the start, every action, each new round, the host's seat changes
(each a JSON object, ``type`` first; the kinds are :mod:`rami.server.tables.events`).
Replaying the events rebuilds the table exactly, so a restarted server loses nothing that
was acknowledged.
:class:`MemoryStorage` keeps everything in memory; :mod:`rami.server.store.sql_store` writes
SQLite through SQLAlchemy.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from rami.errors import RamiError


@dataclass
class StoredTable:
    """A table as stored: configuration, private data (seed, token hashes), events in order."""

    table_id: str
    created: float
    config: dict[str, Any]
    secret: dict[str, Any]
    events: list[dict[str, Any]] = field(default_factory=list)


class StorageError(RamiError):
    """The store refused or failed a write; the command is refused and nothing changes."""

    code = "storage_failed"


class CorruptTableError(StorageError):
    """A stored table whose rows cannot be read back: unreadable JSON, a gap in its versions."""

    code = "corrupt_table"


class Storage(Protocol):
    """Where tables live between restarts."""

    async def create_table(self, table: StoredTable) -> None:
        """Store a new table (with no events)."""
        ...

    async def append(self, table_id: str, version: int, event: dict[str, Any]) -> None:
        """Store event number ``version`` of a table; returns once it is written."""
        ...

    def table_ids(self) -> list[str]:
        """The id of every stored table, oldest first."""
        ...

    def playing_ids(self) -> list[str]:
        """The tables with a match in play (status ``playing``), oldest first."""
        ...

    def load(self, table_id: str) -> StoredTable | None:
        """One table with its events in version order (None: no such table).

        Raises :class:`CorruptTableError` when its rows cannot be read or a version is missing.
        Safe to call from a worker thread.
        """
        ...

    async def set_status(self, table_id: str, status: str) -> None:
        """Record a table's status: waiting, playing or finished (a hint for listings)."""
        ...

    async def set_lobby(self, table_id: str, taken: int, players: list[str], round_: int) -> None:
        """Record what the lobby lists of a public table: seats taken, names, the round."""
        ...

    def lobby_rows(self, limit: int) -> list[dict[str, Any]]:
        """Public tables waiting or in play, newest first, at most ``limit`` of each status:
        ``{table, status, preset, seats, taken, players, rated, turn_seconds, round}``."""
        ...

    async def close(self) -> None:
        """Finish pending writes and release the store."""
        ...


def listing_of(config: dict[str, Any]) -> dict[str, Any]:
    """The lobby's columns of a new table, from its stored configuration."""
    bots = config.get("bots", [])
    return {
        "public": bool(config.get("public", False)),
        "rated": bool(config.get("rated", False)),
        "preset": str(config.get("base", config.get("preset", ""))),
        "seats": len(bots),
        "taken": sum(1 for level in bots if level is not None),
        "players": [f"Bot {i + 1} ({level})" for i, level in enumerate(bots) if level is not None],
        "round": 0,
    }


class MemoryStorage:
    """A store that forgets everything when the process ends (tests, benchmarks)."""

    def __init__(self) -> None:
        self.tables: dict[str, StoredTable] = {}
        self.statuses: dict[str, str] = {}
        self.listings: dict[str, dict[str, Any]] = {}

    async def create_table(self, table: StoredTable) -> None:
        """Keep a copy of the new table."""
        if table.table_id in self.tables:
            raise StorageError(f"table {table.table_id} exists")
        self.tables[table.table_id] = StoredTable(
            table.table_id, table.created, dict(table.config), dict(table.secret)
        )
        self.listings[table.table_id] = listing_of(table.config)

    async def append(self, table_id: str, version: int, event: dict[str, Any]) -> None:
        """Append the event; versions must follow each other."""
        stored = self.tables[table_id]
        if version != len(stored.events) + 1:
            raise StorageError(f"version {version} does not follow {len(stored.events)}")
        stored.events.append(dict(event))

    def table_ids(self) -> list[str]:
        """Every table kept so far, in creation order."""
        return list(self.tables)

    def playing_ids(self) -> list[str]:
        """The tables whose status is ``playing``, in creation order."""
        return [t for t in self.tables if self.statuses.get(t) == "playing"]

    def load(self, table_id: str) -> StoredTable | None:
        """A copy of one table (its events are the same dicts: restoring only reads them)."""
        stored = self.tables.get(table_id)
        if stored is None:
            return None
        return StoredTable(
            stored.table_id, stored.created, stored.config, stored.secret, list(stored.events)
        )

    async def set_status(self, table_id: str, status: str) -> None:
        """Keep the status."""
        self.statuses[table_id] = status

    async def set_lobby(self, table_id: str, taken: int, players: list[str], round_: int) -> None:
        """Keep the lobby's facts."""
        listing = self.listings.get(table_id)
        if listing is not None:
            listing.update(taken=taken, players=list(players), round=round_)

    def lobby_rows(self, limit: int) -> list[dict[str, Any]]:
        """The public tables waiting or in play, newest first."""
        rows: list[dict[str, Any]] = []
        counts = {"waiting": 0, "playing": 0}
        for table_id in reversed(list(self.tables)):
            listing = self.listings.get(table_id)
            status = self.statuses.get(table_id, "waiting")
            if listing is None or not listing["public"] or counts.get(status, limit) >= limit:
                continue
            if status == "waiting" and listing["taken"] >= listing["seats"]:
                continue
            counts[status] += 1
            turn = self.tables[table_id].config.get("turn_timer")
            rows.append({"table": table_id, "status": status, "turn_seconds": turn, **listing})
        return rows

    async def close(self) -> None:
        """Nothing to release."""
