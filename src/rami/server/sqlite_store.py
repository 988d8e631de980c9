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
from sqlalchemy.exc import OperationalError

from rami.server.storage import CorruptTableError, StorageError, StoredTable

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


def _loads(text: Any, what: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except (ValueError, TypeError, RecursionError) as error:
        raise CorruptTableError(f"{what} is not valid JSON ({error})") from None
    if not isinstance(value, dict):
        raise CorruptTableError(f"{what} is not a JSON object")
    return value


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

    def table_ids(self) -> list[str]:
        """Every stored table id, oldest first."""
        with self.engine.connect() as conn:
            query = select(tables_t.c.id).order_by(tables_t.c.created, tables_t.c.id)
            return [str(row.id) for row in conn.execute(query)]

    def load(self, table_id: str) -> StoredTable | None:
        """Read one table and its events; a gap in the versions is a :class:`CorruptTableError`.

        A store that cannot be read now (locked, gone) raises a plain :class:`StorageError`.
        """
        try:
            with self.engine.connect() as conn:
                found = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).first()
                if found is None:
                    return None
                query = (
                    select(events_t.c.version, events_t.c.payload)
                    .where(events_t.c.table_id == table_id)
                    .order_by(events_t.c.version)
                )
                rows = conn.execute(query).all()
        except OperationalError as error:
            raise StorageError(f"the store cannot be read: {error}") from None
        config, secret = _loads(found.config, "config"), _loads(found.secret, "secret")
        events = []
        for expected, (version, payload) in enumerate(rows, start=1):
            if version != expected:
                raise CorruptTableError(f"event {expected} is missing (the next one is {version})")
            events.append(_loads(payload, f"event {version}"))
        try:
            created = float(found.created)
        except (TypeError, ValueError):
            raise CorruptTableError(f"creation time {found.created!r} is not a number") from None
        return StoredTable(str(found.id), created, config, secret, events)

    async def close(self) -> None:
        """Drain the queue, stop the writer thread and dispose of the engine."""
        await asyncio.to_thread(self.shutdown)

    def shutdown(self) -> None:
        """:meth:`close` for code outside an event loop (blocks until the writes are done)."""
        self._queue.put(None)
        self._thread.join()
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
