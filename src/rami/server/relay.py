"""Connections that reach a process other than their table's owner, relayed over the bus.

The relay forwards the connection's raw messages to the owner; the owner runs them through an
ordinary :class:`~rami.server.ws.Session` whose outbox is published back to the relay. So the
owner alone reads the table, and every snapshot is still built there from ``view_for``. When
the owner stops answering (its process died or lost the table), the relay closes the
connection with 1012 and the client reconnects to whichever process then owns the table.

**Handover.** When every connection of a table reaches its owner through one other process,
the table moves there, without closing a connection:

1. the owner asks that process to ``pause`` the table's connections;
2. the relay stops forwarding (a message the client sends meanwhile is held) and answers
   ``paused`` on the table's channel, after every message it forwarded before;
3. the owner handles what it received, publishes what it answered, stops serving the table
   and passes its lease to the relay's process, then sends ``handover`` with each
   connection's seat and language and the table's chat;
4. the relay's process loads the table under a new epoch and serves the connections itself.

When anything changed meanwhile (a connection came to another process), the owner sends
``resume`` instead and nothing moves.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import secrets
import time
from collections.abc import Callable, Coroutine
from typing import Any

from pydantic import ValidationError
from starlette.websockets import WebSocket, WebSocketDisconnect

from rami.server.bus import Bus
from rami.server.cluster import LOOKUP_BATCH, ClusterLobby
from rami.server.identity import Identity
from rami.server.limits import Limits
from rami.server.lobby import Arrived
from rami.server.outgoing import ChatLine
from rami.server.table import Table
from rami.server.ws import Session

log = logging.getLogger("rami.server")

CLOSE_MOVED = 1012
"""Close code telling a client to reconnect: the table moved to another process."""
INBOX = 512
"""Relayed messages of one connection waiting for its table before the connection is closed."""
OWNER_CHECK = 1.0
"""Seconds between checks that the owners of the tables relayed here still hold them."""
HANDOVER_CHECK = 1.0
"""Seconds between looks for tables whose connections are all relayed from one process."""
HANDOVER_WAIT = 5.0
"""Seconds a paused table waits for its handover before its connections go on relayed."""
MOVABLE = ("waiting", "playing", "round_over")
"""Statuses of a table that may move (a finished table keeps its rematch votes here)."""


class RemoteSession(Session):
    """The owner's side of a relayed connection: a session whose outbox goes to the relay."""

    def __init__(
        self,
        bus: Bus,
        relay: str,
        conn: str,
        table: Table,
        limits: Limits,
        account: Identity | None = None,
    ) -> None:
        super().__init__(None, table, limits, account=account)  # type: ignore[arg-type]
        self.bus, self.relay, self.conn = bus, relay, conn
        self.inbox: asyncio.Queue[str] = asyncio.Queue(INBOX)
        """The connection's messages in arrival order, handled one at a time by its task."""
        loop = asyncio.get_running_loop()
        self.task = loop.create_task(self._forward())
        self.reader = loop.create_task(self._read())

    def receive(self, text: str) -> None:
        """Queue one relayed message (the bus reader never waits for a table command)."""
        try:
            self.inbox.put_nowait(text)
        except asyncio.QueueFull:  # a flood: close; the client reconnects and resyncs
            self.client.close()

    async def stop(self) -> None:
        """Stop both tasks of the session (nothing more is sent to the relay)."""
        self.task.cancel()
        self.reader.cancel()
        await asyncio.gather(self.task, self.reader, return_exceptions=True)

    async def _read(self) -> None:
        while True:
            text = await self.inbox.get()
            try:
                await self.handle(text)
            finally:
                self.inbox.task_done()

    async def _forward(self) -> None:
        while True:
            outbox = self.outbox
            text = await outbox.get()
            message: dict[str, Any] = {"conn": self.conn, "op": "send", "text": text}
            if text is None:
                message = {"conn": self.conn, "op": "close"}
            delivered = await self.bus.to_process(self.relay, message)
            outbox.task_done()
            if not delivered or text is None:
                self.reader.cancel()
                await self.table.leave(self.client)  # the relay is gone, or the session ended
                return


class Relayed:
    """The relaying process's side of one connection: what the owner sends it, and whether
    its table is paused for a handover."""

    def __init__(self, websocket: WebSocket, table_id: str, owner: str) -> None:
        self.websocket, self.table_id, self.owner = websocket, table_id, owner
        self.answers: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.flowing = asyncio.Event()
        """Clear while the table is paused for a handover."""
        self.flowing.set()
        self.held: str | None = None
        """A message read from the client while paused."""
        self.moved = asyncio.Event()
        """Set when the table's owner changed: the client reconnects."""
        self.arrived: Arrived | None = None


