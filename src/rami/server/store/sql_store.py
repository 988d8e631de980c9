"""The SQL store (SQLite or PostgreSQL through SQLAlchemy), written by one thread with group
commits.

Writers await a future that resolves after the transaction holding their row has committed,
so an event is on disk before its command is acknowledged. Commands arriving together share
one commit. The embedded SQLite file runs in WAL mode with ``synchronous=NORMAL``: a killed
server process loses nothing committed (an operating-system crash may lose the last commits).

When tables are shared by several processes, the owner of a table claims it with its lease's
epoch (:meth:`SqlStorage.claim`); every event it writes is then checked against the table's
stored epoch in the same transaction, so a process that lost the table can no longer write,
and a table it released (or never claimed) is not written at all.
"""

from __future__ import annotations

import asyncio
import json
import queue
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import insert, select, union_all, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import OperationalError

from rami.server.store.database import DB_NAME, make_engine, sqlite_url, upgrade
from rami.server.store.schema import events_t, tables_t
from rami.server.store.storage import CorruptTableError, StorageError, StoredTable, listing_of

__all__ = ["DB_NAME", "SqlStorage", "SqliteStorage"]

BATCH = 256

START_PREFIX = '{"type":"start"%'
"""How a stored ``start`` event begins (events are stored compact, ``type`` first)."""

Operation = Callable[[Connection], None]
Write = tuple[Operation, asyncio.Future[None], asyncio.AbstractEventLoop]


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


