"""The accounts store on a real PostgreSQL (127.0.0.1:5432, trust authentication).

Each test run creates its own database and drops it afterwards. ``RAMI_TEST_POSTGRES`` may
name another server's maintenance database (default ``postgresql://postgres@127.0.0.1:5432/postgres``).
"""

from __future__ import annotations

import asyncio
import os
import secrets
import threading
from collections.abc import Iterator

import pytest
from accounts_helpers import PASSWORD, csrf, environment, signup
from openskill.models import PlackettLuce
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from rami.accounts import (
    AccountStore,
    MatchResult,
    SeatResult,
    SeatStats,
    account_from_cookies,
    record_rated_result,
)
from rami.accounts.botratings import BOT_RATINGS

ADMIN_URL = os.environ.get("RAMI_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/postgres")


@pytest.fixture
def postgres_url() -> Iterator[str]:
    name = f"rami_test_accounts_{secrets.token_hex(6)}"
    admin_url = make_url(ADMIN_URL).set(drivername="postgresql+psycopg")
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(ADMIN_URL).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def _seat(seat: int, name: str, place: int, account: int | None) -> SeatResult:
    stats = SeatStats(
        rounds_played=2,
        rounds_won=int(place == 1) * 2,
        penalty_total=15 * place,
        opening_turns=(3, 5),
    )
    bot = None if account is not None else name
    return SeatResult(seat, name, place, 15 * place, account_id=account, bot=bot, stats=stats)


def test_accounts_and_ratings_on_postgresql(postgres_url: str) -> None:
    assert postgres_url.startswith("postgresql://")
    with environment(postgres_url) as env:
        assert env.store.engine.dialect.name == "postgresql"
        ana = signup(env.client, "Ana")
        assert ana["name"] == "Ana"
        bruno_client = env.new_client()
        signup(bruno_client, "Bruno")
        taken = env.new_client().post("/api/signup", json={"name": "ANA", "password": PASSWORD})
        assert taken.status_code == 409
        assert (
            env.client.post("/api/login", json={"name": "ana", "password": "nope-nope"}).status_code
            == 401
        )
        assert (
            env.client.post("/api/login", json={"name": "ana", "password": PASSWORD}).status_code
            == 200
        )
        settings = env.client.put(
            "/api/me/settings", json={"card_size": "small"}, headers=csrf(env.client)
        )
        assert settings.json() == {"language": None, "card_size": "small"}

        ids = {name: env.store.account_named(name).id for name in ("Ana", "Bruno")}  # type: ignore[union-attr]
        seats = (
            _seat(0, "Bruno", 2, ids["Bruno"]),
            _seat(1, "hard", 1, None),
            _seat(2, "Ana", 2, ids["Ana"]),
            _seat(3, "easy", 4, None),
        )
        result = MatchResult("pg-1", "table-pg", "rami51", True, 2, seats, env.clock())
        recorded = asyncio.run(record_rated_result(env.store, result))
        model = PlackettLuce()
        expected = model.rate(
            [
                [model.rating()],
                [model.rating(mu=BOT_RATINGS["hard"].mu, sigma=BOT_RATINGS["hard"].sigma)],
                [model.rating()],
                [model.rating(mu=BOT_RATINGS["easy"].mu, sigma=BOT_RATINGS["easy"].sigma)],
            ],
            ranks=[2, 1, 2, 4],
        )
        assert [c.account_id for c in recorded.changes] == [ids["Bruno"], ids["Ana"]]
        assert recorded.changes[0].after.mu == pytest.approx(expected[0][0].mu)
        assert recorded.changes[1].after.sigma == pytest.approx(expected[2][0].sigma)
        assert env.store.record(result).new is False

        board = env.client.get("/api/leaderboard", params={"preset": "rami51-pl"}).json()
        assert sorted(p["name"] for p in board["players"]) == ["Ana", "Bruno"]
        page = env.client.get("/api/players/BRUNO").json()
        assert page["games"][0]["table"] == "table-pg"
        assert [p["bot"] for p in page["games"][0]["players"]] == [None, "hard", None, "easy"]
        assert page["stats"]["rami51"]["mean_opening_turn"] == 4.0
        assert page["ratings"]["rami51"]["history"][0]["mu"] == pytest.approx(
            expected[0][0].mu, abs=1e-4
        )

        # a second process on the same database shares the signing key and the sessions
        other = AccountStore(postgres_url, clock=env.clock)
        try:
            assert other.secret() == env.store.secret()
            cookie = env.client.cookies["rami_session"]
            seen = asyncio.run(account_from_cookies(other, {"rami_session": cookie}))
            assert seen is not None and seen.name == "Ana"
            _record_concurrently(env.store, other, ids)
        finally:
            other.close()
        assert (
            env.client.post("/api/logout-everywhere", headers=csrf(env.client)).json()["revoked"]
            == 2
        )


def _record_concurrently(first: AccountStore, second: AccountStore, ids: dict[str, int]) -> None:
    """Two processes record the same game at once: it is stored and rated once."""
    seats = (_seat(0, "Ana", 1, ids["Ana"]), _seat(1, "Bruno", 2, ids["Bruno"]))
    result = MatchResult("pg-race", "table-race", "rami51", True, 2, seats, 5.0)
    start = threading.Barrier(2)
    outcomes: list[bool] = []

    def record(store: AccountStore) -> None:
        start.wait(timeout=30)
        outcomes.append(store.record(result).new)

    threads = [threading.Thread(target=record, args=(s,)) for s in (first, second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(outcomes) == [False, True]
    assert first.ratings(ids["Ana"])["rami51"][1] == 2
