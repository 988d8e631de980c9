"""Issue 19.10: the results can be closed to see the final table, reopened, and lead on."""

from __future__ import annotations

from typing import Any

from web_helpers import DESKTOP, AppServer, Table


def test_results_close_reopen_next_round_and_match_scores(browser: Any, app: AppServer) -> None:
    page = browser.new_context(viewport=DESKTOP).new_page()
    table_id, token = app.create(seed="ends", rounds=2, options={"turn_limit": 12})
    table = Table(page, app, table_id, token)
    table.open()
    table.play_round()

    page.click("#close-results")
    assert page.query_selector(".round-over") is None
    assert page.is_visible(".melds") and page.is_visible(".hand")
    page.click("#show-results")
    page.wait_for_selector(".round-over")
    page.keyboard.press("Escape")
    page.wait_for_selector("#show-results")
    page.click("#show-results")
    assert page.query_selector(".match-scores") is None  # the match goes on

    page.click("#next-round")
    table.wait("b.game.round === 2 && b.game.phase !== 'over'")
    assert page.query_selector(".round-over") is None
    table.play_round()
    page.wait_for_selector(".round-over .match-scores")
    rows = page.query_selector_all(".match-scores tbody tr")
    assert [r.query_selector("th").inner_text() for r in rows] == ["1", "2", "Total"]
    assert page.query_selector("#next-round") is None
    assert "Match over" in page.inner_text(".round-over .winner")
    page.click("#close-results")
    assert page.query_selector(".round-over") is None and page.is_visible("#show-results")
    page.context.close()
