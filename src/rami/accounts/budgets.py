"""Rate limits shared by every process: budgets of hits per key and window.

A :class:`Budget` answers "may ``key`` spend ``cost`` now?" and counts the spend in the same
step, so parallel requests never pass a check together and then all count. The embedded
server keeps its budgets in memory (:class:`MemoryBudgets`, sliding windows); the scaled-out
one in Redis (:class:`RedisBudgets`, one counter per key and window, incremented by a Lua
script), so N processes share one budget instead of allowing N times the limit.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from rami.accounts.ratelimit import RateLimiter

if TYPE_CHECKING:
    from redis.asyncio import Redis


class Budget(Protocol):
    """Hits allowed per key in a window (``count`` per ``seconds``)."""

    async def spend(self, key: str, cost: int = 1) -> float | None:
        """Count ``cost`` hits for ``key`` and return None, or (nothing counted) the seconds
        until ``key`` may spend again."""
        ...

    async def refund(self, key: str, cost: int = 1) -> None:
        """Take back ``cost`` hits of ``key`` (an attempt that turned out fine)."""
        ...

    async def clear(self, key: str) -> None:
        """Forget every hit of ``key``."""
        ...


class Budgets(Protocol):
    """Where budgets are counted."""

    def budget(self, name: str, count: int, seconds: float) -> Budget:
        """The budget ``name``: ``count`` hits per key in ``seconds``."""
        ...


class MemoryBudget:
    """A budget in this process's memory (a sliding window per key)."""

    def __init__(self, count: int, seconds: float, clock: Callable[[], float]) -> None:
        self.limiter = RateLimiter(count, seconds, clock)

    async def spend(self, key: str, cost: int = 1) -> float | None:
        return self.limiter.spend(key, cost)

    async def refund(self, key: str, cost: int = 1) -> None:
        for _ in range(cost):
            self.limiter.undo(key)

    async def clear(self, key: str) -> None:
        self.limiter.forget(key)


class MemoryBudgets:
    """Budgets kept in memory: the embedded server's (one process)."""

    def __init__(self, clock: Callable[[], float] | None = None) -> None:
        self.clock = clock or time.monotonic

    def budget(self, name: str, count: int, seconds: float) -> Budget:
        return MemoryBudget(count, seconds, self.clock)


SPEND = """
local spent = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
if spent > tonumber(ARGV[3]) then
  redis.call('DECRBY', KEYS[1], ARGV[1])
  return ttl
end
return -1
"""
"""Spend ARGV[1] of the budget KEYS[1] (ARGV[3] per ARGV[2] ms): -1, or the ms to wait."""


class RedisBudget:
    """A budget counted in Redis: one counter per key, living ``seconds`` from its first hit."""

    def __init__(self, redis: Redis, name: str, count: int, seconds: float) -> None:
        self.redis, self.name, self.count = redis, name, count
        self.millis = max(1, round(seconds * 1000))
        self.script = redis.register_script(SPEND)

    def _key(self, key: str) -> str:
        return f"rami:limit:{self.name}:{key}"

    async def spend(self, key: str, cost: int = 1) -> float | None:
        wait = int(await self.script(keys=[self._key(key)], args=[cost, self.millis, self.count]))
        return None if wait < 0 else wait / 1000.0

    async def refund(self, key: str, cost: int = 1) -> None:
        await self.redis.decrby(self._key(key), cost)

    async def clear(self, key: str) -> None:
        await self.redis.delete(self._key(key))


class RedisBudgets:
    """Budgets in a Redis every process shares (the scaled-out server's)."""

    def __init__(self, redis: Redis) -> None:
        self.redis = redis

    def budget(self, name: str, count: int, seconds: float) -> Budget:
        return RedisBudget(self.redis, name, count, seconds)
