"""Sliding-window rate limits kept in memory, in one process.

Each key (a case-folded name, a client address) may be hit ``limit`` times within ``window``
seconds. :mod:`rami.accounts.budgets` puts them (or Redis counters, shared by the processes of
the scaled-out server) behind one interface.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

MAX_KEYS = 100_000
"""Keys kept at most; the least recently hit are forgotten first."""


class RateLimiter:
    """At most ``limit`` hits per key in any ``window`` seconds."""

    def __init__(self, limit: int, window: float, clock: Callable[[], float] | None = None) -> None:
        if limit < 1 or window <= 0:
            raise ValueError("a rate limit needs limit >= 1 and window > 0")
        self.limit = limit
        self.window = window
        self._clock = clock or time.monotonic
        self._hits: dict[str, deque[float]] = {}

    def _recent(self, key: str) -> deque[float]:
        hits = self._hits.get(key)
        if hits is None:
            return deque()
        horizon = self._clock() - self.window
        while hits and hits[0] <= horizon:
            hits.popleft()
        if not hits:
            del self._hits[key]
        return hits

    def retry_after(self, key: str) -> float | None:
        """Seconds until ``key`` may be hit again, or None when it may be hit now."""
        hits = self._recent(key)
        if len(hits) < self.limit:
            return None
        return max(0.0, hits[0] + self.window - self._clock())

    def spend(self, key: str, cost: int = 1) -> float | None:
        """Count ``cost`` hits for ``key`` and return None when they fit in its window, else
        count nothing and return the seconds until they would fit."""
        hits = self._recent(key)
        over = len(hits) + cost - self.limit
        if over > 0:
            if cost > self.limit:
                return self.window
            return max(0.0, hits[over - 1] + self.window - self._clock())
        for _ in range(cost):
            self.hit(key)
        return None

    def hit(self, key: str) -> None:
        """Count one hit for ``key``."""
        hits = self._hits.pop(key, None)
        if hits is None:
            hits = deque()
            if len(self._hits) >= MAX_KEYS:
                del self._hits[next(iter(self._hits))]
        hits.append(self._clock())
        self._hits[key] = hits

    def undo(self, key: str) -> None:
        """Take back the latest hit of ``key`` (an attempt that turned out fine)."""
        hits = self._hits.get(key)
        if hits:
            hits.pop()
            if not hits:
                del self._hits[key]

    def forget(self, key: str) -> None:
        """Drop every hit of ``key``."""
        self._hits.pop(key, None)
