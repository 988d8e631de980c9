"""Time as a value the server is given: the system clock in service, a manual one in tests.

Everything in the server that waits for time (turn timers, grace periods, bot delays, archiving,
leases) reads ``clock.now()`` and waits with ``clock.wait(event, timeout)``, so a test advances a
:class:`ManualClock` instead of sleeping.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import time
from typing import Any, Protocol


class Clock(Protocol):
    """Monotonic seconds and waiting on them."""

    def now(self) -> float:
        """Seconds on a monotonic scale (only differences mean anything)."""
        ...

    def wall(self) -> float:
        """Seconds since the epoch, for timestamps that are stored or shown."""
        ...

    async def wait(self, event: asyncio.Event, timeout: float | None) -> bool:
        """Wait until ``event`` is set (True) or ``timeout`` seconds pass (False)."""
        ...

    async def sleep(self, seconds: float) -> None:
        """Let ``seconds`` pass."""
        ...


class SystemClock:
    """The machine's clocks."""

    def now(self) -> float:
        """``time.monotonic()``."""
        return time.monotonic()

    def wall(self) -> float:
        """``time.time()``."""
        return time.time()

    async def wait(self, event: asyncio.Event, timeout: float | None) -> bool:
        """Wait on the event with asyncio's own timeout.

        ``asyncio.timeout``, not ``asyncio.wait_for``: on Python 3.11 ``wait_for`` returns the
        event's result when the waiting task is cancelled in the turn the event is set, so the
        cancel is lost (a driver stopped right after its table changed would wait on for good).
        """
        if event.is_set():
            return True
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                await event.wait()
                return True
        return False

    async def sleep(self, seconds: float) -> None:
        """``asyncio.sleep``."""
        await asyncio.sleep(seconds)


SYSTEM_CLOCK: Clock = SystemClock()


class ManualClock:
    """A clock that moves only when a test calls :meth:`advance`.

    Waiters whose deadline is reached are woken in deadline order; ``advance`` then yields to
    the event loop until they have run, so a test can assert on their effects right after it.
    """

    def __init__(self, start: float = 1000.0, wall_start: float = 1_800_000_000.0) -> None:
        self._now = start
        self._wall_offset = wall_start - start
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    def now(self) -> float:
        """The manual time."""
        return self._now

    def wall(self) -> float:
        """The manual time on the epoch scale."""
        return self._now + self._wall_offset

    def _deadline(self, seconds: float) -> asyncio.Future[None]:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (self._now + max(0.0, seconds), next(self._order), future))
        return future

    async def sleep(self, seconds: float) -> None:
        """Return once the clock has been advanced by ``seconds``."""
        await self._deadline(seconds)

    async def wait(self, event: asyncio.Event, timeout: float | None) -> bool:
        """Wait for the event, or for the clock to pass ``timeout``."""
        if event.is_set():
            return True
        waiters: set[asyncio.Future[Any]] = {asyncio.ensure_future(event.wait())}
        if timeout is not None:
            waiters.add(self._deadline(timeout))
        try:
            await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
        finally:  # also when the waiting task is cancelled: nothing is left behind
            for future in waiters:
                future.cancel()
        return event.is_set()

    def pending(self) -> list[float]:
        """The deadlines someone waits for, soonest first (for tests that check a schedule)."""
        return sorted(deadline for deadline, _, future in self._sleepers if not future.done())

    async def advance(self, seconds: float) -> None:
        """Move time forward, waking every waiter whose deadline falls inside, in order."""
        target = self._now + seconds
        while self._sleepers and self._sleepers[0][0] <= target:
            deadline, _, future = heapq.heappop(self._sleepers)
            self._now = max(self._now, deadline)
            if not future.done():
                future.set_result(None)
                await _settle()
        self._now = target
        await _settle()
        self._sleepers = [entry for entry in self._sleepers if not entry[2].done()]
        heapq.heapify(self._sleepers)


async def _settle(rounds: int = 50) -> None:
    """Give the event loop enough turns for woken tasks to run to their next wait."""
    for _ in range(rounds):
        await asyncio.sleep(0)
