"""What one client may ask of the server: sizes, caps and rates (the ``limits`` group of
:class:`~rami.server.messages.settings.ServerSettings`; docs/DEPLOY.md lists each one)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from rami.accounts.config import AccountConfig


class Window(BaseModel):
    """At most ``count`` hits per key in ``seconds``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    count: Annotated[int, Field(ge=1)]
    seconds: Annotated[float, Field(gt=0)]

    @classmethod
    def of(cls, pair: tuple[int, float]) -> Window:
        """The window of ``(count, seconds)``."""
        return cls(count=pair[0], seconds=pair[1])

    def pair(self) -> tuple[int, float]:
        """``(count, seconds)``."""
        return self.count, self.seconds


_ACCOUNTS = AccountConfig()
"""The accounts API's defaults (its limits are settings of the server too)."""


class Limits(BaseModel):
    """Server-wide limits, per connection, per table, per client address and per account."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    body_bytes: Annotated[int, Field(ge=256)] = 16_384
    """Largest HTTP request body; a larger one is refused (413 ``too_large``) unread."""
    message_bytes: Annotated[int, Field(ge=256)] = 4096
    """Largest websocket message that is read; a larger one is refused as ``malformed``."""
    frame_bytes: Annotated[int, Field(ge=1024)] = 65_536
    """Largest websocket frame; a larger one closes the connection (code 1009)."""
    connections_per_table: Annotated[int, Field(ge=1)] = 64
    """Open websockets per table; the next one is refused and closed (code 1013)."""
    seat_room: Annotated[int, Field(ge=0)] = 8
    """Websockets a table takes beyond ``connections_per_table`` for its seated players only."""
    connections_per_address: Annotated[int, Field(ge=1)] = 8
    """Open websockets of one client address to one table."""
    hello_seconds: Annotated[float, Field(gt=0)] = 10.0
    """Seconds a websocket has to send ``hello`` before it is closed (code 4408)."""
    spectators_per_table: Annotated[int, Field(ge=0)] = 32
    """Connections watching a table without a seat."""
    connections_per_minute: Annotated[int, Field(ge=1)] = 120
    """Websockets one client address may open per minute (shared by the processes)."""
    creates_per_minute: Annotated[float, Field(ge=0)] = 10.0
    """Tables one client address may create per minute (after a burst of ``create_burst``)."""
    create_burst: Annotated[int, Field(ge=1)] = 10
    """Tables one client address may create at once."""
    messages_per_second: Annotated[float, Field(ge=0)] = 20.0
    """Websocket messages one connection may send per second (after a burst)."""
    message_burst: Annotated[int, Field(ge=1)] = 60
    """Websocket messages one connection may send at once."""
    address_messages_per_minute: Annotated[int, Field(ge=1)] = 6000
    """Websocket messages of all the connections of one client address per minute (shared)."""
    chat_per_minute: Annotated[float, Field(ge=0)] = 20.0
    """Chat lines one connection may send per minute (after a burst of ``chat_burst``)."""
    chat_burst: Annotated[int, Field(ge=1)] = 5
    """Chat lines one connection may send at once."""
    chat_per_sender: Window = Window(count=60, seconds=600.0)
    """Chat lines of one account (a guest: of one address) over all its connections (shared)."""
    signups_per_address: Window = Window.of(_ACCOUNTS.signups_per_address)
    """Accounts one client address may create (counted before the password is hashed)."""
    logins_per_address: Window = Window.of(_ACCOUNTS.logins_per_address)
    """Login attempts, successful or not, from one client address."""
    logins_per_name: Window = Window.of(_ACCOUNTS.logins_per_name)
    """Login attempts, successful or not, for one account name."""
    login_failures_per_name: Window = Window.of(_ACCOUNTS.login_failures_per_name)
    """Failed logins for one account name."""
    login_failures_per_address: Window = Window.of(_ACCOUNTS.login_failures_per_address)
    """Failed logins from one client address."""

    @property
    def creations(self) -> Window:
        """The table creations of one address as a window: the burst, refilled at the rate."""
        return Window(
            count=self.create_burst, seconds=60.0 * self.create_burst / self.creates_per_minute
        )


@dataclass(slots=True)
class TokenBucket:
    """``burst`` tokens, refilled at ``rate`` per second; each request takes one."""

    rate: float
    burst: int
    clock: Callable[[], float] = time.monotonic
    tokens: float = field(init=False)
    stamp: float = field(init=False)

    def __post_init__(self) -> None:
        self.tokens = float(self.burst)
        self.stamp = self.clock()

    def _refill(self) -> None:
        now = self.clock()
        self.tokens = min(float(self.burst), self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def take(self) -> bool:
        """True (and one token spent) when a request is allowed now."""
        self._refill()
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    @property
    def full(self) -> bool:
        """True when the bucket has refilled completely (it can be forgotten)."""
        self._refill()
        return self.tokens >= self.burst
