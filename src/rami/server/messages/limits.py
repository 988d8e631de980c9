"""What one client may ask of the server: sizes, caps and rates (all options of ``rami serve``)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Limits:
    """Server-wide limits; docs/PROTOCOL.md lists each with its ``rami serve`` option."""

    body_bytes: int = 16_384
    """Largest HTTP request body; a larger one is refused (413) before it is read."""
    message_bytes: int = 4096
    """Largest websocket message that is read; a larger one is refused as ``malformed``."""
    frame_bytes: int = 65_536
    """Largest websocket frame; a larger one closes the connection (code 1009)."""
    connections_per_table: int = 64
    """Open websockets per table; the next one is refused and closed (code 1013)."""
    spectators_per_table: int = 32
    """Connections watching a table without a seat."""
    creates_per_minute: float = 10.0
    """Tables one client address may create per minute (after a burst of ``create_burst``)."""
    create_burst: int = 10
    messages_per_second: float = 20.0
    """Websocket messages one connection may send per second (after a burst)."""
    message_burst: int = 60
    chat_per_minute: float = 20.0
    """Chat lines one connection may send per minute (after a burst of ``chat_burst``)."""
    chat_burst: int = 5


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


class RateLimiter:
    """One :class:`TokenBucket` per key (a client address), forgetting idle keys."""

    KEYS = 10_000
    """Keys kept before the full (idle) buckets are dropped."""

    def __init__(
        self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.buckets: dict[str, TokenBucket] = {}

    def allow(self, key: str) -> bool:
        """True when ``key`` may make one more request now."""
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= self.KEYS:
                self.buckets = {k: b for k, b in self.buckets.items() if not b.full}
            bucket = self.buckets[key] = TokenBucket(self.rate, self.burst, self.clock)
        return bucket.take()
