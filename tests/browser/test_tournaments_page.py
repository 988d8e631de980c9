"""The tournaments page in Chromium: a host creates a Swiss, a player joins and withdraws, the
standings list who is in, the rounds' commitments are published, a refusal is shown in words."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from pages_helpers import PASSWORD, cheap_passwords, log_in, new_page
from web_helpers import CHROMIUM, ServedApp

from rami.accounts import AccountConfig, AccountStore
from rami.server import Settings, create_app
from rami.server.store.storage import MemoryStorage


class TournamentServer(ServedApp):
    """The app with accounts in memory."""

    def __init__(self) -> None:
        self.store = AccountStore("sqlite://")
        config = AccountConfig(passwords=cheap_passwords())
        super().__init__(
            create_app(MemoryStorage(), Settings(), accounts=self.store, account_config=config)
        )


@pytest.fixture(scope="module")
def tournament_app() -> Iterator[TournamentServer]:
    if not CHROMIUM.exists():
        pytest.skip("needs /usr/bin/chromium")
    server = TournamentServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()


def test_create_join_and_withdraw_on_the_page(
    browser: Any, tournament_app: TournamentServer
) -> None:
    app = tournament_app
    for name in ("hosta", "petra"):
        app.store.create_account(name, cheap_passwords().hash(PASSWORD))
    page = new_page(browser, app)  # type: ignore[arg-type]
    page.goto(app.url + "/tournaments")
    page.wait_for_selector("#tournaments-title")
    assert "Log in to join a tournament." in page.text_content("main")
    log_in(page, app, "hosta")  # type: ignore[arg-type]
    page.goto(app.url + "/tournaments")
    page.click("#create-tournament summary")
    page.fill("#create-tournament input[name=name]", "Friday night")
    page.fill("#create-tournament input[name=length]", "4")
    page.click("#create-tournament button[type=submit]")
    page.wait_for_url("**/tournaments?id=*")
    page.wait_for_selector("#tournament-title")
    assert page.text_content("#tournament-title") == "Friday night"
    assert page.text_content("#progress") == "Round 0 of 4"
    assert page.locator("#standings tbody tr").count() == 0
    page.click("#fair-deals summary")  # each round's commitment, the seed hidden until the end
    assert page.locator("#commitments li").count() == 4
    assert "The seed is revealed when the tournament is over." in page.text_content("#fair-deals")
    url = page.url

    other = new_page(browser, app)  # type: ignore[arg-type]
    log_in(other, app, "petra")  # type: ignore[arg-type]
    other.goto(url)
    other.wait_for_selector("button.primary")
    other.click("button.primary")  # Join
    other.wait_for_selector("#standings tbody tr")
    assert other.text_content("#standings tbody th") == "petra"
    joined = other.evaluate(
        "fetch(location.pathname.replace('/tournaments', '/api/tournaments/')"
        " + new URLSearchParams(location.search).get('id')).then(r => r.json())"
    )
    assert [p["name"] for p in joined["players"]] == ["petra"]
    other.click("main button")  # Withdraw
    other.wait_for_selector("button.primary")
    assert other.text_content("button.primary") == "Join"
    other.goto(app.url + "/tournaments")
    other.wait_for_selector("#tournaments tbody tr")
    assert other.text_content("#tournaments th[scope=row]") == "Friday night"
    assert page.errors == [] and other.errors == []
