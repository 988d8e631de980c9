"""The manual clock tests advance: waiters wake in deadline order, events win, nothing leaks."""

from __future__ import annotations

import asyncio

from rami.server.tables.clock import SYSTEM_CLOCK, ManualClock


def test_sleepers_wake_in_deadline_order_at_their_deadline() -> None:
    async def scenario() -> list[tuple[str, float]]:
        clock = ManualClock(start=0.0)
        woke: list[tuple[str, float]] = []

        async def sleeper(name: str, seconds: float) -> None:
            await clock.sleep(seconds)
            woke.append((name, clock.now()))

        tasks = [asyncio.create_task(sleeper(n, s)) for n, s in (("late", 5.0), ("soon", 2.0))]
        await asyncio.sleep(0)
        await clock.advance(1.0)
        assert woke == [] and clock.pending() == [2.0, 5.0]
        await clock.advance(10.0)
        await asyncio.gather(*tasks)
        assert clock.now() == 11.0 and clock.pending() == []
        return woke

    assert asyncio.run(scenario()) == [("soon", 2.0), ("late", 5.0)]


def test_wait_returns_true_for_the_event_and_false_for_the_timeout() -> None:
    async def scenario() -> tuple[bool, bool, list[float]]:
        clock = ManualClock(start=0.0)
        event = asyncio.Event()
        timed = asyncio.create_task(clock.wait(event, 3.0))
        await asyncio.sleep(0)
        await clock.advance(3.0)
        timed_out = await timed
        woken = asyncio.create_task(clock.wait(event, 3.0))
        await asyncio.sleep(0)
        event.set()
        by_event = await woken
        return timed_out, by_event, clock.pending()

    timed_out, by_event, pending = asyncio.run(scenario())
    assert (timed_out, by_event) == (False, True)
    assert pending == [], "the deadline of a wait the event ended is dropped"


def test_a_cancelled_wait_leaves_no_deadline_behind() -> None:
    async def scenario() -> list[float]:
        clock = ManualClock(start=0.0)
        task = asyncio.create_task(clock.wait(asyncio.Event(), 30.0))
        await asyncio.sleep(0)
        assert clock.pending() == [30.0]
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        return clock.pending()

    assert asyncio.run(scenario()) == []


def test_the_system_clock_times_out_a_wait() -> None:
    async def scenario() -> bool:
        return await SYSTEM_CLOCK.wait(asyncio.Event(), 0.0)

    assert asyncio.run(scenario()) is False
    assert SYSTEM_CLOCK.wall() > 1e9
