"""The notices every page shows in Chromium: a joined tournament about to start, then the
player's table of its first round (its link opens the table); a dismissed notice stays hidden
after a reload; a new Daily Duplicate edition. The server's tables and tournaments read a
manual clock the test moves through a route of its own; the page polls its notices often."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from pages_helpers import PASSWORD, Clock, cheap_passwords, log_in, new_page
from test_accessibility import axe_problems
from web_helpers import BROWSER_LIMITS, CHROMIUM, ServedApp

from rami.accounts import AccountConfig, AccountStore
from rami.server import Settings, create_app
from rami.server.social.lobby import Lobby
from rami.server.social.tournament_tables import TournamentTables
from rami.server.store.storage import MemoryStorage
from rami.server.tables.clock import ManualClock

MIDNIGHT = 1_800_057_600.0
"""00:00 UTC on 2027-01-16: the test begins a quarter of an hour before it."""
POLL_MS = 200
"""How often the test's pages ask for their notices."""


class NoticeServer(ServedApp):
    """The app on a manual clock a quarter of an hour before midnight, accounts in memory, and
    ``POST /test/advance?seconds=`` moving the clock and running the tournament clock."""

    def __init__(self) -> None:
        self.store = AccountStore("sqlite://")
        self.clock = ManualClock(1000.0, MIDNIGHT - 900)
        lobby = Lobby(MemoryStorage(), Settings(bot_delay=0.0, grace=1e6), clock=self.clock)
        config = AccountConfig(passwords=cheap_passwords(), signups_per_address=(10_000, 3600.0))
        app = create_app(
            lobby=lobby,
            accounts=self.store,
            account_config=config,
            limits=BROWSER_LIMITS,
            clock=Clock(),
            duplicate_options={"par_level": "medium"},
        )
        self._route(app)
        super().__init__(app)

    def _route(self, app: FastAPI) -> None:
        async def advance(seconds: float) -> dict[str, float]:
            tables: TournamentTables = app.state.tournaments
            await self.clock.advance(seconds)
            await tables.settled()
            await tables.tick()
            return {"wall": self.clock.wall()}

        app.add_api_route("/test/advance", advance, methods=["POST"])

    def advance(self, seconds: float) -> float:
        """Move the server's clock on; the wall time now."""
        answer = httpx.post(f"{self.url}/test/advance", params={"seconds": seconds}, timeout=60)
        assert answer.status_code == 200, answer.text
        return float(answer.json()["wall"])

    def person(self, name: str) -> httpx.Client:
        """A new account logged in over HTTP (a client with its CSRF header)."""
        self.store.create_account(name, cheap_passwords().hash(PASSWORD))
        client = httpx.Client(base_url=self.url, timeout=30)
        answer = client.post("/api/login", json={"name": name, "password": PASSWORD})
        assert answer.status_code == 200, answer.text
        client.headers["X-CSRF-Token"] = client.cookies["rami_csrf"]
        return client


@pytest.fixture(scope="module")
def notice_app() -> Iterator[NoticeServer]:
    if not CHROMIUM.exists():
        pytest.skip("needs /usr/bin/chromium")
    server = NoticeServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()


def _notice(kind: str) -> str:
    return f"#notices .page-notice[data-kind={kind}]"


def _polled(page: Any) -> None:
    """Wait until the page has asked for its notices once more and drawn them."""
    before = int(page.evaluate("Number(document.body.dataset.noticesPolled || 0)"))
    page.wait_for_function(f"Number(document.body.dataset.noticesPolled || 0) > {before}")


def test_tournament_and_duplicate_notices(
    browser: Any, notice_app: NoticeServer, axe_js: str
) -> None:
    app = notice_app
    host, quinn = app.person("hosta"), app.person("quinn")
    wall = app.advance(0)
    body = {"name": "Late show", "preset": "rami40", "rounds": 1, "deals": 1, "start": wall + 600}
    made = host.post("/api/tournaments", json=body)
    assert made.status_code == 201, made.text
    tid = made.json()["id"]
    petra = app.person("petra")
    for who in (petra, quinn):
        assert who.post(f"/api/tournaments/{tid}/join").status_code == 200

    page = new_page(browser, app)  # type: ignore[arg-type]
    page.context.add_init_script(f"window.ramiNoticesPollMs = {POLL_MS};")
    log_in(page, app, "petra")  # type: ignore[arg-type]
    page.goto(app.url + "/")
    page.wait_for_selector(_notice("duplicate"))
    _polled(page)
    assert page.locator(_notice("tournament_start")).count() == 0  # ten minutes away

    app.advance(400)
    starting = page.wait_for_selector(_notice("tournament_start"))
    assert (starting.get_attribute("role"), starting.get_attribute("aria-live")) == (
        "status",
        "polite",
    )
    assert "The tournament Late show is about to start." in starting.inner_text()
    assert starting.eval_on_selector("a", "a => a.getAttribute('href')") == f"/tournaments?id={tid}"
    page.goto(app.url + "/leaderboard")  # every page shows them
    page.wait_for_selector(_notice("tournament_start"))
    assert page.locator("nav a[href='/tournaments']").inner_text() == "Tournaments"
    page.wait_for_selector(_notice("duplicate"))
    assert axe_problems(page, axe_js) == []

    quinn.get("/api/me/notices")  # quinn is on a page too: present when the round is seated
    app.advance(200)
    ready = page.wait_for_selector(_notice("tournament_table"))
    (board,) = quinn.get(f"/api/tournaments/{tid}").json()["live"]
    table = board["table_id"]
    assert "Round 1 of Late show: your table is ready." in ready.inner_text()
    assert page.locator(_notice("tournament_start")).count() == 0
    ready.eval_on_selector("a", "a => a.click()")
    page.wait_for_url(f"**/t/{table}")
    seat = board["seats"].index("petra")
    page.wait_for_function(f"window.rami && window.rami.board && window.rami.board.seat === {seat}")
    _polled(page)
    assert page.locator(_notice("tournament_table")).count() == 0  # already at the table

    page.goto(app.url + "/")
    page.wait_for_selector(_notice("tournament_table"))
    page.click(f"{_notice('tournament_table')} button.dismiss")
    assert page.locator(_notice("tournament_table")).count() == 0
    page.reload()
    page.wait_for_selector(_notice("duplicate"))
    _polled(page)
    assert page.locator(_notice("tournament_table")).count() == 0  # dismissed for good

    old = page.get_attribute(_notice("duplicate"), "data-key")
    page.click(f"{_notice('duplicate')} button.dismiss")
    app.advance(901)  # midnight: a new edition
    page.wait_for_selector(f"{_notice('duplicate')}:not([data-key='{old}'])")
    fresh = page.locator(_notice("duplicate"))
    assert fresh.get_attribute("data-key") == "duplicate:2027-01-16"
    assert "Today's Daily Duplicate is out." in fresh.inner_text()
    fresh.locator("a").click()
    page.wait_for_url("**/duplicate")
    page.wait_for_selector("section.edition")
    _polled(page)
    assert page.locator(_notice("duplicate")).count() == 0  # on its page already
    assert page.errors == []
