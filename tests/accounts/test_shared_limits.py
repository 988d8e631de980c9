"""Signups and logins are counted before the password is hashed, successful logins too, and
the scaled-out server's counts live in Redis, so every process spends one budget."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest
from accounts_helpers import PASSWORD, FakeClock, cheap_passwords, make_app
from fastapi.testclient import TestClient

from rami.accounts import AccountConfig, AccountStore
from rami.accounts.budgets import Budget, MemoryBudgets, RedisBudgets
from services import redis_database

REDIS_DB = 6


async def _signups(config: AccountConfig, database: str, names: list[str]) -> list[int]:
    store = AccountStore(database)
    try:
        app = make_app(store, config)
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            answers = await asyncio.gather(
                *(client.post("/api/signup", json={"name": n, "password": PASSWORD}) for n in names)
            )
        return [answer.status_code for answer in answers]
    finally:
        store.close()


def test_parallel_signups_stay_within_the_limit(tmp_path: Path) -> None:
    config = AccountConfig(passwords=cheap_passwords(), signups_per_address=(5, 3600.0))
    database = f"sqlite:///{tmp_path / 'accounts.sqlite3'}"
    statuses = asyncio.run(_signups(config, database, [f"player{i}" for i in range(40)]))
    assert statuses.count(201) == 5 and statuses.count(429) == 35
    store = AccountStore(database)
    try:
        made = [name for i in range(40) if store.account_named(name := f"player{i}")]
        assert len(made) == 5
    finally:
        store.close()


def _login(client: httpx.Client, name: str, password: str = PASSWORD) -> int:
    return client.post("/api/login", json={"name": name, "password": password}).status_code


def _logins_env(tmp_path: Path, **limits: tuple[int, float]) -> tuple[AccountStore, httpx.Client]:
    store = AccountStore(f"sqlite:///{tmp_path / 'accounts.sqlite3'}")
    for name in ("ana", "bea", "cid"):
        store.create_account(name, cheap_passwords().hash(PASSWORD))
    config = AccountConfig(passwords=cheap_passwords(), limiter_clock=FakeClock(), **limits)  # type: ignore[arg-type]
    return store, TestClient(make_app(store, config))


def test_successful_logins_are_limited_per_account(tmp_path: Path) -> None:
    store, client = _logins_env(tmp_path, logins_per_name=(3, 300.0))
    with client:
        assert [_login(client, "ana") for _ in range(4)] == [200, 200, 200, 429]
        assert _login(client, "bea") == 200, "another account has its own budget"
    store.close()


def test_successful_logins_are_limited_per_address(tmp_path: Path) -> None:
    store, client = _logins_env(tmp_path, logins_per_address=(4, 300.0))
    with client:
        codes = [_login(client, name) for name in ("ana", "bea", "cid", "ana", "bea")]
        assert codes == [200, 200, 200, 200, 429]
        refused = client.post("/api/login", json={"name": "cid", "password": PASSWORD})
        assert refused.json()["code"] == "rate_limited" and "Retry-After" in refused.headers
    store.close()


async def _spend_from_two_processes(url: str) -> list[float | None]:
    from redis.asyncio import Redis

    first, second = Redis.from_url(url), Redis.from_url(url)
    try:
        budgets = [RedisBudgets(first).budget("signups", 5, 60.0)]
        budgets.append(RedisBudgets(second).budget("signups", 5, 60.0))
        spent = [await budgets[i % 2].spend("203.0.113.7") for i in range(8)]
        other = await budgets[1].spend("198.51.100.1")
        await budgets[0].refund("203.0.113.7")
        again = await budgets[1].spend("203.0.113.7")
        return [*spent, other, again]
    finally:
        await first.aclose()
        await second.aclose()


def test_two_processes_share_one_budget_in_redis() -> None:
    with redis_database(REDIS_DB) as url:
        answers = asyncio.run(_spend_from_two_processes(url))
    assert answers[:5] == [None] * 5, "five spends fit, from either process"
    waits = answers[5:8]
    assert all(wait is not None and 0 < wait <= 60.0 for wait in waits)
    assert answers[8] is None, "another address has its own budget"
    assert answers[9] is None, "a refunded hit may be spent again"


@pytest.mark.parametrize("cost", [1, 3])
def test_a_memory_budget_spends_atomically(cost: int) -> None:
    clock = FakeClock()
    budget: Budget = MemoryBudgets(clock).budget("chat", 6, 10.0)

    async def spend() -> list[float | None]:
        return list(await asyncio.gather(*(budget.spend("a", cost) for _ in range(8))))

    answers = asyncio.run(spend())
    assert answers.count(None) == 6 // cost
    clock.advance(10.0)
    assert asyncio.run(budget.spend("a", cost)) is None, "the window slid past"


def _app_on_redis(url: str, limits: AccountConfig) -> tuple[Any, TestClient]:
    from redis.asyncio import Redis

    from rami.server import create_app
    from rami.server.messages.limits import Limits
    from rami.server.store.storage import MemoryStorage

    redis = Redis.from_url(url)
    tables = Limits(create_burst=3, creates_per_minute=0.001)
    app = create_app(
        MemoryStorage(), limits=tables, account_config=limits, budgets=RedisBudgets(redis)
    )
    return redis, TestClient(app)


def test_two_server_processes_spend_one_budget_in_redis() -> None:
    """Two apps on one Redis, as two processes of the scaled-out mode: signups and table
    creations from one address are counted once across both."""
    with redis_database(REDIS_DB) as url:
        config = [
            AccountConfig(passwords=cheap_passwords(), signups_per_address=(3, 3600.0))
            for _ in range(2)
        ]
        (first_redis, first), (second_redis, second) = (_app_on_redis(url, c) for c in config)
        with first, second:
            body = {"password": PASSWORD}
            signups = [
                (first, second)[i % 2].post("/api/signup", json={**body, "name": f"player{i}"})
                for i in range(5)
            ]
            assert [s.status_code for s in signups] == [201, 201, 201, 429, 429]
            tables = [
                (first, second)[i % 2].post("/api/tables", json={"name": "A"}) for i in range(4)
            ]
            assert [t.status_code for t in tables] == [201, 201, 201, 429]
            first.portal.call(first_redis.aclose)  # type: ignore[union-attr]
            second.portal.call(second_redis.aclose)  # type: ignore[union-attr]
