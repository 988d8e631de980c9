"""The websocket transport: one session per connection, messages dispatched to its table.

A session runs two tasks, one reading and one writing; when either ends (the peer left, a
send failed, the outbox overflowed) the other is stopped and the connection closes, so no
connection keeps applying moves without answering. Malformed input is refused with an
``error`` and the connection stays open; only a frame over the size limit closes it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable

import anyio
from starlette.websockets import WebSocket, WebSocketDisconnect

from rami.server.edge import table_safety
from rami.server.edge.connections import Connections
from rami.server.edge.ops import Metrics
from rami.server.messages.limits import Limits, TokenBucket
from rami.server.messages.outgoing import PongMessage
from rami.server.messages.protocol import (
    Act,
    Chat,
    ClientMessage,
    CloseTable,
    Hello,
    HintRequest,
    Join,
    NextRound,
    Ping,
    ProtocolError,
    Rematch,
    Remove,
    Report,
    StandIn,
    Start,
    encode,
    error_message,
    parse_message,
)
from rami.server.social import rematch
from rami.server.social.lobby import Lobby, TableUnavailable
from rami.server.social.placement import Arrived, Relay
from rami.server.social.safety import Safety
from rami.server.tables import host
from rami.server.tables.actor import Table, refuse_protocol
from rami.server.tables.hints import hint_message
from rami.server.tables.identity import Identity
from rami.server.tables.state import Client

OUTBOX = 512
"""Messages waiting for a slow connection before it is closed (it will resync on reconnect)."""
CLOSE_TRY_LATER = 1013
CLOSE_MOVED = 1012
"""Close code telling a client to reconnect: the table moved to another process."""
CLOSE_SERVER_ERROR = 1011
CLOSE_NO_HELLO = 4408
MESSAGE_CHUNK = 20
"""Messages a session takes at once from its address's shared budget (one count per chunk)."""

LOG = logging.getLogger("rami.server")


class Session:
    """A websocket bound to one table."""

    def __init__(
        self,
        websocket: WebSocket,
        table: Table,
        limits: Limits,
        metrics: Metrics | None = None,
        account: Identity | None = None,
        connections: Connections | None = None,
        address: str = "",
        safety: Safety | None = None,
    ) -> None:
        self.websocket = websocket
        self.safety = safety
        self.table = table
        self.limits = limits
        self.metrics = metrics
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue(OUTBOX)
        self.client = Client(self._enqueue, account=account)
        self.greeted = False
        self.connections, self.address = connections, address
        """The shared budgets this session spends (None: a relayed session, counted where
        its connection is) and its client's address."""
        self.allowance = 0
        """Messages left of the chunk taken from the address's shared budget."""
        self.seats_only = False
        """True when the connection took a place kept for seated players."""
        self.close_code = CLOSE_TRY_LATER
        self.bucket = TokenBucket(limits.messages_per_second, limits.message_burst)
        self.chat_bucket = TokenBucket(limits.chat_per_minute / 60.0, limits.chat_burst)

    def _enqueue(self, text: str | None) -> None:
        """Queue a message (None: close once the queue is sent); a full queue closes now."""
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.outbox = asyncio.Queue(1)
            self.outbox.put_nowait(None)

    def _refuse(self, code: str, message: str) -> None:
        """An error to this connection only, with no resync."""
        self.client.send(encode(error_message(code, message)))

    async def _sender(self) -> None:
        while True:
            text = await self.outbox.get()
            if text is None:
                await self.websocket.close(code=self.close_code)
                return
            await self.websocket.send_text(text)

    async def _receiver(self) -> None:
        while True:
            message = await self.websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            text = message.get("text")
            await self.handle(text if text is not None else bytes(message.get("bytes") or b""))

    async def run(self) -> None:
        """Read and write until the connection closes or either side fails."""
        problems: list[Exception] = []

        async def until_either_ends(side: Callable[[], Awaitable[None]]) -> None:
            try:
                await side()
            except WebSocketDisconnect:
                pass
            except Exception as error:  # a failed send or read ends the whole connection
                problems.append(error)
            finally:
                group.cancel_scope.cancel()

        try:
            async with anyio.create_task_group() as group:
                group.start_soon(until_either_ends, self._receiver)
                group.start_soon(until_either_ends, self._sender)
                group.start_soon(self._hello_deadline)
        finally:
            with anyio.CancelScope(shield=True):
                await self.table.leave(self.client)
        if problems:
            LOG.warning("connection to table %s closed: %r", self.table.table_id, problems[0])
            with contextlib.suppress(Exception):
                await self.websocket.close(code=CLOSE_SERVER_ERROR)

    async def _hello_deadline(self) -> None:
        """Close the connection if it has not said ``hello`` in time."""
        await self.table.clock.sleep(self.limits.hello_seconds)
        if not self.greeted:
            self._refuse("hello_timeout", "send hello first: the connection waited too long")
            self.close_code = CLOSE_NO_HELLO
            self._enqueue(None)

    async def _within_budget(self) -> bool:
        """Spend one message of this connection's and of its address's budgets."""
        if not self.bucket.take():
            return False
        if self.connections is None:
            return True
        if self.allowance <= 0:
            if await self.connections.messages.spend(self.address, MESSAGE_CHUNK) is not None:
                return False
            self.allowance = MESSAGE_CHUNK
        self.allowance -= 1
        return True

    async def resume(self, arrived: Arrived) -> None:
        """Go on with a connection whose table moved here: bound as it was, then the message
        it sent meanwhile."""
        if arrived.greeted:
            self.greeted = True
            await self.table.rebind(self.client, arrived.seat, arrived.lang)
        if arrived.held is not None:
            await self.handle(arrived.held)

    async def handle(self, raw: str | bytes) -> None:
        """Parse one message and hand it to the table (a failure is answered, never fatal)."""
        if not await self._within_budget():
            self._refuse("rate_limited", "too many messages: slow down")
            return
        try:
            message = parse_message(raw, self.limits)
        except ProtocolError as error:
            refuse_protocol(self.client, self.table if self.greeted else None, error)
            return
        if not self.greeted and not isinstance(message, (Hello, Ping)):
            self._refuse("hello_first", "send hello first")
            return
        started = time.perf_counter()
        try:
            await self.dispatch(message)
        except Exception:
            LOG.exception("table %s failed on a %s message", self.table.table_id, message.type)
            self._refuse("internal_error", "the server failed on this message")
        if self.metrics is not None:
            self.metrics.command_done(started, isinstance(message, Act))

    def _claims_a_seat(self, message: Hello) -> bool:
        """True when ``message`` binds the connection to a seat (by token or account)."""
        table, account = self.table, self.client.account
        if message.token is not None:
            return table.seat_of_token(message.token) is not None
        return account is not None and table.seat_of_account(account.account_id) is not None

    def _spectators_full(self, message: Hello) -> bool:
        """True when ``message`` would add a spectator to a table that has its share."""
        return not self._claims_a_seat(message) and self._watchers_full()

    async def _chat_allowed(self) -> bool:
        """Spend one line of the sender's shared chat budget (its account, else address)."""
        if self.connections is None:
            return True
        account = self.client.account
        sender = f"account:{account.account_id}" if account else f"address:{self.address}"
        return await self.connections.chat.spend(sender) is None

    def _watchers_full(self) -> bool:
        table, client = self.table, self.client
        if client in table.clients and client.seat is None:
            return False
        watching = sum(1 for other in table.clients if other.seat is None)
        return watching >= self.limits.spectators_per_table

    async def dispatch(self, message: ClientMessage) -> None:
        """Run one parsed message."""
        table, client = self.table, self.client
        match message:
            case Hello():
                if self.seats_only and not self._claims_a_seat(message):
                    self._refuse("too_many_connections", "this table has all the connections")
                    self.close_code = CLOSE_TRY_LATER
                    self._enqueue(None)
                    return
                if self._spectators_full(message):
                    self._refuse("too_many_spectators", "this table has all the watchers it takes")
                    self.close_code = CLOSE_TRY_LATER
                    self._enqueue(None)
                    return
                self.greeted = True
                await table.hello(client, message)
                await table_safety.greet(self.safety, table, client)
                rematch.greet(table, client)
            case Join():
                if not await table_safety.join_refused(self.safety, table, client):
                    await table.join(client, message)
            case Start():
                await table.start(client, message)
            case Act():
                await table.act(client, message)
            case NextRound():
                await table.deal_next(client, message)
            case HintRequest():
                async with table.lock:
                    client.send(encode(hint_message(table, client.seat, client.lang)))
            case Ping():
                client.send(encode(PongMessage()))
            case Chat():
                if not await self._chat_allowed():
                    self._refuse("chat_too_fast", "too many chat lines: wait a little")
                    return
                await table_safety.say(self.safety, table, client, message.text, self.chat_bucket)
            case Report():
                await table_safety.report(self.safety, table, client, message)
            case Rematch():
                if not await table_safety.join_refused(self.safety, table, client):
                    await rematch.ask(table, client)
            case Remove():
                await host.remove(table, client, message)
            case StandIn():
                await host.stand_in(table, client, message)
            case CloseTable():
                await host.close(table, client, message)