class Relays:
    """Both sides of relaying for one process: connections it relays and sessions it serves."""

    def __init__(self, lobby: ClusterLobby, limits: Limits) -> None:
        self.lobby = lobby
        self.limits = limits
        self.relayed: dict[str, Relayed] = {}
        """Relayed connections of this process by id."""
        self.served: dict[str, RemoteSession] = {}
        """Sessions this process serves for connections relayed by others."""
        self.moving: dict[str, tuple[str, float]] = {}
        """Tables offered to another process: its id and when the offer lapses."""
        self.pauses: dict[str, asyncio.Event] = {}
        """Tables paused here for a handover: set when the pause ends either way."""
        lobby.on_process = self.to_connection
        lobby.on_owned = self.from_relay
        lobby.on_lost = self.table_lost
        lobby.on_closing = self.close
        self._background: set[str] = set()
        """Which of the background loops run (started by the first connection that needs it)."""

    def _run_once(self, name: str, loop: Callable[[], Coroutine[Any, Any, None]]) -> None:
        if name not in self._background:
            self._background.add(name)
            self.lobby.spawn(loop())

    # --- the owner's side ----------------------------------------------------------------

    async def from_relay(self, message: dict[str, Any]) -> None:
        """A relayed connection's message, at the owner."""
        conn, op = str(message.get("conn")), message.get("op")
        if op == "open":
            table = self.lobby.tables.get(str(message.get("table")))
            if table is not None and conn not in self.served:
                self._run_once("offer", self._offer_forever)
                relay = str(message.get("proc"))
                account = Identity.from_json(message.get("account"))
                self.served[conn] = RemoteSession(
                    self.lobby.bus, relay, conn, table, self.limits, account
                )
            return
        if op == "paused":
            self.lobby.spawn(self._hand_over(str(message.get("table")), str(message.get("proc"))))
            return
        session = self.served.get(conn)
        if session is None:
            return
        if op == "text":
            session.receive(str(message.get("text", "")))
        elif op == "close":
            del self.served[conn]
            await session.stop()
            await session.table.leave(session.client)

    def table_lost(self, table: Table) -> None:
        """Close every connection of a table this process no longer owns."""
        for client in list(table.clients):
            client.close()
        for conn, session in list(self.served.items()):
            if session.table is table:
                del self.served[conn]
                session.reader.cancel()

    def _sessions_of(self, table: Table) -> list[RemoteSession]:
        return [s for s in self.served.values() if s.table is table]

    def _only_relay(self, table: Table) -> str | None:
        """The process every connection of ``table`` is relayed from, if there is one."""
        sessions = self._sessions_of(table)
        relays = {s.relay for s in sessions}
        if len(relays) != 1 or len(sessions) != len(table.clients):
            return None
        if table.closed or table.listed_status() not in MOVABLE:
            return None
        return relays.pop()

    async def _offer_forever(self) -> None:
        while True:
            await asyncio.sleep(HANDOVER_CHECK)
            now = time.monotonic()
            self.moving = {t: offer for t, offer in self.moving.items() if offer[1] > now}
            tables = {s.table.table_id: s.table for s in self.served.values()}
            for table_id, table in tables.items():
                relay = self._only_relay(table)
                if relay is None or table_id in self.moving:
                    continue
                if self.lobby.tables.get(table_id) is not table:
                    continue
                self.moving[table_id] = (relay, now + HANDOVER_WAIT)
                with contextlib.suppress(Exception):
                    await self.lobby.bus.to_process(relay, {"op": "pause", "table": table_id})

    async def _hand_over(self, table_id: str, relay: str) -> None:
        """Step 3 of the handover (see the module's text), once the relay has paused."""
        try:
            await self._move(table_id, relay)
        except Exception:  # Redis or the store failed: the relay resumes after its wait
            log.exception("handing table %s over to %s failed", table_id, relay)

    async def _move(self, table_id: str, relay: str) -> None:
        offer = self.moving.pop(table_id, None)
        table = self.lobby.tables.get(table_id)
        bus = self.lobby.bus
        if offer is None or offer[0] != relay or table is None:
            await bus.to_process(relay, {"op": "resume", "table": table_id})
            return
        for session in self._sessions_of(table):
            await _settled(session.inbox)
        async with table.lock:
            if self._only_relay(table) != relay or self.lobby.tables.get(table_id) is not table:
                await bus.to_process(relay, {"op": "resume", "table": table_id})
                return
            sessions = self._sessions_of(table)
            connections = {
                s.conn: {"seat": s.client.seat, "lang": s.client.lang, "greeted": s.greeted}
                for s in sessions
            }
            chat = list(table.chat.lines)
            await self.lobby.retire(table)  # (the lease goes before this process could
            passed = await self.lobby.pass_lease(table_id, relay)  # load the table again)
        for session in sessions:
            await _settled(session.outbox)
            del self.served[session.conn]
            await session.stop()
        if not passed:
            await bus.to_process(relay, {"op": "resume", "table": table_id})
            return
        handover = {"op": "handover", "table": table_id, "conns": connections, "chat": chat}
        await bus.to_process(relay, handover)
        log.info("table %s handed over to %s", table_id, relay)

    # --- the relaying process's side -----------------------------------------------------

    async def to_connection(self, message: dict[str, Any]) -> None:
        """A message from an owner: for one of the connections relayed here, or about a
        table's handover."""
        op = message.get("op")
        if op in ("pause", "resume", "handover"):
            table_id = str(message.get("table"))
            relayed = [r for r in self.relayed.values() if r.table_id == table_id]
            if op == "pause":
                await self._pause(table_id, relayed)
            elif op == "resume":
                for connection in relayed:
                    connection.flowing.set()
                self._end_pause(table_id)
            else:  # (loading takes a while: the bus goes on meanwhile)
                self.lobby.spawn(self._arrive(table_id, message))
            return
        target = self.relayed.get(str(message.get("conn")))
        if target is not None:
            target.answers.put_nowait(message)

    async def _pause(self, table_id: str, relayed: list[Relayed]) -> None:
        if not relayed:
            return
        self.pauses.setdefault(table_id, asyncio.Event())
        for connection in relayed:
            connection.flowing.clear()
        bus = self.lobby.bus
        await bus.to_table(table_id, {"op": "paused", "table": table_id, "proc": bus.process_id})
        self.lobby.spawn(self._resume_later(table_id, relayed))

    async def _resume_later(self, table_id: str, relayed: list[Relayed]) -> None:
        """A handover that never came: the connections go on relayed."""
        await asyncio.sleep(HANDOVER_WAIT)
        for connection in relayed:
            if connection.arrived is None:
                connection.flowing.set()
        self._end_pause(table_id)

    def _end_pause(self, table_id: str) -> None:
        pause = self.pauses.pop(table_id, None)
        if pause is not None:
            pause.set()

    async def _arrive(self, table_id: str, message: dict[str, Any]) -> None:
        """Step 4: serve the table here; each connection goes on as it was bound."""
        try:
            table = await self.lobby.find(table_id)
        except Exception:  # the store failed: the clients reconnect wherever the table goes
            log.exception("table %s: taking it over from a handover failed", table_id)
            table = None
        relayed = {c: r for c, r in self.relayed.items() if r.table_id == table_id}
        self._end_pause(table_id)
        if table is None:
            for connection in relayed.values():
                connection.moved.set()
            return
        table.chat.restore(_chat_lines(message.get("chat")))
        bound = message.get("conns")
        bindings: dict[str, Any] = bound if isinstance(bound, dict) else {}
        for conn, connection in relayed.items():
            binding = bindings.get(conn)
            if not isinstance(binding, dict):
                connection.moved.set()  # the owner did not know it: it reconnects
                continue
            seat = binding.get("seat")
            connection.arrived = Arrived(
                table=table,
                seat=seat if isinstance(seat, int) and 0 <= seat < len(table.seats) else None,
                lang=str(binding.get("lang", "en")),
                greeted=bool(binding.get("greeted")),
                held=None,
            )
            connection.answers.put_nowait({"op": "arrived"})

    async def relay(
        self, websocket: WebSocket, table_id: str, owner: str, account: Identity | None = None
    ) -> Arrived | None:
        """Carry one accepted websocket to the table's owner until either side ends, or until
        the table moves to this process (the caller then serves it here).

        ``account`` (resolved here from the handshake's cookie) goes with the ``open``
        envelope: the owner binds the connection to it, and nothing the client sends can.
        """
        self._run_once("watch", self._watch_owners)
        pause = self.pauses.get(table_id)
        if pause is not None:  # the table may be moving here: wait and see
            await pause.wait()
            table = self.lobby.tables.get(table_id)
            if table is not None:
                return Arrived(table=table, seat=None, lang="en", greeted=False, held=None)
        bus, conn = self.lobby.bus, secrets.token_hex(8)
        connection = self.relayed[conn] = Relayed(websocket, table_id, owner)
        envelope = {"conn": conn, "proc": bus.process_id, "table": table_id}
        opening: dict[str, Any] = {**envelope, "op": "open"}
        if account is not None:
            opening["account"] = account.to_json()
        try:
            if not await bus.to_table(table_id, opening):
                await websocket.close(code=CLOSE_MOVED)
                return None
            tasks = [
                asyncio.create_task(self._upstream(connection, envelope)),
                asyncio.create_task(self._downstream(connection)),
                asyncio.create_task(connection.moved.wait()),
            ]
            done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            for task in pending:
                task.cancel()
            await asyncio.gather(*pending, return_exceptions=True)
            for task in done:  # a side that ended on a closed socket: nothing to report
                if not task.cancelled():
                    task.exception()
            if connection.arrived is not None:
                await self._deliver_rest(connection)
                return dataclasses.replace(connection.arrived, held=connection.held)
            with contextlib.suppress(Exception):
                await websocket.close(code=CLOSE_MOVED)
            return None
        finally:
            del self.relayed[conn]
            if connection.arrived is None:
                with contextlib.suppress(Exception):
                    await bus.to_table(table_id, {**envelope, "op": "close"})

    async def _upstream(self, connection: Relayed, envelope: dict[str, Any]) -> None:
        bus, websocket = self.lobby.bus, connection.websocket
        with contextlib.suppress(WebSocketDisconnect):
            while True:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    return
                raw = frame.get("text")
                if raw is None:
                    raw = bytes(frame.get("bytes") or b"").decode("utf-8", "replace")
                connection.held = raw
                await connection.flowing.wait()
                connection.held = None
                if not await bus.to_table(
                    connection.table_id, {**envelope, "op": "text", "text": raw}
                ):
                    return  # the owner is gone: the client reconnects elsewhere

    async def _downstream(self, connection: Relayed) -> None:
        while True:
            message = await connection.answers.get()
            if message.get("op") != "send":
                return  # closed by the owner, or the table arrived here
            await connection.websocket.send_text(str(message["text"]))

    @staticmethod
    async def _deliver_rest(connection: Relayed) -> None:
        """Send what the former owner answered before the table arrived here."""
        while not connection.answers.empty():
            message = connection.answers.get_nowait()
            if message.get("op") == "send":
                await connection.websocket.send_text(str(message["text"]))

    async def _watch_owners(self) -> None:
        """Every :data:`OWNER_CHECK`, one look at the owners of the tables relayed here; a
        connection whose table changed hands reconnects."""
        while True:
            await asyncio.sleep(OWNER_CHECK)
            watched = [c for c in self.relayed.values() if c.flowing.is_set()]
            tables = sorted({c.table_id for c in watched})
            owners: dict[str, str | None] = {}
            try:
                for start in range(0, len(tables), LOOKUP_BATCH):
                    batch = tables[start : start + LOOKUP_BATCH]
                    owners.update(zip(batch, await self.lobby.leases.owners_of(batch), strict=True))
            except Exception:  # Redis unreachable: look again next time
                log.exception("reading the owners of %d relayed tables failed", len(tables))
                continue
            for connection in watched:  # (a paused one waits for its table to move here)
                if connection.flowing.is_set() and owners[connection.table_id] != connection.owner:
                    connection.moved.set()

    async def close(self) -> None:
        """Stop every session served for another process (the process is shutting down)."""
        sessions = list(self.served.values())
        self.served.clear()
        for session in sessions:
            await session.stop()


async def _settled(queue: asyncio.Queue[Any]) -> None:
    """Wait until everything put in ``queue`` is done (at most :data:`HANDOVER_WAIT`: a
    session whose relay went away stops taking from its queues)."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(queue.join(), HANDOVER_WAIT)


def _chat_lines(value: object) -> list[dict[str, Any]]:
    """The chat lines of a handover, each checked (a line of another shape is dropped)."""
    lines: list[dict[str, Any]] = []
    for line in value if isinstance(value, list) else []:
        with contextlib.suppress(ValidationError, TypeError):
            lines.append(ChatLine.model_validate(line).model_dump())
    return lines
