"""Ratings, match formats and names as a logged-in player meets them in the pages: the result
box's rating changes, the creation form under Rated, the quick match's format and bot level,
the account's name, and bot levels in the page's language."""

from __future__ import annotations

import re
from typing import Any

import httpx
from pages_helpers import PagesServer, log_in, new_page

from rami.accounts import MatchResult
from rami.accounts.results import SeatResult

FINISHED_JS = """(names) => {
  const b = window.rami.board; const s = structuredClone(b.snap);
  s.table.status = "finished"; s.table.rated = true;
  s.game.phase = "over"; s.game.current = null; s.game.winners = [0]; s.game.totals = [0, 60];
  s.game.rounds = [{round: s.game.round, seats: [0, 1], reason: "went_out", winner: 0,
    rami_sec: false, hands: [[], ["KH"]], scores: [0, 60], text: "done", deck: [2, 4],
    seed: null, commitment: null}];
  b.receive(s);
}"""


def _started_table(page: Any, app: PagesServer, lang: str = "en") -> str:
    """A two-seat table of a guest against a medium bot, started on ``page``; its id."""
    table, token = app.create_table("Gus", bots=["medium"])
    page.evaluate(f"localStorage.setItem('rami-lang', '{lang}')")
    page.goto(f"{app.url}/t/{table}#seat={token}")
    page.click("#start")
    page.wait_for_function("() => window.rami.board.game && window.rami.board.game.current === 0")
    return table


def test_the_result_box_shows_each_rating_and_its_change(
    browser: Any, pages_app: PagesServer
) -> None:
    page = new_page(browser, pages_app)
    table = _started_table(page, pages_app)
    ana = pages_app.account("ana-box")
    seats = (
        SeatResult(0, "ana-box", 1, 0, account_id=ana),
        SeatResult(1, "Bot 2 (medium)", 2, 60, bot="medium"),
    )
    pages_app.store.record(MatchResult(f"table:{table}", table, "rami51", True, 1, seats))
    page.evaluate(FINISHED_JS, None)
    page.wait_for_selector("#rating-changes tbody tr")
    rows = page.eval_on_selector_all(
        "#rating-changes tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))"
    )
    result = httpx.get(f"{pages_app.url}/api/results/{table}", timeout=10).json()
    mine = result["seats"][0]["rating"]
    assert mine["change"] > 0 and mine["rating"] == 1500 + mine["change"]
    assert rows[0][1:] == [f"{mine['rating']} (provisional)", f"+{mine['change']}"]
    assert rows[1][1:] == ["1500", "±0"]  # the medium bot: 1500, fixed
    assert page.errors == []
    page.context.close()


def test_rated_switches_off_what_a_rated_table_refuses_and_offers_the_formats(
    browser: Any, pages_app: PagesServer
) -> None:
    pages_app.account("rita")
    page = new_page(browser, pages_app)
    log_in(page, pages_app, "rita")
    page.goto(pages_app.url + "/")
    page.wait_for_selector("#create input[name=rated]:not([disabled])")
    page.select_option("#create select[name=rounds]", "3")
    page.select_option("#create select[name=turn_limit]", "60")
    page.check("#create input[name=rated]")
    assert page.eval_on_selector("#create select[name=rounds]", "s => s.value") == ""
    assert page.is_disabled("#create select[name=rounds] option[value='3']")
    assert page.is_disabled("#create select[name=turn_limit]")
    assert page.is_visible("#rated-rules")
    page.select_option("#create select[name=rounds]", "format:to201")
    page.click("#create button[type=submit]")
    page.wait_for_url(re.compile(r"/t/\w+$"))
    table = page.url.rsplit("/", 1)[-1]
    info = httpx.get(f"{pages_app.url}/api/tables/{table}", timeout=10).json()
    assert info["rated"] and (info["match_end"], info["match_limit"]) == ("score_limit", 201)
    page.wait_for_selector(".waiting .facts")
    assert "201" in page.text_content(".waiting .facts")
    page.goto(pages_app.url + "/")
    page.wait_for_selector("#create input[name=rated]:not([disabled])")
    page.check("#create input[name=rated]")
    page.uncheck("#create input[name=rated]")
    assert not page.is_disabled("#create select[name=turn_limit]")
    assert page.errors == []
    page.context.close()


