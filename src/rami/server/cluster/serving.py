"""The owner's side of relayed connections: a session per connection relayed from another
process, and the handover's offer of a table to the one process all its connections come from
(steps 1 and 3 of :mod:`rami.server.cluster.placement`), each a transition of
:mod:`rami.server.cluster.handover`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Coroutine
from typing import Any

from rami.server.cluster import handover
from rami.server.cluster.bus import Bus
from rami.server.cluster.messages import (
    Binding,
    Closed,
    Handover,
    Leave,
    Open,
    Pause,
    Paused,
    Resume,
    Send,
    Text,
    ToOwner,
)
from rami.server.cluster.ownership import Ownership
from rami.server.edge.ws import CLOSE_MOVED, CLOSE_TRY_LATER, Session
from rami.server.messages.limits import Limits
from rami.server.messages.protocol import encode, error_message
from rami.server.social.placement import Caps, Served
from rami.server.social.safety import Safety
from rami.server.tables.actor import Table
from rami.server.tables.clock import Clock
from rami.server.tables.identity import Identity

log = logging.getLogger("rami.server")

INBOX = 512
"""Relayed messages of one connection waiting for its table before the connection is closed."""
HANDOVER_CHECK = 1.0
"""Seconds between looks for tables whose connections are all relayed from one process."""
HANDOVER_WAIT = 5.0
"""Seconds a paused table waits for its handover before its connections go on relayed."""
MOVABLE = ("waiting", "playing", "round_over")
"""Statuses of a table that may move (a finished table keeps its rematch votes here)."""


class RemoteSession(Session):
    """The owner's side of a relayed connection: a session whose outbox goes to the relay.

    Like a local session it must say ``hello`` within :attr:`Limits.hello_seconds`, and it is
    counted in ``caps`` (the owner's counts of the table's connections) until it ends.
    """

    def __init__(
        self,
        bus: Bus,
        relay: str,
        conn: str,
        table: Table,
        limits: Limits,
        account: Identity | None = None,
        safety: Safety | None = None,
        counted: tuple[Caps, str] | None = None,
    ) -> None:
        super().__init__(None, table, limits, account=account, safety=safety)  # type: ignore[arg-type]
        self.bus, self.relay, self.conn = bus, relay, conn
        self.close_code = CLOSE_MOVED
        self.counted = counted
        """Where the session is counted, and its client's address (None: not counted)."""
        self.inbox: asyncio.Queue[str] = asyncio.Queue(INBOX)
        """The connection's messages in arrival order, handled one at a time by its task."""
        loop = asyncio.get_running_loop()
        self.task = loop.create_task(self._forward())
        self.reader = loop.create_task(self._read())
        self.deadline = loop.create_task(self._hello_deadline())

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
        self.deadline.cancel()
        await asyncio.gather(self.task, self.reader, self.deadline, return_exceptions=True)
        self._uncount()

    def _uncount(self) -> None:
        """No longer count the session against its table's caps (once)."""
        if self.counted is not None:
            caps, address = self.counted
            self.counted = None
            caps.closed(self.table.table_id, address)

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
            message: Closed | Send
            if text is None:  # the session ended: the relay closes with the session's code
                code = None if self.close_code == CLOSE_MOVED else self.close_code
                message = Closed(conn=self.conn, code=code)
            else:
                message = Send(conn=self.conn, text=text)
            delivered = await self.bus.to_process(self.relay, message)
            outbox.task_done()
            if not delivered or text is None:
                self.reader.cancel()
                self.deadline.cancel()
                await self.table.leave(self.client)  # the relay is gone, or the session ended
                self._uncount()
                return


