"""SQLite storage through SQLAlchemy, written by one thread with group commits.

Writers await a future that resolves after the transaction holding their row has committed,
so an event is on disk before its command is acknowledged. Commands arriving together share
one commit. The database runs in WAL mode with ``synchronous=NORMAL``: a killed server process
loses nothing committed (an operating-system crash may lose the last commits).
"""

from __future__ import annotations

import asyncio
import json
import queue
import threading
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    insert,
    select,
)
from sqlalchemy.engine import Connection, Engine

from rami.server.storage import StorageError, StoredTable

DB_NAME = "rami.sqlite3"
BATCH = 256

metadata = MetaData()
tables_t = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("created", Float, nullable=False),
    Column("config", Text, nullable=False),
    Column("secret", Text, nullable=False),
)
events_t = Table(
    "events",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("version", Integer, primary_key=True),
    Column("payload", Text, nullable=False),
)

Write = tuple[Any, dict[str, Any], asyncio.Future[None] | None, asyncio.AbstractEventLoop | None]


def _pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def make_engine(data_dir: Path) -> Engine:
    """An engine on ``data_dir/rami.sqlite3`` with the tables created."""
    data_dir.mkdir(parents=True, exist_ok=True)
    engine = create_engine(f"sqlite:///{data_dir / DB_NAME}")
    event.listen(engine, "connect", _pragmas)
    metadata.create_all(engine)
    return engine


def _dumps(value: dict[str, Any]) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class SqliteStorage:
    """The embedded default store: one SQLite file in the data directory."""

    def __init__(self, data_dir: str | Path) -> None:
        self.engine = make_engine(Path(data_dir))
        self._queue: queue.Queue[Write | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="rami-sqlite", daemon=True)
        self._thread.start()

    async def _submit(self, statement: Any, params: dict[str, Any]) -> None:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._queue.put((statement, params, done, loop))
        await done

    async def create_table(self, table: StoredTable) -> None:
        """Insert the table row."""
        row = {
            "id": table.table_id,
            "created": table.created,
            "config": _dumps(table.config),
            "secret": _dumps(table.secret),
        }
        await self._submit(insert(tables_t), row)

    async def append(self, table_id: str, version: int, event: dict[str, Any]) -> None:
        """Insert one event; a duplicate version is refused by the primary key."""
        row = {"table_id": table_id, "version": version, "payload": _dumps(event)}
        await self._submit(insert(events_t), row)

    def load_all(self) -> list[StoredTable]:
        """Read every table and its events."""
        out: dict[str, StoredTable] = {}
        with self.engine.connect() as conn:
            for row in conn.execute(select(tables_t).order_by(tables_t.c.created)):
                out[row.id] = StoredTable(
                    row.id, row.created, json.loads(row.config), json.loads(row.secret)
                )
            query = select(events_t).order_by(events_t.c.table_id, events_t.c.version)
            for row in conn.execute(query):
                stored = out.get(row.table_id)
                if stored is not None and row.version == len(stored.events) + 1:
                    stored.events.append(json.loads(row.payload))
        return list(out.values())

    async def close(self) -> None:
        """Drain the queue, stop the writer thread and dispose of the engine."""
        self._queue.put(None)
        await asyncio.to_thread(self._thread.join)
        self.engine.dispose()

    def _run(self) -> None:
        with self.engine.connect() as conn:
            while True:
                first = self._queue.get()
                if first is None:
                    return
                batch = [first]
                while len(batch) < BATCH:
                    try:
                        item = self._queue.get_nowait()
                    except queue.Empty:
                        break
                    if item is None:
                        self._queue.put(None)
                        break
                    batch.append(item)
                self._write(conn, batch)

    def _write(self, conn: Connection, batch: list[Write]) -> None:
        errors: list[BaseException | None] = []
        try:
            with conn.begin():
                for statement, params, _, _ in batch:
                    try:
                        conn.execute(statement, params)
                        errors.append(None)
                    except Exception as failure:  # reported to its writer
                        errors.append(failure)
        except Exception as failure:  # the commit failed: every write failed
            errors = [failure] * len(batch)
        for (_, _, done, loop), outcome in zip(batch, errors, strict=True):
            if done is not None and loop is not None:
                loop.call_soon_threadsafe(_settle, done, outcome)


def _settle(done: asyncio.Future[None], error: BaseException | None) -> None:
    if done.done():
        return
    if error is None:
        done.set_result(None)
    else:
        done.set_exception(StorageError(str(error)))
