"""Process liveness and table ownership on a real Redis, with clocks the test advances: one
owner at a time, a lapsed heartbeat frees every table of its process at once, ownership
passed only by its holder, and Redis traffic that does not grow with the tables held."""

from __future__ import annotations

import asyncio

from redis.asyncio import Redis

from rami.server.cluster.liveness import Granted, Held, Liveness, NotAlive
from rami.server.tables.clock import ManualClock
from services import redis_database

REDIS_DB = 11
TTL = 3.0


def test_one_owner_at_a_time_and_takeover_once_the_owner_is_dead() -> None:
    async def scenario(url: str) -> None:
        redis = Redis.from_url(url)
        clock_a, clock_b = ManualClock(), ManualClock()  # each process reads its own clock
        first = Liveness(redis, "process-a", TTL, clock=clock_a)
        second = Liveness(redis, "process-b", TTL, clock=clock_b)
        await first.register()
        await second.register()
        lease = await first.acquire("t1")
        assert isinstance(lease, Granted)
        assert await second.acquire("t1") == Held("t1", "process-a")
        assert await first.acquire("t2") == Granted("t2", 1)
        assert await second.owners_of(["t1", "t2", "t3"]) == ["process-a", "process-a", None]

        await clock_b.advance(TTL / 2)  # process b beats on; process a says nothing
        assert await second.beat()
        assert await second.acquire("t1") == Held("t1", "process-a")  # a is still alive
        await clock_b.advance(TTL / 2 + 0.1)  # a's heartbeat lapsed, as b sees it
        assert await second.beat()
        assert await second.owners_of(["t1", "t2"]) == [None, None]  # both tables at once
        taken = await second.acquire("t1")
        assert isinstance(taken, Granted) and taken.epoch > lease.epoch

        await clock_a.advance(TTL + 0.2)  # a wakes up: it was dead, for itself too
        assert not await first.beat()
        assert await first.acquire("t3") == NotAlive("t3")
        await first.release("t1")  # a former owner releases nothing
        assert await first.owner_of("t1") == "process-b"
        await first.register()  # a new incarnation, owning nothing
        assert await first.acquire("t1") == Held("t1", "process-b")
        assert isinstance(await first.acquire("t2"), Granted)  # its old record was dead
        await second.release("t1")
        assert await first.owner_of("t1") is None
        await redis.aclose()

    with redis_database(REDIS_DB) as url:
        asyncio.run(scenario(url))


def test_ownership_is_passed_only_by_its_holder_and_taken_under_a_new_epoch() -> None:
    async def scenario(url: str) -> None:
        redis = Redis.from_url(url)
        clock = ManualClock()
        first, second, third = (Liveness(redis, f"p{n}", TTL, clock=clock) for n in range(3))
        for process in (first, second, third):
            await process.register()
        lease = await first.acquire("t9")
        assert isinstance(lease, Granted)
        assert not await third.pass_to("t9", "p2")  # not its table to give
        assert await first.pass_to("t9", "p1")
        assert await first.owner_of("t9") == "p1"
        assert await third.acquire("t9") == Held("t9", "p1")
        taken = await second.acquire("t9")
        assert isinstance(taken, Granted) and taken.epoch > lease.epoch
        assert isinstance(await second.acquire("t9"), Granted)  # its own: a newer epoch again
        await second.release("t9")
        await redis.aclose()

    with redis_database(REDIS_DB) as url:
        asyncio.run(scenario(url))
