"""The process bus on a real Redis: table commands reach the owner, answers the relay."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from redis.asyncio import Redis
from redis.exceptions import ConnectionError as RedisConnectionError

from rami.server.cluster.bus import Bus
from services import redis_database

REDIS_DB = 12


def test_commands_reach_the_owner_and_answers_the_relay() -> None:
    async def scenario(url: str) -> None:
        owner_redis, relay_redis = Redis.from_url(url), Redis.from_url(url)
        owner, relay = Bus(owner_redis, "owner"), Bus(relay_redis, "relay")
        answers: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        commands: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

        async def owner_gets(message: dict[str, Any]) -> None:
            await commands.put(message)
            await owner.to_process(message["proc"], {"conn": message["conn"], "echo": "ok"})

        async def nothing(_message: dict[str, Any]) -> None:
            return None

        await owner.start(nothing)
        await relay.start(answers.put)
        assert not await relay.to_table("t1", {"conn": 1, "proc": "relay"})  # no owner yet
        await owner.own("t1", owner_gets)
        assert await relay.to_table("t1", {"conn": 1, "proc": "relay", "text": "é"})
        assert (await asyncio.wait_for(commands.get(), 10))["text"] == "é"
        assert await asyncio.wait_for(answers.get(), 10) == {"conn": 1, "echo": "ok"}
        await owner.disown("t1")
        assert not await relay.to_table("t1", {"conn": 2, "proc": "relay"})
        await owner.close()
        assert not await relay.to_process("owner", {"hello": 1})  # a closed process is gone
        await relay.close()
        await owner_redis.aclose()
        await relay_redis.aclose()

    with redis_database(REDIS_DB) as url:
        asyncio.run(scenario(url))


def test_publishes_sent_together_arrive_in_order_and_each_learns_its_count() -> None:
    async def scenario(url: str) -> None:
        owner_redis, relay_redis = Redis.from_url(url), Redis.from_url(url)
        owner, relay = Bus(owner_redis, "owner"), Bus(relay_redis, "relay")
        received: list[int] = []
        all_in = asyncio.Event()

        async def owner_gets(message: dict[str, Any]) -> None:
            received.append(message["n"])
            if len(received) == 300:
                all_in.set()

        async def nothing(_message: dict[str, Any]) -> None:
            return None

        await owner.start(nothing)
        await owner.own("t1", owner_gets)
        sent = await asyncio.gather(*(relay.to_table("t1", {"n": n}) for n in range(300)))
        nobody = await asyncio.gather(*(relay.to_table("t2", {"n": n}) for n in range(5)))
        assert all(sent) and not any(nobody)
        await asyncio.wait_for(all_in.wait(), 10)
        assert received == list(range(300))
        await owner.close()
        await relay.close()
        await owner_redis.aclose()
        await relay_redis.aclose()

    with redis_database(REDIS_DB) as url:
        asyncio.run(scenario(url))


def test_a_publish_to_an_unreachable_redis_fails_instead_of_waiting() -> None:
    async def scenario() -> None:
        redis = Redis.from_url("redis://127.0.0.1:1/0", socket_connect_timeout=2)
        bus = Bus(redis, "lonely")
        for _ in range(2):  # the sender goes on after a failed round trip
            with pytest.raises(RedisConnectionError):
                await asyncio.wait_for(bus.to_table("t1", {"n": 1}), 30)
        await bus.close()
        await redis.aclose()

    asyncio.run(scenario())
