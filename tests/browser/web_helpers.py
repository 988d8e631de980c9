"""The app served in-process (deterministic seeds) to Debian's Chromium, and page helpers."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from fastapi import FastAPI
from live_server import free_port

from rami.cards import JOKER
from rami.match import new_match
from rami.rules import get_rules
from rami.server import Settings, create_app
from rami.server.messages.limits import Limits
from rami.server.store.storage import MemoryStorage

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}
TIMEOUT = 20_000
"""Milliseconds a page may take to show what a test waits for."""


class ServedApp:
    """A FastAPI app under uvicorn in a thread, on a free port."""

    def __init__(self, app: FastAPI) -> None:
        self.port = free_port()
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

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
        """Stop serving (the thread ends; the app's lifespan closes its stores)."""
        self.server.should_exit = True
        self.thread.join(30)


BROWSER_LIMITS = Limits(create_burst=10**6, connections_per_minute=10**6)
"""The default limits, with table creations and connections no browser test reaches (the
limits have their own tests)."""


class AppServer(ServedApp):
    """The app on an in-memory store; ``seed`` is the next match's seed."""

    def __init__(self, bot_delay: float = 0.05) -> None:
        self.seed = "browser"
        super().__init__(
            create_app(
                MemoryStorage(),
                Settings(bot_delay=bot_delay),
                lambda: self.seed,
                limits=BROWSER_LIMITS,
            )
        )

    def create(self, seed: str = "browser", **body: Any) -> tuple[str, str]:
        """A new table (seed ``seed``); returns its id and the host's seat token."""
        self.seed = seed
        payload = {"name": "Ana", "preset": "rami51", "seats": 2, "bots": ["random"], **body}
        response = httpx.post(f"{self.url}/api/tables", json=payload, timeout=10)
        assert response.status_code == 201, response.text
        data = response.json()
        return str(data["table"]), str(data["token"])


def seed_where(test: Callable[[tuple[int, ...]], bool], preset: str = "rami51") -> str:
    """The first match seed whose first deal gives seat 0 a hand that passes ``test``."""
    rules = get_rules(preset)
    for number in range(5000):
        seed = f"{preset}-{number}"
        if test(new_match(rules, ("Ana", "Bot"), seed=seed).round.hands[0]):
            return seed
    raise AssertionError("no such seed")


def two_jokers(hand: tuple[int, ...]) -> bool:
    """A hand holding two jokers."""
    return hand.count(JOKER) >= 2


@contextmanager
def app_server(bot_delay: float = 0.05) -> Iterator[AppServer]:
    """A started :class:`AppServer`, stopped afterwards."""
    server = AppServer(bot_delay)
    server.start()
    try:
        yield server
    finally:
        server.stop()


BOARD_JS = """() => {
  const b = window.rami && window.rami.board;
  if (!b || !b.snap || !b.game) return null;
  const g = b.game;
  return {version: b.snap.version, status: b.snap.table.status, seat: b.seat, current: g.current,
          legal: b.legal, order: b.order, phase: g.phase, log_count: g.log_count, round: g.round,
          notice: b.notice, selected: [...b.selected], table: g.table.length};
}"""


class Table:
    """One page seated at a table: reads the board's state and plays simple moves."""

    def __init__(self, page: Any, server: AppServer, table_id: str, token: str) -> None:
        self.page = page
        self.server = server
        self.table_id = table_id
        self.token = token

    def open(self, lang: str = "en") -> None:
        """Go to the table with the seat's link, start the match, wait for the board."""
        self.page.goto(f"{self.server.url}/")
        self.page.evaluate(f"localStorage.setItem('rami-lang', '{lang}')")
        self.page.goto(f"{self.server.url}/t/{self.table_id}#seat={self.token}")
        self.page.wait_for_selector("#start:not([disabled]), .board", timeout=TIMEOUT)
        if self.page.query_selector("#start"):
            self.page.click("#start")
        self.page.wait_for_selector(".board", timeout=TIMEOUT)

    def state(self) -> dict[str, Any]:
        """The board's view of the game (see ``BOARD_JS``)."""
        result: dict[str, Any] = self.page.evaluate(BOARD_JS)
        return result

    def wait(self, condition: str) -> None:
        """Wait until the JS expression ``condition`` (on ``b``, the board) holds."""
        test = f"const b = window.rami.board; return Boolean(b && b.game && ({condition}));"
        self.page.wait_for_function(f"() => {{ {test} }}", timeout=TIMEOUT)

    def wait_my_turn(self) -> dict[str, Any]:
        """Wait until this seat may act (or the round is over); returns the state."""
        self.wait("b.game.phase === 'over' || (b.game.current === b.seat && b.legal.length > 0)")
        return self.state()

    def select(self, cards: list[str]) -> None:
        """Click the given cards of the hand."""
        order = list(self.state()["order"])
        used: set[int] = set()
        for card in cards:
            index = next(i for i, c in enumerate(order) if c == card and i not in used)
            used.add(index)
            self.page.click(f'[data-hand="{index}"]')

    def play_turn(self) -> None:
        """Draw from the stock and discard the first card allowed (or take melds back)."""
        state = self.wait_my_turn()
        if state["phase"] == "over":
            return
        version = state["version"]
        if "draw stock" in state["legal"]:
            self.page.click("#draw-stock")
            self.wait(f"b.snap.version > {version}")
            state = self.state()
        if "takeback" in state["legal"]:
            self.page.click("#takeback")
            self.wait("!b.legal.includes('takeback')")
            state = self.state()
        card = next(a for a in state["legal"] if a.startswith("discard ")).split()[1]
        self.select([card])
        version = self.state()["version"]
        self.page.click("#discard")
        self.wait(f"b.snap.version > {version}")

    def play_round(self, deadline: float = 180.0) -> None:
        """Play simple turns until the round ends."""
        end = time.monotonic() + deadline
        while self.state()["phase"] != "over":
            assert time.monotonic() < end, "the round did not end in time"
            self.play_turn()
        self.page.wait_for_selector(".round-over", timeout=TIMEOUT)


def inject(page: Any, change: str) -> None:
    """Render the board from a copy of its last snapshot edited by the JS ``change`` (on ``s``)."""
    page.evaluate(
        "() => { const b = window.rami.board; const s = structuredClone(b.snap);"
        f" {change}; b.receive(s); }}"
    )
