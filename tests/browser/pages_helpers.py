"""The app (accounts, lobby and quick match included) served to Chromium; accounts and recorded
results for its pages."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import httpx
from argon2 import PasswordHasher, profiles
from web_helpers import BROWSER_LIMITS, DESKTOP, TIMEOUT, ServedApp

from rami.accounts import AccountConfig, AccountStore, MatchResult, Passwords
from rami.accounts.results import SeatResult, SeatStats
from rami.server import Settings, create_app
from rami.server.store.storage import MemoryStorage
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


class PagesServer(ServedApp):
    """The app with its accounts in memory (SQLite), a movable clock and cheap passwords."""

    def __init__(self, bot_delay: float = 0.05, seeds: Callable[[], str] = new_seed) -> None:
        self.store = AccountStore("sqlite://")
        self.clock = Clock()
        config = AccountConfig(passwords=cheap_passwords(), signups_per_address=(10_000, 3600.0))
        super().__init__(
            create_app(
                MemoryStorage(),
                Settings(bot_delay=bot_delay),
                seeds,
                accounts=self.store,
                account_config=config,
                clock=self.clock,
                limits=BROWSER_LIMITS,
            )
        )
        self.games = 0

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


def new_page(browser: Any, app: PagesServer, lang: str = "en") -> Any:
    """A fresh browser (no cookies) on the lobby speaking ``lang``; page errors fail the test."""
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.set_default_timeout(TIMEOUT)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(app.url + "/")
    page.evaluate(f"localStorage.setItem('rami-lang', '{lang}')")
    return page


def log_in(page: Any, app: PagesServer, name: str) -> None:
    """Log ``name`` in through the account page's form."""
    page.goto(app.url + "/account")
    page.fill("#login input[name=name]", name)
    page.fill("#login input[name=password]", PASSWORD)
    page.click("#login button[type=submit]")
    page.wait_for_selector("#logged-in")
