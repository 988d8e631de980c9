"""The relaying process's side: connections carried to their table's owner over the bus,
paused for a handover and served here once the table arrives (steps 2 and 4 of
:mod:`rami.server.cluster.placement`), each a transition of :mod:`rami.server.cluster.handover`.
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

from rami.server.cluster import handover
from rami.server.cluster.bus import Bus
from rami.server.cluster.liveness import Liveness
from rami.server.cluster.messages import (
    Closed,
    Handover,
    Leave,
    Open,
    Pause,
    Paused,
    Resume,
    Send,
    Text,
    ToRelay,
)
from rami.server.cluster.serving import HANDOVER_WAIT
from rami.server.edge.ws import CLOSE_MOVED
from rami.server.messages.outgoing import ChatLine
from rami.server.social.placement import Arrived, Served
from rami.server.tables.clock import Clock
from rami.server.tables.identity import Identity
from rami.server.tables.tasks import cancel_and_wait

log = logging.getLogger("rami.server")

OWNER_CHECK = 1.0
"""Seconds between checks that the owners of the tables relayed here still hold them."""
LOOKUP_BATCH = 1000
"""Table owners read in one Redis round trip."""


class Relayed:
    """The relaying process's side of one connection: what the owner sends it, and whether
    its table is paused for a handover."""

    def __init__(self, websocket: WebSocket, table_id: str, owner: str) -> None:
        self.websocket, self.table_id, self.owner = websocket, table_id, owner
        self.answers: asyncio.Queue[Send | Closed | None] = asyncio.Queue()
        """What the owner sends the connection (None: its table arrived here)."""
        self.flowing = asyncio.Event()
        """Clear while the table is paused for a handover."""
        self.flowing.set()
        self.held: str | None = None
        """A message read from the client while paused."""
        self.moved = asyncio.Event()
        """Set when the table's owner changed: the client reconnects."""
        self.arrived: Arrived | None = None
        self.close_code = CLOSE_MOVED
        """The code the websocket is closed with when the owner ends the connection."""