def test_a_logged_in_player_sees_the_account_name_and_cannot_change_it(
    browser: Any, pages_app: PagesServer
) -> None:
    pages_app.account("Nora")
    page = new_page(browser, pages_app)
    log_in(page, pages_app, "Nora")
    page.goto(pages_app.url + "/")
    page.wait_for_selector("#create-account-note")
    name = page.locator("#create input[name=name]")
    assert name.input_value() == "Nora" and name.get_attribute("readonly") is not None
    assert "account" in page.text_content("#create-account-note")
    table, _token = pages_app.create_table("Gus")
    page.goto(f"{pages_app.url}/t/{table}")
    page.wait_for_selector("#join-account-note")
    join = page.locator("#join input[name=name]")
    assert join.input_value() == "Nora" and join.get_attribute("readonly") is not None
    page.click("#join button")
    page.wait_for_function("() => window.rami.board.seat === 1")
    seats = httpx.get(f"{pages_app.url}/api/tables/{table}", timeout=10).json()["seats"]
    assert (seats[1]["name"], seats[1]["account"]) == ("Nora", "Nora")
    assert page.errors == []
    page.context.close()


def test_quick_match_plays_the_chosen_format_against_the_chosen_bots(
    browser: Any, pages_app: PagesServer
) -> None:
    pages_app.account("quinn")
    page = new_page(browser, pages_app)
    log_in(page, pages_app, "quinn")
    page.goto(pages_app.url + "/")
    page.wait_for_selector("#quickmatch")
    page.select_option("#quickmatch select[name=players]", "2")
    page.check("#quickmatch input[name=bots]")
    page.select_option("#quickmatch select[name=bots_after]", "15")
    page.select_option("#quickmatch select[name=format]", "rounds6")
    page.select_option("#quickmatch select[name=bot_level]", "expert")
    page.click("#quickmatch button[type=submit]")
    page.wait_for_selector("#quick-waiting")
    pages_app.clock.advance(15)
    page.wait_for_url(re.compile(r"/t/\w+$"))
    table = page.url.rsplit("/", 1)[-1]
    info = httpx.get(f"{pages_app.url}/api/tables/{table}", timeout=10).json()
    assert [seat["bot"] for seat in info["seats"]] == [None, "expert"]
    assert (info["match_end"], info["match_limit"], info["rated"]) == ("rounds", 6, True)
    assert page.errors == []
    page.context.close()


def test_bot_levels_seat_names_and_the_replay_title_speak_the_page_language(
    browser: Any, pages_app: PagesServer
) -> None:
    page = new_page(browser, pages_app, "fr")
    page.goto(pages_app.url + "/")
    page.wait_for_selector("#create select[name=seats]")
    page.select_option("#create select[name=seats]", "3")
    options = page.eval_on_selector_all(
        "#create select[name=seat2] option", "os => os.map(o => o.textContent)"
    )
    assert "Robot : difficile" in options and "Robot : moyen" in options
    listed, _token = pages_app.create_table("Lu", seats=3, bots=["hard"], public=True)
    page.wait_for_selector(f"#open-tables li[data-table='{listed}']")
    assert (
        page.text_content(f"#open-tables li[data-table='{listed}'] .who")
        == "Lu, Robot 3 (difficile)"
    )
    table, token = pages_app.create_table("Gus", bots=["medium"])
    page.goto(f"{pages_app.url}/t/{table}#seat={token}")
    page.wait_for_selector(".waiting .seats")
    assert "Robot : moyen" in page.text_content(".waiting .seats")
    page.click("#start")
    page.wait_for_selector(".seat[data-seat='1'] .who strong")
    assert page.text_content(".seat[data-seat='1'] .who strong") == "Robot 2 (moyen)"
    page.goto(f"{pages_app.url}/leaderboard")
    page.wait_for_selector("#bots tbody tr")
    bots = page.eval_on_selector_all("#bots tbody th", "cells => cells.map(c => c.textContent)")
    assert "Robot : difficile" in bots and "Robot : expert" in bots
    page.goto(f"{pages_app.url}/replay/{table}")
    page.wait_for_function("() => document.title !== 'Rami — replay'")
    assert page.title() == f"Rami — Revoir la table {table}"
    assert page.errors == []
    page.context.close()
