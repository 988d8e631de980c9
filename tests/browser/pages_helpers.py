"""The app (accounts, lobby and quick match included) served to Chromium; accounts and recorded
results for its pages."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import uvicorn
from argon2 import PasswordHasher, profiles
from fastapi import FastAPI
from live_server import free_port

from rami.accounts import AccountConfig, AccountStore, MatchResult, Passwords
from rami.accounts.results import SeatResult, SeatStats
from rami.server import Settings, create_app
from rami.server.storage import MemoryStorage
from rami.shuffle import new_seed

PASSWORD = "a long enough secret"


def cheap_passwords() -> Passwords:
    """Argon2 at its cheapest parameters (tests sign many people up)."""
    return Passwords(PasswordHasher.from_parameters(profiles.CHEAPEST))


class Clock:
    """The quick match's clock, moved by the test (bots fill a table after ``bots_after``)."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class PagesServer:
    """The FastAPI app, its accounts in memory (SQLite), under uvicorn in a thread."""

    def __init__(self, bot_delay: float = 0.05, seeds: Callable[[], str] = new_seed) -> None:
        self.port = free_port()
        self.store = AccountStore("sqlite://")
        self.clock = Clock()
        config = AccountConfig(passwords=cheap_passwords(), signups_per_address=(10_000, 3600.0))
        app: FastAPI = create_app(
            MemoryStorage(),
            Settings(bot_delay=bot_delay),
            seeds,
            accounts=self.store,
            account_config=config,
            clock=self.clock,
        )
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
        """Stop serving (the app closes the store)."""
        self.server.should_exit = True
        self.thread.join(30)

    def account(self, name: str) -> int:
        """A new account called ``name`` (password :data:`PASSWORD`); its id."""
        return self.store.create_account(name, cheap_passwords().hash(PASSWORD)).id

    def create_table(self, name: str = "Bob", **more: Any) -> tuple[str, str]:
        """A table made by a guest (another browser): two seats, the second free unless
        ``bots`` fill it. Returns its id and the host's seat token."""
        body = {"name": name, "preset": "rami51", "seats": 2, "bots": [], **more}
        response = httpx.post(f"{self.url}/api/tables", json=body, timeout=10)
        assert response.status_code == 201, response.text
        data = response.json()
        return str(data["table"]), str(data["token"])

    def lobby(self) -> dict[str, Any]:
        """``GET /api/lobby`` now."""
        answer: dict[str, Any] = httpx.get(f"{self.url}/api/lobby", timeout=10).json()
        return answer

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
def pages_server(seeds: Callable[[], str] = new_seed) -> Iterator[PagesServer]:
    """A started :class:`PagesServer` dealing from ``seeds``, stopped afterwards."""
    server = PagesServer(seeds=seeds)
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
