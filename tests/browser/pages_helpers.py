"""The app with the accounts routes, served to Chromium, and results recorded for its pages.

``FakeQuickLobby`` answers ``GET /api/lobby`` and the quick match routes with the JSON of their
contract (the lobby lists and tickets are set by the test) until the server has them.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import httpx
import uvicorn
from argon2 import PasswordHasher, profiles
from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import JSONResponse, Response
from live_server import free_port

from rami.accounts import AccountConfig, AccountStore, MatchResult, Passwords, accounts_router
from rami.accounts.auth import csrf_header_matches, session_from_cookies
from rami.accounts.results import SeatResult, SeatStats
from rami.server import Settings, create_app
from rami.server.storage import MemoryStorage

PASSWORD = "a long enough secret"


def cheap_passwords() -> Passwords:
    """Argon2 at its cheapest parameters (tests sign many people up)."""
    return Passwords(PasswordHasher.from_parameters(profiles.CHEAPEST))


@dataclass
class FakeQuickLobby:
    """The lobby lists and the quick match tickets, as the contract of those routes has them."""

    store: AccountStore
    open: list[dict[str, Any]] = field(default_factory=list)
    live: list[dict[str, Any]] = field(default_factory=list)
    tickets: dict[str, dict[str, Any]] = field(default_factory=dict)
    asked: list[dict[str, Any]] = field(default_factory=list)
    """The bodies of the quick match requests, in order."""

    def match(self, ticket: str, table: str, seat: int) -> None:
        """The next poll of ``ticket`` answers that it found a table."""
        self.tickets[ticket] = {"ticket": ticket, "status": "matched", "table": table, "seat": seat}

    async def _logged_in(self, request: Request, change: bool) -> Response | None:
        found = await session_from_cookies(self.store, request.cookies)
        if found is None:
            return JSONResponse({"code": "not_logged_in", "message": "log in first"}, 401)
        secret = await self.store.run(self.store.secret)
        if change and not csrf_header_matches(secret, found[1], request.headers):
            return JSONResponse({"code": "bad_csrf", "message": "no CSRF token"}, 403)
        return None

    def router(self) -> APIRouter:
        """``/api/lobby`` and ``/api/quickmatch`` answering from this object."""
        router = APIRouter(prefix="/api")

        @router.get("/lobby")
        async def lobby() -> dict[str, Any]:
            return {"open": self.open, "live": self.live}

        @router.post("/quickmatch")
        async def ask(request: Request) -> Response:
            refused = await self._logged_in(request, change=True)
            if refused is not None:
                return refused
            body = await request.json()
            self.asked.append(body)
            ticket = secrets.token_hex(8)
            answer = {"ticket": ticket, "status": "waiting", "bots_after": body["bots_after"]}
            self.tickets[ticket] = answer
            return JSONResponse(answer)

        @router.get("/quickmatch/{ticket}")
        async def poll(ticket: str, request: Request) -> Response:
            refused = await self._logged_in(request, change=False)
            if refused is not None:
                return refused
            if ticket not in self.tickets:
                return JSONResponse({"code": "no_such_ticket", "message": "no such ticket"}, 404)
            return JSONResponse(self.tickets[ticket])

        @router.delete("/quickmatch/{ticket}")
        async def cancel(ticket: str, request: Request) -> Response:
            refused = await self._logged_in(request, change=True)
            if refused is not None:
                return refused
            self.tickets.pop(ticket, None)
            return JSONResponse({"ticket": ticket, "status": "cancelled"})

        return router


class PagesServer:
    """The FastAPI app with the accounts routes (in-memory SQLite) under uvicorn in a thread."""

    def __init__(self, bot_delay: float = 0.05) -> None:
        self.port = free_port()
        self.store = AccountStore("sqlite://")
        self.lobby = FakeQuickLobby(self.store)
        config = AccountConfig(passwords=cheap_passwords(), signups_per_address=(10_000, 3600.0))
        app: FastAPI = create_app(MemoryStorage(), Settings(bot_delay=bot_delay))
        app.include_router(accounts_router(self.store, config))
        app.include_router(self.lobby.router())
        self.server = uvicorn.Server(
            uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning")
        )
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.games = 0

    @property
    def url(self) -> str:
        """The base HTTP address."""
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> None:
        """Serve and wait until it answers."""
        self.thread.start()
        deadline = time.monotonic() + timeout
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the app did not start")
            time.sleep(0.05)

    def stop(self) -> None:
        """Stop serving and close the store."""
        self.server.should_exit = True
        self.thread.join(30)
        self.store.close()

    def account(self, name: str) -> int:
        """A new account called ``name`` (password :data:`PASSWORD`); its id."""
        return self.store.create_account(name, cheap_passwords().hash(PASSWORD)).id

    def create_table(self, name: str = "Ana") -> str:
        """A real table (two seats, one random bot) made by a guest; its id."""
        body = {"name": name, "preset": "rami51", "seats": 2, "bots": ["random"]}
        response = httpx.post(f"{self.url}/api/tables", json=body, timeout=10)
        assert response.status_code == 201, response.text
        return str(response.json()["table"])

    def record(
        self,
        preset: str,
        rated: bool,
        seats: list[tuple[str, int | None, str | None, int, int, SeatStats]],
    ) -> str:
        """Record a finished match; ``seats`` holds (name, account id, bot, place, total,
        stats) by seat. Returns its table id."""
        self.games += 1
        table = f"game{self.games}"
        result = MatchResult(
            game_key=f"{table}-1",
            table_id=table,
            preset=preset,
            rated=rated,
            rounds=max(s[5].rounds_played for s in seats),
            seats=tuple(
                SeatResult(seat, name, place, total, account, bot, stats)
                for seat, (name, account, bot, place, total, stats) in enumerate(seats)
            ),
            finished=time.time() + 60.0 * self.games,
        )
        self.store.record(result)
        return table


@contextmanager
def pages_server() -> Iterator[PagesServer]:
    """A started :class:`PagesServer`, stopped afterwards."""
    server = PagesServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()


def seed_results(server: PagesServer) -> dict[str, Any]:
    """Accounts ``ana`` and ``bob`` and a few finished matches between them and bots: four rated
    Rami 51 matches, one rated Rami 40 match and one unrated one. Returns what was recorded."""
    ana, bob = server.account("ana"), server.account("bob")
    win = SeatStats(
        rounds_played=3, rounds_won=2, penalty_total=30, opening_turns=(4, 6), rami_sec=1
    )
    lose = SeatStats(rounds_played=3, rounds_won=1, penalty_total=150, opening_turns=(7,))
    tables = []
    for number in range(4):
        ana_wins = number != 2
        tables.append(
            server.record(
                "rami51",
                True,
                [
                    (
                        "ana",
                        ana,
                        None,
                        1 if ana_wins else 2,
                        20 if ana_wins else 90,
                        win if ana_wins else lose,
                    ),
                    (
                        "bob",
                        bob,
                        None,
                        2 if ana_wins else 1,
                        90 if ana_wins else 20,
                        lose if ana_wins else win,
                    ),
                    ("Bot", None, "medium", 3, 120, lose),
                ],
            )
        )
    tables.append(
        server.record(
            "rami40", True, [("ana", ana, None, 2, 80, lose), ("Bot", None, "hard", 1, 10, win)]
        )
    )
    tables.append(
        server.record(
            "rami51", False, [("ana", ana, None, 1, 5, win), ("Guest", None, None, 2, 60, lose)]
        )
    )
    return {"ana": ana, "bob": bob, "tables": tables}
