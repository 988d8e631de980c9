"""Shared pieces of the accounts tests: a fake clock, a small app mounting the router."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from argon2 import PasswordHasher, profiles
from fastapi import FastAPI, Request, WebSocket
from fastapi.testclient import TestClient

from rami.accounts import (
    AccountConfig,
    AccountStore,
    Passwords,
    account_from_cookies,
    accounts_router,
)
from rami.accounts.sessions import CSRF_HEADER

PASSWORD = "correct horse battery"


@dataclass
class FakeClock:
    """A clock the test moves by hand."""

    now: float = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@dataclass
class Env:
    """A store, its clocks and a client of an app mounting the accounts router."""

    store: AccountStore
    clock: FakeClock
    limits: FakeClock
    client: TestClient
    app: FastAPI = field(repr=False)

    def new_client(self) -> TestClient:
        """Another browser on the same server (its own cookies)."""
        return TestClient(self.app)


def cheap_passwords() -> Passwords:
    """Argon2 at its cheapest parameters: the tests hash many passwords."""
    return Passwords(PasswordHasher.from_parameters(profiles.CHEAPEST))


def make_app(store: AccountStore, config: AccountConfig) -> FastAPI:
    """A FastAPI app with the accounts routes and two routes that read the session as the
    table code does (over HTTP and over a websocket)."""
    app = FastAPI()
    app.include_router(accounts_router(store, config))

    @app.get("/whoami")
    async def whoami(request: Request) -> dict[str, str | None]:
        account = await account_from_cookies(store, request.cookies)
        return {"name": None if account is None else account.name}

    @app.websocket("/ws")
    async def socket(websocket: WebSocket) -> None:
        await websocket.accept()
        account = await account_from_cookies(store, websocket.cookies)
        await websocket.send_json({"name": None if account is None else account.name})
        await websocket.close()

    return app


@contextmanager
def environment(database: str, **config: object) -> Iterator[Env]:
    """An :class:`Env` on ``database``; ``config`` overrides :class:`AccountConfig` fields."""
    clock, limits = FakeClock(), FakeClock(1000.0)
    store = AccountStore(database, clock=clock)
    settings = AccountConfig(passwords=cheap_passwords(), limiter_clock=limits)
    for name, value in config.items():
        setattr(settings, name, value)
    app = make_app(store, settings)
    try:
        with TestClient(app) as client:
            yield Env(store, clock, limits, client, app)
    finally:
        store.close()


def signup(client: TestClient, name: str, password: str = PASSWORD) -> dict[str, object]:
    """Sign ``name`` up (asserting it worked); the answer's body."""
    response = client.post("/api/signup", json={"name": name, "password": password})
    assert response.status_code == 201, response.text
    body: dict[str, object] = response.json()
    return body


def csrf(client: TestClient) -> dict[str, str]:
    """The CSRF header for the client's session, read from its CSRF cookie as a page would."""
    return {CSRF_HEADER: client.cookies["rami_csrf"]}


def make_account(env: Env, name: str, password: str = PASSWORD) -> int:
    """An account made straight in the store (no signup limit); its id."""
    return env.store.create_account(name, cheap_passwords().hash(password)).id
