"""The Daily Duplicate page in Chromium: commitments shown, a deal begun and resumed, refusals."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from duplicate_helpers import play_round
from pages_helpers import PASSWORD, cheap_passwords, log_in, new_page
from server_helpers import Player, Policy
from web_helpers import CHROMIUM, ServedApp
from websockets.sync.client import connect

from rami.accounts import AccountConfig, AccountStore
from rami.server import Settings, create_app
from rami.server.store.storage import MemoryStorage


class DuplicateServer(ServedApp):
    """The app with accounts in memory and the Daily Duplicate's par at a quick level."""

    def __init__(self) -> None:
        self.store = AccountStore("sqlite://")
        config = AccountConfig(passwords=cheap_passwords())
        super().__init__(
            create_app(
                MemoryStorage(),
                Settings(bot_delay=0.05),
                accounts=self.store,
                account_config=config,
                duplicate_options={"par_level": "medium"},
            )
        )


class LiveSocket:
    """A real websocket to the served app, shaped as the test client's (for :class:`Player`)."""

    def __init__(self, url: str, cookie: str) -> None:
        self.ws = connect(url, additional_headers={"Cookie": cookie})

    def send_text(self, text: str) -> None:
        self.ws.send(text)

    def receive_json(self) -> Any:
        return json.loads(self.ws.recv(timeout=60))


def finish_at_the_table(page: Any, app: DuplicateServer, table_id: str, seat: int) -> None:
    """Play the page's account's seat to the round's end over a websocket with its cookies."""
    cookie = "; ".join(f"{c['name']}={c['value']}" for c in page.context.cookies())
    socket = LiveSocket(f"ws://127.0.0.1:{app.port}/ws/{table_id}", cookie)
    try:
        player = Player(socket)  # type: ignore[arg-type]
        player.hello()
        play_round(player, seat, Policy(11), 0.5)
    finally:
        socket.ws.close()


@pytest.fixture(scope="module")
def duplicate_app() -> Iterator[DuplicateServer]:
    if not CHROMIUM.exists():
        pytest.skip("needs /usr/bin/chromium")
    server = DuplicateServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()


def test_the_page_shows_commitments_begins_and_resumes_a_deal(
    browser: Any, duplicate_app: DuplicateServer
) -> None:
    today = httpx.get(f"{duplicate_app.url}/api/duplicate", timeout=10).json()
    day, edition = today["day"], today["editions"][0]
    page = new_page(browser, duplicate_app)  # type: ignore[arg-type]
    page.goto(duplicate_app.url + "/duplicate")
    page.wait_for_selector("section.edition")
    assert page.text_content("h1") == "Daily Duplicate"
    assert "Log in to play the Daily Duplicate." in page.text_content("main")
    assert page.locator("section.edition").count() == 3
    first = page.locator("section.edition[data-kind=rami51-2p]")
    shown = first.locator("code").evaluate_all("codes => codes.map(c => c.title)")
    assert shown == [d["commitment"] for d in edition["deals"]]
    assert first.locator("button.primary").count() == 0  # a guest cannot play

    duplicate_app.store.create_account("dora", cheap_passwords().hash(PASSWORD))
    log_in(page, duplicate_app, "dora")  # type: ignore[arg-type]
    page.goto(duplicate_app.url + "/duplicate")
    page.wait_for_selector("section.edition[data-kind=rami51-2p] tr[data-deal='1'] button.primary")
    page.click("section.edition[data-kind=rami51-2p] tr[data-deal='1'] button.primary")
    page.wait_for_url("**/t/dd*")
    page.wait_for_selector("#hand, .hand, [data-seat]")
    table_id = page.url.rsplit("/", 1)[1]

    page.goto(duplicate_app.url + "/duplicate")
    row = "section.edition[data-kind=rami51-2p] tr[data-deal='1']"
    page.wait_for_selector(f"{row} button")
    assert page.text_content(f"{row} td.state") == "Begun"
    assert page.text_content(f"{row} button") == "Resume"
    url = f"/api/duplicate/{day}/rami51-2p/1"
    early = page.evaluate(f"fetch('{url}').then(r => r.json().then(b => [r.status, b.code]))")
    assert early == [403, "play_deal_first"]
    page.click(f"{row} button")
    page.wait_for_url(f"**/t/{table_id}")  # resumed at the same table

    finish_at_the_table(page, duplicate_app, table_id, 0)
    page.goto(duplicate_app.url + "/duplicate")
    page.wait_for_selector(f"{row} button")
    assert page.text_content(f"{row} td.state") == "Played"
    page.click(f"{row} button")  # Results
    page.wait_for_selector("#deal-results tbody tr")
    assert page.text_content("#deal-results th[scope=row]") == "dora"
    assert page.get_attribute("#deal-results a", "href") == f"/replay/{table_id}"
    assert "50%" in page.text_content("#deal-results tbody tr")  # alone in the field

    page.goto(duplicate_app.url + "/duplicate")
    page.wait_for_selector("section.edition[data-kind=rami40-2p] button.leaderboard")
    page.click("section.edition[data-kind=rami40-2p] button.leaderboard")
    page.wait_for_selector("#day-board")
    assert page.locator("#day-board tbody tr").count() == 0
    page.click("#show-history")
    page.wait_for_selector("#history")
    assert page.locator("#history tbody tr").count() == 1
    assert page.text_content("#history tbody th") == day
    assert page.errors == []
