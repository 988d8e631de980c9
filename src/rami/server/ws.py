"""The websocket transport: one session per connection, messages dispatched to its table."""

from __future__ import annotations

import asyncio
import contextlib

from starlette.websockets import WebSocket, WebSocketDisconnect

from rami.server.hints import hint_message
from rami.server.lobby import Lobby, TableUnavailable
from rami.server.protocol import (
    Act,
    ClientMessage,
    Hello,
    HintRequest,
    Join,
    NextRound,
    Ping,
    ProtocolError,
    Start,
    encode,
    error_message,
    parse_message,
)
from rami.server.table import Client, Table, refuse_protocol

OUTBOX = 512
"""Messages waiting for a slow connection before it is closed (it will resync on reconnect)."""


class Session:
    """A websocket bound to one table."""

    def __init__(self, websocket: WebSocket, table: Table) -> None:
        self.websocket = websocket
        self.table = table
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue(OUTBOX)
        self.client = Client(self._enqueue)
        self.greeted = False

    def _enqueue(self, text: str) -> None:
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.outbox = asyncio.Queue(1)
            self.outbox.put_nowait(None)

    async def _sender(self) -> None:
        while True:
            text = await self.outbox.get()
            if text is None:
                await self.websocket.close(code=1013)
                return
            await self.websocket.send_text(text)

    async def run(self) -> None:
        """Receive until the connection closes."""
        sender = asyncio.create_task(self._sender())
        try:
            while not sender.done():
                raw = await self.websocket.receive_text()
                await self.handle(raw)
        except WebSocketDisconnect:
            pass
        finally:
            await self.table.leave(self.client)
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await sender

    async def handle(self, raw: str) -> None:
        """Parse one message and hand it to the table."""
        try:
            message = parse_message(raw)
        except ProtocolError as error:
            refuse_protocol(self.client, self.table if self.greeted else None, error)
            return
        if not self.greeted and not isinstance(message, (Hello, Ping)):
            self.client.send(encode(error_message("hello_first", "send hello first")))
            return
        await self.dispatch(message)

    async def dispatch(self, message: ClientMessage) -> None:
        """Run one parsed message."""
        table, client = self.table, self.client
        match message:
            case Hello():
                self.greeted = True
                await table.hello(client, message)
            case Join():
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
                client.send(encode({"type": "pong"}))


async def serve_socket(websocket: WebSocket, lobby: Lobby, table_id: str) -> None:
    """Accept a connection for ``table_id`` and run its session."""
    await websocket.accept()
    try:
        table = await lobby.find(table_id)
    except TableUnavailable as error:
        await websocket.send_text(encode(error_message(error.code, error.message)))
        await websocket.close(code=4503)
        return
    if table is None:
        await websocket.send_text(encode(error_message("no_such_table", "no such table")))
        await websocket.close(code=4404)
        return
    await Session(websocket, table).run()