async def serve_socket(
    websocket: WebSocket,
    lobby: Lobby,
    table_id: str,
    connections: Connections,
    relay: Relay | None = None,
    account: Identity | None = None,
) -> None:
    """Accept a connection for ``table_id`` and run its session (here, or relayed until its
    table moves here).

    ``account`` is the logged-in account of the handshake; a relayed connection takes it to
    the table's owner.
    """
    await websocket.accept()
    try:
        table = await lobby.locate(table_id)
    except TableUnavailable as error:
        await websocket.send_text(encode(error_message(error.code, error.message)))
        await websocket.close(code=4503)
        return
    if table is None:
        await websocket.send_text(encode(error_message("no_such_table", "no such table")))
        await websocket.close(code=4404)
        return
    address = connections.address(websocket)
    if await connections.opened.spend(address) is not None:
        too_fast = "this address opens connections too fast: wait a minute"
        await _refuse_connection(websocket, too_fast)
        return
    arrived = None
    if not isinstance(table, Table):  # counted against the table's caps at its owner
        if relay is None:
            return
        arrived = await relay(websocket, table.table_id, table.owner, account, address)
        if arrived is None:
            return
        table = arrived.table
    joining = arrived is None or not arrived.greeted
    refusal = connections.refusal(table_id, address) if joining else None
    if refusal is not None:
        await _refuse_connection(websocket, refusal)
        return
    seats_only = connections.opening(table_id, address)
    try:
        session = Session(
            websocket,
            table,
            connections.limits,
            connections.metrics,
            account,
            connections,
            address,
            lobby.safety,
        )
        session.seats_only = seats_only and joining
        if arrived is not None:
            await session.resume(arrived)
        await session.run()
    finally:
        connections.closed(table_id, address)


async def _refuse_connection(websocket: WebSocket, refusal: str) -> None:
    """Refuse a new connection with ``too_many_connections`` and close it (1013)."""
    await websocket.send_text(encode(error_message("too_many_connections", refusal)))
    await websocket.close(code=CLOSE_TRY_LATER)
