"""Table leases on a real Redis: one owner at a time, renewals, expiry and takeover."""

from __future__ import annotations

import asyncio

from rami.server.cluster.leases import Leases
from redis.asyncio import Redis

from services import redis_database

REDIS_DB = 11


def test_one_owner_at_a_time_and_takeover_after_expiry() -> None:
    async def scenario(url: str) -> None:
        redis = Redis.from_url(url)
        first = Leases(redis, "process-a", ttl=0.2)
        second = Leases(redis, "process-b", ttl=0.2)
        lease = await first.acquire("t1")
        assert lease is not None and lease.owner == "process-a"
        assert await second.acquire("t1") is None
        assert await first.renew("t1")
        assert await second.owner_of("t1") == "process-a"

        async def expired() -> None:  # the owner stops renewing
            while await second.owner_of("t1") is not None:
                await asyncio.sleep(0.02)

        await asyncio.wait_for(expired(), 10)
        taken = await second.acquire("t1")
        assert taken is not None and taken.epoch > lease.epoch
        assert not await first.renew("t1")  # a lost lease is not renewed ...
        assert await first.acquire("t2") is not None
        assert await first.renew_all(["t1", "t2"]) == [False, True]  # one round trip
        assert await first.owners_of(["t1", "t2", "t3"]) == ["process-b", "process-a", None]
        await first.release("t1")  # ... nor released by its former owner
        assert await second.owner_of("t1") == "process-b"
        await second.release("t1")
        assert await first.owner_of("t1") is None
        await redis.aclose()

    with redis_database(REDIS_DB) as url:
        asyncio.run(scenario(url))


def test_a_lease_is_passed_only_by_its_holder_and_taken_under_a_new_epoch() -> None:
    async def scenario(url: str) -> None:
        redis = Redis.from_url(url)
        first = Leases(redis, "process-a", ttl=30)
        second = Leases(redis, "process-b", ttl=30)
        third = Leases(redis, "process-c", ttl=30)
        lease = await first.acquire("t9")
        assert lease is not None
        assert not await third.pass_to("t9", "process-c")  # not its lease to give
        assert await first.pass_to("t9", "process-b")
        assert await first.owner_of("t9") == "process-b"
        assert not await first.renew("t9")  # the giver holds nothing any more
        assert await third.acquire("t9") is None
        taken = await second.acquire("t9")
        assert taken is not None and taken.epoch > lease.epoch
        await second.release("t9")
        await redis.aclose()

    with redis_database(REDIS_DB) as url:
        asyncio.run(scenario(url))