class Serving:
    """Sessions this process serves for connections relayed by others, and the tables it
    offers to move."""

    def __init__(
        self,
        lobby: Served,
        ownership: Ownership,
        limits: Limits,
        clock: Clock,
        caps: Caps | None = None,
    ) -> None:
        self.lobby = lobby
        self.caps = caps
        """The counts of this process's connections per table (relayed ones are added)."""
        self.ownership = ownership
        self.bus = ownership.bus
        self.limits = limits
        self.clock = clock
        self.served: dict[str, RemoteSession] = {}
        """Sessions this process serves for connections relayed by others."""
        self.moving: dict[str, handover.State] = {}
        """Handovers under way by table (offered or paused; those over are forgotten)."""
        self._background: set[str] = set()
        """Which of the background loops run (started by the first connection that needs it)."""

    def _run_once(self, name: str, loop: Callable[[], Coroutine[Any, Any, None]]) -> None:
        if name not in self._background:
            self._background.add(name)
            self.lobby.spawn(loop())

    async def from_relay(self, message: ToOwner) -> None:
        """A relayed connection's message, at the owner."""
        match message:
            case Open(conn=conn, table=table_id) if conn not in self.served:
                table = self.lobby.tables.get(table_id)
                if table is not None:
                    await self._open(message, table)
            case Paused(table=table_id, proc=relay):
                self.lobby.spawn(self._hand_over(table_id, relay))
            case Text(conn=conn, text=text) if conn in self.served:
                self.served[conn].receive(text)
            case Leave(conn=conn) if conn in self.served:
                session = self.served.pop(conn)
                await session.stop()
                await session.table.leave(session.client)

    async def _open(self, message: Open, table: Table) -> None:
        """Serve a relayed connection, counted against the table's caps like one of this
        process's own (refused, closed 1013, when they are full)."""
        conn, relay = message.conn, message.proc
        address = message.addr or f"relay:{relay}"
        counted: tuple[Caps, str] | None = None
        seats_only = False
        if self.caps is not None:
            refusal = self.caps.refusal(table.table_id, address)
            if refusal is not None:
                text = encode(error_message("too_many_connections", refusal))
                await self.bus.to_process(relay, Send(conn=conn, text=text))
                await self.bus.to_process(relay, Closed(conn=conn, code=CLOSE_TRY_LATER))
                return
            seats_only = self.caps.opening(table.table_id, address)
            counted = (self.caps, address)
        self._run_once("offer", self._offer_forever)
        identity = Identity.from_json(message.account)
        session = RemoteSession(
            self.bus, relay, conn, table, self.limits, identity, self.lobby.safety, counted
        )
        session.seats_only = seats_only
        self.served[conn] = session

    def table_lost(self, table: Table) -> None:
        """Close every connection of a table this process no longer owns."""
        for client in list(table.clients):
            client.close()
        for conn, session in list(self.served.items()):
            if session.table is table:
                del self.served[conn]
                session.reader.cancel()
                session.client.close()  # (one that never said hello is not at the table)

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
            await self.clock.sleep(HANDOVER_CHECK)
            now = self.clock.now()
            for table_id, state in list(self.moving.items()):
                if handover.over(handover.step(state, handover.Tick(now)).state):
                    del self.moving[table_id]
            tables = {s.table.table_id: s.table for s in self.served.values()}
            for table_id, table in tables.items():
                relay = self._only_relay(table)
                if relay is None or table_id in self.moving:
                    continue
                if self.lobby.tables.get(table_id) is not table:
                    continue
                await self._say(table_id, handover.offer(relay, now, HANDOVER_WAIT))

    async def _say(self, table_id: str, step: handover.Step, extra: Handover | None = None) -> None:
        """Keep the step's state (forgotten once over) and send what it says."""
        if handover.over(step.state):
            self.moving.pop(table_id, None)
        else:
            self.moving[table_id] = step.state
        if step.to is None or step.say is None:
            return
        message: Pause | Resume | Handover = Pause(table=table_id)
        if step.say == "resume":
            message = Resume(table=table_id)
        elif step.say == "handover" and extra is not None:
            message = extra
        with contextlib.suppress(Exception):  # a relay that is gone resumes by itself
            await self.bus.to_process(step.to, message)

    async def _hand_over(self, table_id: str, relay: str) -> None:
        """Step 3 of the handover, once the relay has paused."""
        try:
            await self._move(table_id, relay)
        except Exception:  # Redis or the store failed: the relay resumes after its wait
            log.exception("handing table %s over to %s failed", table_id, relay)
            self.moving.pop(table_id, None)

    async def _move(self, table_id: str, relay: str) -> None:
        state = self.moving.get(table_id, handover.Resumed(relay, "lapsed"))
        paused = handover.step(state, handover.RelayPaused(relay))
        table = self.lobby.tables.get(table_id)
        if table is None and isinstance(paused.state, handover.HandoverPaused):
            paused = handover.step(paused.state, handover.Checked(None))
        await self._say(table_id, paused)
        if not isinstance(state, handover.Offered) or table is None:
            return  # (a pause heard twice moves nothing twice)
        if not isinstance(paused.state, handover.HandoverPaused):
            return
        for session in self._sessions_of(table):
            await _settled(session.inbox)
        async with table.lock:
            still = self._only_relay(table) if self.lobby.tables.get(table_id) is table else None
            checked = handover.step(paused.state, handover.Checked(still))
            if handover.over(checked.state):
                await self._say(table_id, checked)
                return
            sessions = self._sessions_of(table)
            connections = {
                s.conn: Binding(seat=s.client.seat, lang=s.client.lang, greeted=s.greeted)
                for s in sessions
            }
            chat = list(table.chat.lines)
            await self.lobby.retire(table)  # (ownership goes before this process could
            passed = await self.ownership.pass_to(table_id, relay)  # load the table again)
        for session in sessions:
            await _settled(session.outbox)
            self.served.pop(session.conn, None)  # (a connection may have left meanwhile)
            await session.stop()
        message = Handover(table=table_id, conns=connections, chat=chat)
        await self._say(table_id, handover.step(checked.state, handover.Passed(passed)), message)
        if passed:
            log.info("table %s handed over to %s", table_id, relay)

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
        async with asyncio.timeout(HANDOVER_WAIT):  # wait_for can swallow a cancel (3.11)
            await queue.join()
