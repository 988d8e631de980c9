"""Servers with accounts for the server tests: cheap password hashing, a fake clock, sign-ups."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from argon2 import PasswordHasher, profiles
from fastapi.testclient import TestClient
from server_helpers import UNHURRIED, seeds

from rami.accounts import AccountConfig, Passwords
from rami.accounts.sessions import CSRF_HEADER
from rami.server import Settings, create_app
from rami.server.store.storage import MemoryStorage, Storage

PASSWORD = "correct horse battery"


@dataclass
class FakeClock:
    """A clock the test moves by hand."""

    now: float = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def account_config() -> AccountConfig:
    """The accounts settings with Argon2 at its cheapest (the tests hash many passwords)."""
    return AccountConfig(passwords=Passwords(PasswordHasher.from_parameters(profiles.CHEAPEST)))


@contextmanager
def account_server(
    storage: Storage | None = None,
    clock: FakeClock | None = None,
    bot_delay: float = 0.0,
    grace: float = 30.0,
) -> Iterator[TestClient]:
    """A running app with accounts on the tables' database (in memory beside a memory store)."""
    app = create_app(
        storage or MemoryStorage(),
        Settings(bot_delay=bot_delay, grace=grace),
        seeds("accounts"),
        limits=UNHURRIED,
        account_config=account_config(),
        clock=clock or FakeClock(),
    )
    with TestClient(app) as client:
        yield client


def browser(client: TestClient) -> TestClient:
    """Another browser on the same app (its own cookies)."""
    other = TestClient(client.app)
    other.portal = client.portal  # the running app's event loop (no second lifespan)
    return other


def signup(client: TestClient, name: str) -> None:
    """Sign ``name`` up on ``client`` (its cookies then hold the session)."""
    response = client.post("/api/signup", json={"name": name, "password": PASSWORD})
    assert response.status_code == 201, response.text


def login(client: TestClient, name: str) -> None:
    """Log ``name`` in on ``client`` (another device of the same account)."""
    response = client.post("/api/login", json={"name": name, "password": PASSWORD})
    assert response.status_code == 200, response.text


def csrf(client: TestClient) -> dict[str, str]:
    """The CSRF header of the client's session, read from its cookie as a page does."""
    return {CSRF_HEADER: client.cookies["rami_csrf"]}


def create_table(client: TestClient, **body: Any) -> dict[str, Any]:
    """POST /api/tables (asserting 201); the answer."""
    response = client.post("/api/tables", json={"name": "Guest", **body})
    assert response.status_code == 201, response.text
    answer: dict[str, Any] = response.json()
    return answer
