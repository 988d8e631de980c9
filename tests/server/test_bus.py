"""The process bus on a real Redis: table commands reach the owner, answers the relay, and a
message that is not one of the bus's kinds is logged and dropped."""

from __future__ import annotations

import asyncio
import logging

import pytest
from redis.asyncio import Redis
from redis.exceptions import ConnectionError as RedisConnectionError

from rami.server.cluster.bus import Bus
from rami.server.cluster.messages import Open, Pause, Send, Text, ToOwner, ToRelay
from services import redis_database

REDIS_DB = 12


async def _nothing(_message: ToRelay) -> None:
    return None


def test_commands_reach_the_owner_and_answers_the_relay() -> None:
    async def scenario(url: str) -> None:
        owner_redis, relay_redis = Redis.from_url(url), Redis.from_url(url)
        owner, relay = Bus(owner_redis, "owner"), Bus(relay_redis, "relay")
        answers: asyncio.Queue[ToRelay] = asyncio.Queue()
        commands: asyncio.Queue[ToOwner] = asyncio.Queue()

        async def owner_gets(message: ToOwner) -> None:
            await commands.put(message)
            assert isinstance(message, Text)
            await owner.to_process(message.proc, Send(conn=message.conn, text="ok"))

        await owner.start(_nothing)
        await relay.start(answers.put)
        opening = Open(conn="c1", proc="relay", table="t1")
        assert not await relay.to_table("t1", opening)  # no owner yet
        await owner.own("t1", owner_gets)
        assert await relay.to_table("t1", Text(conn="c1", proc="relay", table="t1", text="é"))
        got = await asyncio.wait_for(commands.get(), 10)
        assert got == Text(conn="c1", proc="relay", table="t1", text="é")
        assert await asyncio.wait_for(answers.get(), 10) == Send(conn="c1", text="ok")
        await owner.disown("t1")
        assert not await relay.to_table("t1", opening)
        await owner.close()
        assert not await relay.to_process("owner", Pause(table="t1"))  # a closed process is gone
        await relay.close()
        await owner_redis.aclose()
        await relay_redis.aclose()

    with redis_database(REDIS_DB) as url:
        asyncio.run(scenario(url))


def test_a_malformed_or_unknown_message_is_logged_and_dropped(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def scenario(url: str) -> None:
        owner_redis, relay_redis = Redis.from_url(url), Redis.from_url(url)
        owner, relay = Bus(owner_redis, "owner"), Bus(relay_redis, "relay")
        commands: asyncio.Queue[ToOwner] = asyncio.Queue()
        await owner.start(_nothing)
        await owner.own("t1", commands.put)
        channel = owner.table_channel("t1")
        for raw in (
            "not json",
            '{"op": "explode", "table": "t1"}',  # an unknown kind
            '{"op": "text", "conn": "c1", "table": "t1"}',  # a field missing
            '{"op": "text", "conn": "c1", "proc": "r", "table": "t1", "text": 5}',  # a number
            '{"op": "paused", "table": "t1", "proc": "r", "extra": 1}',  # a field unknown
        ):
            assert await relay_redis.publish(channel, raw) == 1
        good = Text(conn="c1", proc="relay", table="t1", text="after")
        assert await relay.to_table("t1", good)
        assert await asyncio.wait_for(commands.get(), 10) == good  # the bus read on
        assert commands.empty()  # and handed none of the others on
        await owner.close()
        await relay.close()
        await owner_redis.aclose()
        await relay_redis.aclose()

    with caplog.at_level(logging.WARNING, logger="rami.server"), redis_database(REDIS_DB) as url:
        asyncio.run(scenario(url))
    dropped = [r.getMessage() for r in caplog.records if "dropped" in r.getMessage()]
    assert len(dropped) == 5, dropped


def test_publishes_sent_together_arrive_in_order_and_each_learns_its_count() -> None:
    async def scenario(url: str) -> None:
        owner_redis, relay_redis = Redis.from_url(url), Redis.from_url(url)
        owner, relay = Bus(owner_redis, "owner"), Bus(relay_redis, "relay")
        received: list[str] = []
        all_in = asyncio.Event()

        async def owner_gets(message: ToOwner) -> None:
            assert isinstance(message, Text)
            received.append(message.text)
            if len(received) == 300:
                all_in.set()

        def text(n: int, table: str = "t1") -> Text:
            return Text(conn="c", proc="relay", table=table, text=str(n))

        await owner.start(_nothing)
        await owner.own("t1", owner_gets)
        sent = await asyncio.gather(*(relay.to_table("t1", text(n)) for n in range(300)))
        nobody = await asyncio.gather(*(relay.to_table("t2", text(n, "t2")) for n in range(5)))
        assert all(sent) and not any(nobody)
        await asyncio.wait_for(all_in.wait(), 10)
        assert received == [str(n) for n in range(300)]
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
                await asyncio.wait_for(bus.to_table("t1", Open(conn="c", proc="p", table="t1")), 30)
        await bus.close()
        await redis.aclose()

    asyncio.run(scenario())
