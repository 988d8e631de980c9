"""Connections that reach a process other than their table's owner, relayed over the bus.

The relay forwards the connection's raw messages to the owner; the owner runs them through an
ordinary :class:`~rami.server.ws.Session` whose outbox is published back to the relay. So the
owner alone reads the table, and every snapshot is still built there from ``view_for``. When
the owner stops answering (its process died or lost the table), the relay closes the
connection with 1012 and the client reconnects to whichever process then owns the table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from rami.server.bus import Bus
from rami.server.cluster import ClusterLobby
from rami.server.identity import Identity
from rami.server.limits import Limits
from rami.server.table import Table
from rami.server.ws import Session

log = logging.getLogger("rami.server")

CLOSE_MOVED = 1012
"""Close code telling a client to reconnect: the table moved to another process."""
OWNER_CHECK = 1.0
"""Seconds between checks that a relayed table's owner still holds it."""


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
        self.task = asyncio.get_running_loop().create_task(self._forward())

    async def _forward(self) -> None:
        while True:
            text = await self.outbox.get()
            message: dict[str, Any] = {"conn": self.conn, "op": "send", "text": text}
            if text is None:
                message = {"conn": self.conn, "op": "close"}
            if not await self.bus.to_process(self.relay, message) or text is None:
                await self.table.leave(self.client)  # the relay is gone, or the session ended
                return


class Relays:
    """Both sides of relaying for one process: connections it relays and sessions it serves."""

    def __init__(self, lobby: ClusterLobby, limits: Limits) -> None:
        self.lobby = lobby
        self.limits = limits
        self.outgoing: dict[str, asyncio.Queue[dict[str, Any]]] = {}
        """Relayed connections of this process by id: what their owners send them."""
        self.served: dict[str, RemoteSession] = {}
        """Sessions this process serves for connections relayed by others."""
        lobby.on_process = self.to_connection
        lobby.on_owned = self.from_relay
        lobby.on_lost = self.table_lost

    async def to_connection(self, message: dict[str, Any]) -> None:
        """A message from an owner to one of the connections relayed here."""
        queue = self.outgoing.get(str(message.get("conn")))
        if queue is not None:
            queue.put_nowait(message)

    async def from_relay(self, message: dict[str, Any]) -> None:
        """A relayed connection's message, at the owner."""
        conn, op = str(message.get("conn")), message.get("op")
        if op == "open":
            table = self.lobby.tables.get(str(message.get("table")))
            if table is not None and conn not in self.served:
                relay = str(message.get("proc"))
                account = Identity.from_json(message.get("account"))
                self.served[conn] = RemoteSession(
                    self.lobby.bus, relay, conn, table, self.limits, account
                )
            return
        session = self.served.get(conn)
        if session is None:
            return
        if op == "text":
            await session.handle(str(message.get("text", "")))
        elif op == "close":
            del self.served[conn]
            session.task.cancel()
            await session.table.leave(session.client)

    def table_lost(self, table: Table) -> None:
        """Close every connection of a table this process no longer owns."""
        for client in list(table.clients):
            client.close()
        for conn, session in list(self.served.items()):
            if session.table is table:
                del self.served[conn]

    async def relay(
        self, websocket: WebSocket, table_id: str, owner: str, account: Identity | None = None
    ) -> None:
        """Carry one accepted websocket to the table's owner until either side ends.

        ``account`` (resolved here from the handshake's cookie) goes with the ``open``
        envelope: the owner binds the connection to it, and nothing the client sends can.
        """
        bus, conn = self.lobby.bus, secrets.token_hex(8)
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.outgoing[conn] = queue
        envelope = {"conn": conn, "proc": bus.process_id, "table": table_id}
        opening: dict[str, Any] = {**envelope, "op": "open"}
        if account is not None:
            opening["account"] = account.to_json()
        try:
            if not await bus.to_table(table_id, opening):
                await websocket.close(code=CLOSE_MOVED)
                return
            tasks = [
                asyncio.create_task(self._upstream(websocket, table_id, envelope)),
                asyncio.create_task(self._downstream(websocket, queue)),
                asyncio.create_task(self._watch_owner(table_id, owner)),
            ]
            _, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            for task in pending:
                task.cancel()
            with contextlib.suppress(Exception):
                await websocket.close(code=CLOSE_MOVED)
        finally:
            del self.outgoing[conn]
            with contextlib.suppress(Exception):
                await bus.to_table(table_id, {**envelope, "op": "close"})

    async def _upstream(
        self, websocket: WebSocket, table_id: str, envelope: dict[str, Any]
    ) -> None:
        bus = self.lobby.bus
        with contextlib.suppress(WebSocketDisconnect):
            while True:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    return
                raw = frame.get("text")
                if raw is None:
                    raw = bytes(frame.get("bytes") or b"").decode("utf-8", "replace")
                if not await bus.to_table(table_id, {**envelope, "op": "text", "text": raw}):
                    return  # the owner is gone: the client reconnects elsewhere

    async def _downstream(self, websocket: WebSocket, queue: asyncio.Queue[dict[str, Any]]) -> None:
        while True:
            message = await queue.get()
            if message.get("op") != "send":
                return
            await websocket.send_text(str(message["text"]))

    async def _watch_owner(self, table_id: str, owner: str) -> None:
        while await self.lobby.leases.owner_of(table_id) == owner:
            await asyncio.sleep(OWNER_CHECK)
