"""The relaying process's side: connections carried to their table's owner over the bus,
paused for a handover and served here once the table arrives (steps 2 and 4 of
:mod:`rami.server.cluster.relay`).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import secrets
from collections.abc import Callable, Coroutine
from typing import Any

from pydantic import ValidationError
from starlette.websockets import WebSocket, WebSocketDisconnect

from rami.server.cluster.lobby import LOOKUP_BATCH, ClusterLobby
from rami.server.cluster.serving import HANDOVER_WAIT
from rami.server.messages.outgoing import ChatLine
from rami.server.social.lobby import Arrived
from rami.server.tables.identity import Identity

log = logging.getLogger("rami.server")

CLOSE_MOVED = 1012
"""Close code telling a client to reconnect: the table moved to another process."""
OWNER_CHECK = 1.0
"""Seconds between checks that the owners of the tables relayed here still hold them."""


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


class Relaying:
    """Connections this process relays to the owners of their tables."""

    def __init__(self, lobby: ClusterLobby) -> None:
        self.lobby = lobby
        self.relayed: dict[str, Relayed] = {}
        """Relayed connections of this process by id."""
        self.pauses: dict[str, asyncio.Event] = {}
        """Tables paused here for a handover: set when the pause ends either way."""
        self._background: set[str] = set()
        """Which of the background loops run (started by the first connection that needs it)."""

    def _run_once(self, name: str, loop: Callable[[], Coroutine[Any, Any, None]]) -> None:
        if name not in self._background:
            self._background.add(name)
            self.lobby.spawn(loop())

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


def _chat_lines(value: object) -> list[dict[str, Any]]:
    """The chat lines of a handover, each checked (a line of another shape is dropped)."""
    lines: list[dict[str, Any]] = []
    for line in value if isinstance(value, list) else []:
        with contextlib.suppress(ValidationError, TypeError):
            lines.append(ChatLine.model_validate(line).model_dump())
    return lines