class Relaying:
    """Connections this process relays to the owners of their tables."""

    def __init__(self, lobby: Served, bus: Bus, liveness: Liveness, clock: Clock) -> None:
        self.lobby = lobby
        self.bus = bus
        self.liveness = liveness
        self.clock = clock
        self.relayed: dict[str, Relayed] = {}
        """Relayed connections of this process by id."""
        self.pauses: dict[str, tuple[handover.State, asyncio.Event]] = {}
        """Tables paused here for a handover: the state, and an event set when it ends."""
        self._background: set[str] = set()
        """Which of the background loops run (started by the first connection that needs it)."""

    def _run_once(self, name: str, loop: Callable[[], Coroutine[Any, Any, None]]) -> None:
        if name not in self._background:
            self._background.add(name)
            self.lobby.spawn(loop())

    async def to_connection(self, message: ToRelay) -> None:
        """A message from an owner: for one of the connections relayed here, or about a
        table's handover."""
        match message:
            case Pause(table=table_id):
                await self._pause(table_id, self._relayed_at(table_id))
            case Resume(table=table_id):
                if self._step(table_id, handover.ResumeHeard()):
                    for connection in self._relayed_at(table_id):
                        connection.flowing.set()
            case Handover(table=table_id):  # (loading takes a while: the bus goes on)
                self.lobby.spawn(self._arrive(table_id, message))
            case Closed(conn=conn, code=code) if conn in self.relayed:
                self.relayed[conn].close_code = code or CLOSE_MOVED
                self.relayed[conn].answers.put_nowait(message)
            case Send(conn=conn) if conn in self.relayed:
                self.relayed[conn].answers.put_nowait(message)

    def _relayed_at(self, table_id: str) -> list[Relayed]:
        return [r for r in self.relayed.values() if r.table_id == table_id]

    def _step(self, table_id: str, event: handover.Event) -> bool:
        """Take a step of the table's pause; True when it ends the pause (it is forgotten)."""
        paused = self.pauses.get(table_id)
        if paused is None:
            return False
        state = handover.step(paused[0], event).state
        if not handover.over(state):
            self.pauses[table_id] = (state, paused[1])
            return False
        del self.pauses[table_id]
        paused[1].set()
        return True

    async def _pause(self, table_id: str, relayed: list[Relayed]) -> None:
        if not relayed or table_id in self.pauses:
            return
        step = handover.pause(self.bus.process_id, self.clock.now(), HANDOVER_WAIT)
        self.pauses[table_id] = (step.state, asyncio.Event())
        for connection in relayed:
            connection.flowing.clear()
        await self.bus.to_table(table_id, Paused(table=table_id, proc=self.bus.process_id))
        self.lobby.spawn(self._resume_later(table_id, relayed))

    async def _resume_later(self, table_id: str, relayed: list[Relayed]) -> None:
        """A handover that never came: the connections go on relayed."""
        await self.clock.sleep(HANDOVER_WAIT)
        if self._step(table_id, handover.Tick(self.clock.now())):
            for connection in relayed:
                if connection.arrived is None:
                    connection.flowing.set()

    async def _arrive(self, table_id: str, message: Handover) -> None:
        """Step 4: serve the table here; each connection goes on as it was bound."""
        try:
            table = await self.lobby.find(table_id)
        except Exception:  # the store failed: the clients reconnect wherever the table goes
            log.exception("table %s: taking it over from a handover failed", table_id)
            table = None
        relayed = {c: r for c, r in self.relayed.items() if r.table_id == table_id}
        self._step(table_id, handover.HandoverHeard())
        if table is None:
            for connection in relayed.values():
                connection.moved.set()
            return
        table.chat.restore(_chat_lines(message.chat))
        for conn, connection in relayed.items():
            binding = message.conns.get(conn)
            if binding is None:
                connection.moved.set()  # the owner did not know it: it reconnects
                continue
            seat = binding.seat
            connection.arrived = Arrived(
                table=table,
                seat=seat if seat is not None and 0 <= seat < len(table.seats) else None,
                lang=binding.lang,
                greeted=binding.greeted,
                held=None,
            )
            connection.answers.put_nowait(None)

    async def relay(
        self,
        websocket: WebSocket,
        table_id: str,
        owner: str,
        account: Identity | None = None,
        address: str | None = None,
    ) -> Arrived | None:
        """Carry one accepted websocket to the table's owner until either side ends, or until
        the table moves to this process (the caller then serves it here).

        ``account`` (resolved here from the handshake's cookie) goes with the ``open``
        envelope: the owner binds the connection to it, and nothing the client sends can.
        So does ``address``, the client's address: the owner counts the connection against
        the table's caps, and closes it as a local one (refused, or no ``hello`` in time).
        """
        self._run_once("watch", self._watch_owners)
        pause = self.pauses.get(table_id)
        if pause is not None:  # the table may be moving here: wait and see
            await pause[1].wait()
            table = self.lobby.tables.get(table_id)
            if table is not None:
                return Arrived(table=table, seat=None, lang="en", greeted=False, held=None)
        bus, conn = self.bus, secrets.token_hex(8)
        connection = self.relayed[conn] = Relayed(websocket, table_id, owner)
        account_json = None if account is None else account.to_json()
        opening = Open(
            conn=conn, proc=bus.process_id, table=table_id, account=account_json, addr=address
        )
        try:
            if not await bus.to_table(table_id, opening):
                await websocket.close(code=CLOSE_MOVED)
                return None
            tasks = [
                asyncio.create_task(self._upstream(connection, conn)),
                asyncio.create_task(self._downstream(connection)),
                asyncio.create_task(connection.moved.wait()),
            ]
            done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            await cancel_and_wait(pending)
            for task in done:  # a side that ended on a closed socket: nothing to report
                if not task.cancelled():
                    task.exception()
            if connection.arrived is not None:
                await self._deliver_rest(connection)
                return dataclasses.replace(connection.arrived, held=connection.held)
            with contextlib.suppress(Exception):
                await websocket.close(code=connection.close_code)
            return None
        finally:
            del self.relayed[conn]
            if connection.arrived is None:
                with contextlib.suppress(Exception):
                    await bus.to_table(
                        table_id, Leave(conn=conn, proc=bus.process_id, table=table_id)
                    )

    async def _upstream(self, connection: Relayed, conn: str) -> None:
        bus, websocket = self.bus, connection.websocket
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
                text = Text(conn=conn, proc=bus.process_id, table=connection.table_id, text=raw)
                if not await bus.to_table(connection.table_id, text):
                    return  # the owner is gone: the client reconnects elsewhere

    async def _downstream(self, connection: Relayed) -> None:
        while True:
            message = await connection.answers.get()
            if not isinstance(message, Send):
                return  # closed by the owner, or the table arrived here
            await connection.websocket.send_text(message.text)

    @staticmethod
    async def _deliver_rest(connection: Relayed) -> None:
        """Send what the former owner answered before the table arrived here."""
        while not connection.answers.empty():
            message = connection.answers.get_nowait()
            if isinstance(message, Send):
                await connection.websocket.send_text(message.text)

    async def _watch_owners(self) -> None:
        """Every :data:`OWNER_CHECK`, one look at the owners of the tables relayed here; a
        connection whose table changed hands reconnects."""
        while True:
            await self.clock.sleep(OWNER_CHECK)
            watched = [c for c in self.relayed.values() if c.flowing.is_set()]
            tables = sorted({c.table_id for c in watched})
            owners: dict[str, str | None] = {}
            try:
                for start in range(0, len(tables), LOOKUP_BATCH):
                    batch = tables[start : start + LOOKUP_BATCH]
                    owners.update(zip(batch, await self.liveness.owners_of(batch), strict=True))
            except Exception:  # Redis unreachable: look again next time
                log.exception("reading the owners of %d relayed tables failed", len(tables))
                continue
            for connection in watched:  # (a paused one waits for its table to move here)
                if connection.flowing.is_set() and owners[connection.table_id] != connection.owner:
                    connection.moved.set()


def _chat_lines(value: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The chat lines of a handover, each checked (a line of another shape is dropped)."""
    lines: list[dict[str, Any]] = []
    for line in value:
        with contextlib.suppress(ValidationError, TypeError):
            lines.append(ChatLine.model_validate(line).model_dump())
    return lines
