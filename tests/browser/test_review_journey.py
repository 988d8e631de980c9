"""The review journey in Chromium: a logged-in player plays a one-round match against a bot,
reviews the round from the round-end box (accuracy and luck there), opens the review on the
replay (the chart of the points lost, each mistake shown on the board as it was, a "find a
better move" try answered after the pick), and finds the accuracy on the profile; a viewer
reviews either seat of a public game once it is over. With ``RAMI_SCREENSHOTS=1`` the replay's
review and the profile's accuracy are pictured in ``docs/`` (else in a temp dir)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pages_helpers import Clock, PagesServer, cheap_passwords, log_in, new_page
from review_helpers import SMALL
from server_helpers import seeds
from test_rated_journey import play_to_the_end
from web_helpers import BROWSER_LIMITS, TIMEOUT, ServedApp

from rami.accounts import AccountConfig, AccountStore
from rami.server import Settings, create_app
from rami.server.store.storage import MemoryStorage


class ReviewServer(PagesServer):
    """The pages' app whose reviews use small budgets (the code is the same)."""

    def __init__(self) -> None:
        self.store = AccountStore("sqlite://")
        self.clock = Clock()
        config = AccountConfig(passwords=cheap_passwords(), signups_per_address=(10_000, 3600.0))
        app = create_app(
            MemoryStorage(),
            Settings(bot_delay=0.0),
            seeds("review-journey"),
            accounts=self.store,
            account_config=config,
            clock=self.clock,
            limits=BROWSER_LIMITS,
            review_options={"budgets": SMALL},
        )
        ServedApp.__init__(self, app)
        self.games = 0


DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    return DOCS if os.environ.get("RAMI_SCREENSHOTS") == "1" else tmp_path


@pytest.fixture(scope="module")
def review_app() -> Iterator[ReviewServer]:
    server = ReviewServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()


CREATE_JS = """async () => {
  const body = JSON.stringify({name: "ana", seats: 2, bots: ["random"], rounds: 1});
  const headers = {"Content-Type": "application/json"};
  const response = await fetch("/api/tables", {method: "POST", headers, body});
  return await response.json();
}"""


def test_a_round_reviewed_from_its_end_to_the_replay_and_the_profile(
    browser: Any, review_app: ReviewServer, shots: Path
) -> None:
    review_app.account("ana")
    page = new_page(browser, review_app)
    log_in(page, review_app, "ana")
    created = page.evaluate(CREATE_JS)
    page.goto(f"{review_app.url}/t/{created['table']}#seat={created['token']}")
    page.wait_for_selector("#start:not([disabled])")
    page.click("#start")
    page.wait_for_function("() => window.rami && window.rami.board && window.rami.board.game")
    play_to_the_end([page])
    page.click("#review-round")
    summary = page.wait_for_selector("#round-review .review-summary", timeout=60_000)
    assert "Accuracy" in summary.inner_text()
    assert "Luck" in page.inner_text("#round-review .review-luck")
    page.click("#review-link")
    page.wait_for_selector("#review .loss-chart", timeout=60_000)
    bars = page.query_selector_all("#review .loss-chart rect.loss")
    assert bars and page.get_attribute("#review .loss-chart", "role") == "img"
    marked = page.query_selector_all("#review .mistakes li")
    assert marked, "the seeded round has mistakes to practise on"
    first = marked[0]
    turn, kind = first.get_attribute("data-turn"), first.get_attribute("data-kind")
    first.query_selector(".find-better").click()
    page.wait_for_selector("#review .try .try-option")
    assert page.query_selector("#review .try-answer") is None  # the answer waits for a pick
    at = page.evaluate("window.ramiReplay.at")
    frame = page.evaluate(f"window.ramiReplay.frames[{at}]")
    assert frame["round"] == 1
    mark = page.wait_for_selector(".review-mark")  # the board as it was, the mistake marked
    assert f"Turn {turn}" in mark.inner_text()
    page.click("#review .try .try-option >> nth=0")
    answer = page.wait_for_selector("#review .try-answer")
    assert answer.inner_text() in (
        "Right: that is the best move found.",
        "Not the best move found.",
    )
    assert "Best:" in page.inner_text(
        f"#review .mistakes li[data-turn='{turn}'][data-kind='{kind}']"
    )
    assert page.errors == []
    page.screenshot(path=str(shots / "web-review.png"), full_page=True)
    page.goto(f"{review_app.url}/players/ana")
    page.wait_for_selector("#accuracy svg.chart", timeout=TIMEOUT)
    title = page.text_content("#chart-accuracy-title")
    assert title == "ana's accuracy in each reviewed round"
    assert len(page.query_selector_all("#accuracy svg.chart .dots circle")) == 1
    assert page.errors == []
    page.screenshot(path=str(shots / "web-review-profile.png"), full_page=True)


PUBLIC_JS = """async () => {
  const body = JSON.stringify({name: "cleo", seats: 2, bots: ["random"], rounds: 1, public: true});
  const headers = {"Content-Type": "application/json"};
  const response = await fetch("/api/tables", {method: "POST", headers, body});
  return await response.json();
}"""


def test_a_viewer_picks_the_seat_to_review_of_a_public_game_once_it_is_over(
    browser: Any, review_app: ReviewServer
) -> None:
    review_app.account("cleo")
    review_app.account("dan")
    player = new_page(browser, review_app)
    log_in(player, review_app, "cleo")
    created = player.evaluate(PUBLIC_JS)
    table = created["table"]
    player.goto(f"{review_app.url}/t/{table}#seat={created['token']}")
    player.wait_for_selector("#start:not([disabled])")
    player.click("#start")
    player.wait_for_function("() => window.rami && window.rami.board && window.rami.board.game")
    play_to_the_end([player])
    viewer = new_page(browser, review_app)
    log_in(viewer, review_app, "dan")
    viewer.goto(f"{review_app.url}/replay/{table}")
    picker = viewer.wait_for_selector("#review-seat")
    names = [o.inner_text() for o in picker.query_selector_all("option")]
    assert names[0] == "cleo" and len(names) == 2
    viewer.select_option("#review-seat", "1")
    viewer.click("#review-round")
    heading = viewer.wait_for_selector("#review h2", timeout=60_000)
    assert heading.inner_text() == f"Review of {names[1]}, round 1"
    assert "Accuracy" in viewer.inner_text("#review .review-summary")
    assert viewer.query_selector("#review .loss-chart") is not None
    viewer.select_option("#review-seat", "0")  # another seat: its own review, asked anew
    viewer.click("#review-round")
    heading = viewer.wait_for_selector("#review h2:has-text('Review of cleo')", timeout=60_000)
    assert heading.inner_text() == "Review of cleo, round 1"
    assert viewer.errors == [] and player.errors == []
