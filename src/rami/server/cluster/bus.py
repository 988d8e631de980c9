"""Messages between server processes over Redis pub/sub.

Each process listens on a channel of its own (answers for the connections it relays) and on
one channel per table it owns (commands relayed by other processes). A publish reports how
many listeners got it, so a relay learns at once when a table has no owner listening.

Every message is a model of :mod:`rami.server.cluster.messages`, parsed on receipt: what does
not parse (not JSON, an unknown ``op``, a field missing or of another type) is logged and dropped.

Publishes leave in arrival order through one sender: what waits while a round trip is under
way goes in the next pipeline, so a busy process pays one round trip for many messages.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError
from redis.asyncio import Redis
from redis.asyncio.client import PubSub

from rami.server.cluster.messages import TO_OWNER, TO_RELAY, ToOwner, ToRelay

OwnerHandler = Callable[[ToOwner], Awaitable[None]]
"""Receives what relays send to a table owned here."""
RelayHandler = Callable[[ToRelay], Awaitable[None]]
"""Receives what owners send to this process."""


@dataclass(frozen=True, slots=True)
class _Listener:
    parse: TypeAdapter[Any]
    handler: Callable[[Any], Awaitable[None]]


log = logging.getLogger("rami.server")


class Bus:
    """The pub/sub link of process ``process_id``."""

    def __init__(self, redis: Redis, process_id: str, prefix: str = "rami") -> None:
        self.redis = redis
        self.process_id = process_id
        self.prefix = prefix
        self._pubsub: PubSub = redis.pubsub(ignore_subscribe_messages=True)
        self._handlers: dict[str, _Listener] = {}
        self._task: asyncio.Task[None] | None = None
        self._waiting: list[tuple[str, str, asyncio.Future[int]]] = []
        """Publishes not yet sent: channel, data and who waits for the listener count."""
        self._wake = asyncio.Event()
        self._sender: asyncio.Task[None] | None = None

    def table_channel(self, table_id: str) -> str:
        """Where commands for a table's owner go."""
        return f"{self.prefix}:table:{table_id}"

    def process_channel(self, process_id: str) -> str:
        """Where messages for one process go."""
        return f"{self.prefix}:process:{process_id}"

    async def start(self, on_process: RelayHandler) -> None:
        """Listen on this process's channel (``on_process`` gets its messages)."""
        await self._listen(self.process_channel(self.process_id), _Listener(TO_RELAY, on_process))
        self._task = asyncio.get_running_loop().create_task(self._read())

    async def _listen(self, channel: str, listener: _Listener) -> None:
        self._handlers[channel] = listener
        await self._pubsub.subscribe(channel)

    async def own(self, table_id: str, handler: OwnerHandler) -> None:
        """Receive the commands relayed to ``table_id``."""
        await self._listen(self.table_channel(table_id), _Listener(TO_OWNER, handler))

    async def disown(self, table_id: str) -> None:
        """Stop receiving a table's commands."""
        channel = self.table_channel(table_id)
        self._handlers.pop(channel, None)
        await self._pubsub.unsubscribe(channel)

    async def to_table(self, table_id: str, message: ToOwner) -> bool:
        """Send to the table's owner; False when no process listens for it."""
        return bool(await self._publish(self.table_channel(table_id), _dumps(message)))

    async def to_process(self, process_id: str, message: ToRelay) -> bool:
        """Send to one process; False when it does not listen (it is gone)."""
        return bool(await self._publish(self.process_channel(process_id), _dumps(message)))

    async def _publish(self, channel: str, data: str) -> int:
        """Queue one publish for the sender; how many listeners received it."""
        if self._sender is None:
            self._sender = asyncio.get_running_loop().create_task(self._send_forever())
        future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._waiting.append((channel, data, future))
        self._wake.set()
        return await future

    async def _send_forever(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            batch, self._waiting = self._waiting, []
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for channel, data, _ in batch:
                        pipe.publish(channel, data)
                    counts = await pipe.execute()
            except asyncio.CancelledError:  # the bus closes: nobody waits in vain
                for _, _, future in batch:
                    future.cancel()
                raise
            except Exception as error:  # Redis unreachable: every waiting publish fails
                for _, _, future in batch:
                    if not future.done():
                        future.set_exception(error)
                continue
            for (_, _, future), count in zip(batch, counts, strict=True):
                if not future.done():  # its sender may have been cancelled meanwhile
                    future.set_result(int(count))

    async def _read(self) -> None:
        while True:
            message = await self._pubsub.get_message(timeout=None)
            if message is None:
                continue
            raw = message["channel"]
            channel = raw.decode() if isinstance(raw, bytes) else str(raw)
            listener = self._handlers.get(channel)
            if listener is None:
                continue
            try:
                parsed = listener.parse.validate_json(message["data"])
            except ValidationError as error:  # not one of the messages: nothing to do with it
                log.warning("bus message on %s dropped: %s", channel, _first_error(error))
                continue
            try:
                await listener.handler(parsed)
            except Exception:  # one failed message must not stop the process's bus
                log.exception("bus message on %s failed", channel)

    async def close(self) -> None:
        """Stop listening and release the connection."""
        for task in (self._task, self._sender):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        for _, _, future in self._waiting:
            future.cancel()
        await self._pubsub.aclose()  # type: ignore[no-untyped-call, unused-ignore]


def _dumps(message: BaseModel) -> str:
    return message.model_dump_json(exclude_none=True)


def _first_error(error: ValidationError) -> str:
    """A one-line reason for a message that does not parse."""
    first = error.errors()[0]
    where = ".".join(str(part) for part in first.get("loc", ())) or "message"
    return f"{where}: {first.get('msg', 'invalid')}"