class SqlStorage:
    """Tables and events in the database at ``url``, its schema upgraded on opening.

    ``fenced`` (tables shared by several processes): an event is written only for a table
    this process has claimed and not released, under the claim's epoch.
    """

    def __init__(self, url: str, fenced: bool = False) -> None:
        self.engine = make_engine(url)
        upgrade(self.engine)
        self.fenced = fenced
        self._epochs: dict[str, int] = {}
        """The epoch this process writes each claimed table under."""
        self._queue: queue.Queue[Write | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="rami-store", daemon=True)
        self._thread.start()

    async def _submit(self, operation: Operation) -> None:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._queue.put((operation, done, loop))
        await done

    @staticmethod
    def _execute(statement: Any, params: dict[str, Any]) -> Operation:
        def run(conn: Connection) -> None:
            conn.execute(statement, params)

        return run

    async def create_table(self, table: StoredTable) -> None:
        """Insert the table row."""
        row = {
            "id": table.table_id,
            "created": table.created,
            "config": _dumps(table.config),
            "secret": _dumps(table.secret),
            **listing_of(table.config),
        }
        row["players"] = json.dumps(row["players"], ensure_ascii=False)
        await self._submit(self._execute(insert(tables_t), row))

    async def append(self, table_id: str, version: int, event: dict[str, Any]) -> None:
        """Insert one event; a duplicate version is refused by the primary key, and the write
        of a table claimed by another process since is refused by its epoch."""
        row = {"table_id": table_id, "version": version, "payload": _dumps(event)}
        epoch = self._epochs.get(table_id)
        if epoch is None and self.fenced:
            raise StorageError(f"table {table_id} is not owned by this process")

        def write(conn: Connection) -> None:
            if epoch is not None:
                query = select(tables_t.c.epoch).where(tables_t.c.id == table_id)
                stored = conn.execute(query.with_for_update(read=True)).scalar()
                if stored != epoch:
                    raise StorageError(f"table {table_id} is owned under epoch {stored} now")
            conn.execute(insert(events_t), row)

        await self._submit(write)

    async def set_status(self, table_id: str, status: str) -> None:
        """Record a table's status (waiting, playing, finished) for listing live tables."""
        statement = update(tables_t).where(tables_t.c.id == table_id).values(status=status)
        await self._submit(self._execute(statement, {}))

    async def set_lobby(self, table_id: str, taken: int, players: list[str], round_: int) -> None:
        """Record what the lobby lists of a public table."""
        names = json.dumps(players, ensure_ascii=False)
        statement = (
            update(tables_t)
            .where(tables_t.c.id == table_id)
            .values(taken=taken, players=names, round=round_)
        )
        await self._submit(self._execute(statement, {}))

    def lobby_rows(self, limit: int) -> list[dict[str, Any]]:
        """Public tables waiting with a free seat or in play, newest first, ``limit`` of each."""
        columns = (
            tables_t.c.id,
            tables_t.c.status,
            tables_t.c.preset,
            tables_t.c.seats,
            tables_t.c.taken,
            tables_t.c.players,
            tables_t.c.rated,
            tables_t.c.round,
            tables_t.c.config,
            tables_t.c.created,
        )
        public = tables_t.c.public.is_(True)
        waiting = (
            select(*columns)
            .where(public, tables_t.c.status == "waiting", tables_t.c.taken < tables_t.c.seats)
            .order_by(tables_t.c.created.desc())
            .limit(limit)
        )
        playing = (
            select(*columns)
            .where(public, tables_t.c.status == "playing")
            .order_by(tables_t.c.created.desc())
            .limit(limit)
        )
        query = union_all(waiting.subquery().select(), playing.subquery().select())
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        out = []
        for row in sorted(rows, key=lambda r: -float(r.created)):
            try:
                players = [str(name) for name in json.loads(row.players)]
                turn = json.loads(row.config).get("turn_timer")
            except (ValueError, TypeError, AttributeError):
                continue  # a damaged row is left out of the listing
            out.append(
                {
                    "table": str(row.id),
                    "status": str(row.status),
                    "preset": str(row.preset),
                    "seats": int(row.seats),
                    "taken": int(row.taken),
                    "players": players,
                    "rated": bool(row.rated),
                    "turn_seconds": turn if isinstance(turn, int) else None,
                    "round": int(row.round),
                }
            )
        return out

    def claim(self, table_id: str, epoch: int) -> None:
        """Write ``table_id`` under ``epoch`` from now on; refused when a newer epoch holds it.

        Waits for a write in flight under an older epoch to commit (its row lock), so the
        events read after the claim include every event the former owner stored.
        """
        with self.engine.begin() as conn:
            statement = (
                update(tables_t)
                .where(tables_t.c.id == table_id, tables_t.c.epoch < epoch)
                .values(epoch=epoch)
            )
            if conn.execute(statement).rowcount != 1:
                raise StorageError(f"table {table_id} is claimed under a newer epoch")
        self._epochs[table_id] = epoch

    def release(self, table_id: str) -> None:
        """Stop writing ``table_id`` (another process may claim it)."""
        self._epochs.pop(table_id, None)

    def playing_ids(self) -> list[str]:
        """The tables with a match in play, oldest first: those a server keeps going by itself.

        A table stored before statuses were kept is listed ``waiting``; it counts as playing
        once it has a ``start`` event.
        """
        started = (
            select(events_t.c.table_id)
            .where(events_t.c.table_id == tables_t.c.id, events_t.c.payload.like(START_PREFIX))
            .exists()
        )
        with self.engine.connect() as conn:
            query = (
                select(tables_t.c.id)
                .where(
                    (tables_t.c.status == "playing") | ((tables_t.c.status == "waiting") & started)
                )
                .order_by(tables_t.c.created, tables_t.c.id)
            )
            return [str(row.id) for row in conn.execute(query)]

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
                for operation, _, _ in batch:
                    try:
                        with conn.begin_nested():  # a refused write leaves the others
                            operation(conn)
                        errors.append(None)
                    except Exception as failure:  # reported to its writer
                        errors.append(failure)
        except Exception as failure:  # the commit failed: every write failed
            errors = [failure] * len(batch)
        for (_, done, loop), outcome in zip(batch, errors, strict=True):
            loop.call_soon_threadsafe(_settle, done, outcome)


def _settle(done: asyncio.Future[None], error: BaseException | None) -> None:
    if done.done():
        return
    if error is None:
        done.set_result(None)
    else:
        done.set_exception(error if isinstance(error, StorageError) else StorageError(str(error)))


class SqliteStorage(SqlStorage):
    """The embedded default store: one SQLite file in the data directory."""

    def __init__(self, data_dir: str | Path) -> None:
        super().__init__(sqlite_url(Path(data_dir)))
