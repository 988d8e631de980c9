"""The account, lobby, leaderboard and player pages, in several languages, by keyboard too."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from pages_helpers import PASSWORD, PagesServer, log_in, new_page, seed_results
from web_helpers import Table

from rami.server.edge.strings import ui_strings

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    return DOCS if os.environ.get("RAMI_SCREENSHOTS") == "1" else tmp_path


def words(lang: str, message: str) -> str:
    return str(ui_strings(lang)["strings"][message])


def test_sign_up_log_out_and_log_in(browser: Any, pages_app: PagesServer) -> None:
    page = new_page(browser, pages_app)
    page.goto(pages_app.url + "/account")
    page.wait_for_selector("#signup")
    assert page.text_content("#login-link") == "Log in or sign up"
    page.fill("#signup input[name=name]", "Carlotta")
    page.fill("#signup input[name=password]", "Carlotta")
    page.click("#signup button[type=submit]")
    page.wait_for_function("document.querySelector('#signup-error').textContent !== ''")
    assert page.text_content("#signup-error") == ui_strings("en")["errors"]["bad_password"]

    page.fill("#signup input[name=password]", PASSWORD)
    page.keyboard.press("Enter")
    page.wait_for_selector("#logged-in")
    assert page.text_content("#account-name") == "Logged in as Carlotta"
    assert page.text_content("#account-status") == "Welcome, Carlotta!"
    assert page.evaluate("document.activeElement.id") == "account-title"
    me = page.evaluate("fetch('/api/me').then(r => r.json())")
    assert me["name"] == "Carlotta"

    page.click("#logout")
    page.wait_for_selector("#login")
    assert page.text_content("#login-link") == "Log in or sign up"
    assert page.evaluate("fetch('/api/me').then(r => r.status)") == 401

    page.fill("#login input[name=name]", "carlotta")
    page.fill("#login input[name=password]", "not the password")
    page.click("#login button[type=submit]")
    page.wait_for_function("document.querySelector('#login-error').textContent !== ''")
    assert page.text_content("#login-error") == "Wrong name or password."
    page.fill("#login input[name=password]", PASSWORD)
    page.click("#login button[type=submit]")
    page.wait_for_selector("#logged-in")
    page.goto(pages_app.url + "/")
    page.wait_for_selector("#account-name")
    assert page.text_content("#account-name") == "Logged in as Carlotta"
    page.wait_for_function("document.querySelector('#create input[name=name]').readOnly")
    assert page.input_value("#create input[name=name]") == "Carlotta"
    assert page.is_enabled("#create input[name=rated]")
    assert page.errors == []
    page.context.close()


def test_the_settings_are_saved_and_used(browser: Any, pages_app: PagesServer) -> None:
    pages_app.account("dana")
    page = new_page(browser, pages_app, "fr")
    log_in(page, pages_app, "dana")
    assert page.text_content("#account-title") == "Votre compte"
    assert page.text_content("#account-name") == "Connecté en tant que dana"
    page.select_option("#settings select[name=language]", "ro")
    page.select_option("#settings select[name=card_size]", "large")
    page.click("#settings button[type=submit]")
    page.wait_for_function("document.documentElement.lang === 'ro'")
    assert page.text_content("#account-status") == "Setările au fost salvate."
    assert page.text_content("#account-title") == "Contul tău"
    assert page.evaluate("localStorage.getItem('rami-large-cards')") == "1"
    me = page.evaluate("fetch('/api/me').then(r => r.json())")
    assert me["settings"] == {"language": "ro", "card_size": "large"}

    other = new_page(browser, pages_app, "en")  # another device: the account's language
    other.evaluate("localStorage.clear()")
    log_in(other, pages_app, "dana")
    other.goto(pages_app.url + "/leaderboard")
    other.wait_for_selector("#board table, #board p")
    assert other.text_content("h1") == "Clasament"
    assert other.evaluate("localStorage.getItem('rami-large-cards')") == "1"
    page.context.close()
    other.context.close()


def item(page: Any, where: str, table: str) -> str:
    """The words of a table's entry in ``#open-tables`` or ``#live-tables``."""
    return str(page.text_content(f'{where} li[data-table="{table}"]') or "")


def test_the_lobby_lists_public_tables_live(browser: Any, pages_app: PagesServer) -> None:
    assert pages_app.lobby() == {"open": [], "live": []}
    for lang in ("en", "pl"):
        page = new_page(browser, pages_app, lang)
        page.goto(pages_app.url + "/")
        empty = words(lang, "No open table right now.")
        page.wait_for_function(  # past the "Loading…" placeholder: the first answer is shown
            "text => document.querySelector('#open-tables')?.textContent.trim() === text", arg=empty
        )
        assert page.text_content("#open-title") == words(lang, "Open tables")
        assert page.text_content("#live-tables").strip() == words(
            lang, "No game is being played right now."
        )
        assert not page.is_enabled("#create input[name=rated]")
        assert page.text_content("#rated-hint") == words(lang, "Log in to play rated games.")
        page.context.close()

    watcher = new_page(browser, pages_app, "en")
    watcher.goto(pages_app.url + "/")
    watcher.wait_for_selector("#open-tables .hint-text")
    private, _ = pages_app.create_table("Eve")
    bobs, _ = pages_app.create_table("Bob", public=True, turn_timer=60)
    watcher.wait_for_selector(f'#open-tables li[data-table="{bobs}"]')
    words_of_bob = item(watcher, "#open-tables", bobs)
    assert "Rami 51" in words_of_bob and "Bob" in words_of_bob
    assert "1 of 2 seats taken" in words_of_bob and "60 s per turn" in words_of_bob
    assert "rated" not in words_of_bob
    join = watcher.locator(f'#open-tables li[data-table="{bobs}"] a')
    assert join.get_attribute("href") == f"/t/{bobs}"
    assert join.get_attribute("aria-label") == f"Join table {bobs}"

    pages_app.account("gina")  # a logged-in player makes a public, rated table with the form
    host = new_page(browser, pages_app, "en")
    log_in(host, pages_app, "gina")
    host.goto(pages_app.url + "/")
    host.wait_for_selector("#create input[name=rated]:not([disabled])")
    host.check("#create input[name=public]")
    host.check("#create input[name=rated]")
    host.click("#create button[type=submit]")
    host.wait_for_url(re.compile(r"/t/\w+$"))
    ginas = host.url.rsplit("/", 1)[1]
    watcher.wait_for_selector(f'#open-tables li[data-table="{ginas}"]')
    words_of_gina = item(watcher, "#open-tables", ginas)
    assert "gina" in words_of_gina and "rated" in words_of_gina
    assert "1 of 2 seats taken" in words_of_gina

    cleos, token = pages_app.create_table("Cleo", public=True, bots=["random"])
    cleo = new_page(browser, pages_app, "en")
    Table(cleo, pages_app, cleos, token).open()  # Cleo's browser starts her match
    watcher.wait_for_selector(f'#live-tables li[data-table="{cleos}"]')
    watch = watcher.locator(f'#live-tables li[data-table="{cleos}"] a')
    assert watch.text_content() == "Watch" and watch.get_attribute("href") == f"/t/{cleos}"
    assert "Round 1" in item(watcher, "#live-tables", cleos)
    assert "Cleo" in item(watcher, "#live-tables", cleos)
    assert watcher.locator(f'#open-tables li[data-table="{cleos}"]').count() == 0
    assert watcher.locator(f'li[data-table="{private}"]').count() == 0
    assert watcher.errors == [] and host.errors == [] and cleo.errors == []
    for page in (watcher, host, cleo):
        page.context.close()


def test_quick_match_waits_cancels_and_goes_to_the_table(
    browser: Any, pages_app: PagesServer, shots: Path
) -> None:
    pages_app.account("erin")
    pages_app.create_table("Zoe", public=True)  # the lobby lists something in the screenshot
    page = new_page(browser, pages_app, "en")
    page.goto(pages_app.url + "/")
    page.wait_for_selector("#quick-match a[href='/account']")
    assert page.text_content("#quick-match a") == "Log in to use quick match."
    log_in(page, pages_app, "erin")
    page.goto(pages_app.url + "/")
    page.wait_for_selector("#quickmatch")
    page.wait_for_selector("#live-tables li, #open-tables li")
    page.screenshot(path=str(shots / "web-lobby-live.png"), full_page=True)

    page.select_option("#quickmatch select[name=players]", "3")
    page.uncheck("#quickmatch input[name=bots]")
    assert not page.is_enabled("#quickmatch select[name=bots_after]")
    page.focus("#quickmatch button[type=submit]")
    page.keyboard.press("Enter")
    page.wait_for_selector("#quick-waiting")
    assert page.text_content("#quick-status") == "Looking for players…"
    assert "Bots take" not in (page.text_content("#quick-waiting") or "")
    assert page.evaluate("document.activeElement.id") == "quick-cancel"
    ticket = page.evaluate("JSON.parse(sessionStorage.getItem('rami-quickmatch'))")
    assert ticket["status"] == "waiting" and ticket["bots_after"] is None
    poll = f"fetch('/api/quickmatch/{ticket['ticket']}').then(r => r.status)"
    assert page.evaluate(poll) == 200
    page.keyboard.press("Enter")
    page.wait_for_selector("#quickmatch")
    assert page.text_content("#quick-status") == "Quick match cancelled."
    assert page.evaluate(poll) == 404
    assert page.input_value("#quickmatch select[name=players]") == "3"

    page.select_option("#quickmatch select[name=players]", "2")
    page.check("#quickmatch input[name=bots]")
    page.select_option("#quickmatch select[name=bots_after]", "15")
    page.click("#quickmatch button[type=submit]")
    page.wait_for_selector("#quick-waiting")
    assert "Bots take the empty seats after 15 s." in (page.text_content("#quick-waiting") or "")
    page.reload()  # the tab keeps waiting for its ticket
    page.wait_for_selector("#quick-waiting")
    pages_app.clock.advance(16)
    page.wait_for_url(re.compile(r"/t/\w+$"))
    page.wait_for_function("() => window.rami && window.rami.board && window.rami.board.seat === 0")
    assert page.errors == []
    page.context.close()


def test_the_leaderboard_and_a_profile_show_recorded_results(
    browser: Any, pages_app: PagesServer, shots: Path
) -> None:
    seeded = seed_results(pages_app)
    page = new_page(browser, pages_app, "en")
    page.goto(pages_app.url + "/leaderboard")
    page.wait_for_selector("#players tbody tr")
    names = page.eval_on_selector_all("#players tbody th", "cells => cells.map(c => c.textContent)")
    assert names[:2] == ["ana", "bob"]
    me = httpx.get(f"{pages_app.url}/api/leaderboard?preset=rami51").json()
    first = page.text_content("#players tbody tr:first-child td:nth-child(3)")
    best = me["players"][0]
    assert first == f"{best['rating']}" + (" (provisional)" if best["provisional"] else "")
    assert 1000 < best["rating"] < 2000
    assert (
        page.get_attribute("nav.families a[aria-current=page]", "href")
        == "/leaderboard?preset=rami51"
    )
    assert page.locator("#bots tbody tr").count() == len(me["bots"])
    page.screenshot(path=str(shots / "web-leaderboard.png"), full_page=True)
    page.focus("nav.families a[aria-current=page]")
    page.keyboard.press("Tab")  # the family switch by keyboard
    assert page.evaluate("document.activeElement.textContent") == "Rami 40"
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"preset=rami40$"))
    page.wait_for_selector("#players tbody tr")
    assert page.eval_on_selector_all("#players tbody th", "c => c.map(x => x.textContent)") == [
        "ana"
    ]

    page.click("#players tbody th a")
    page.wait_for_selector("#stats")
    assert page.url.endswith("/players/ana")
    assert page.text_content("h1") == "ana"
    chart = page.locator("#rating-rami51 svg[role=img]")
    assert chart.locator("title").text_content() == "ana's rating in Rami 51 after each rated game"
    assert page.locator("#history-rami51 tbody tr").count() == 4
    assert page.locator("#history-rami40 tbody tr").count() == 1
    stats = page.eval_on_selector_all(
        "#stats tbody tr",
        "rows => rows.map(r => [r.dataset.stat, ...[...r.cells].slice(1).map(c => c.textContent)])",
    )
    table = {row[0]: row[1:] for row in stats}
    assert table["games"] == ["5", "1", "6"]
    assert table["rounds_won"] == ["9", "1", "10"]  # 2+2+1+2 in Rami 51 rated + 2 unrated
    assert table["rami_sec"] == ["4", "0", "4"]
    assert table["mean_opening_turn"][1] == "7"
    games = page.locator("#games tbody tr")
    assert games.count() == 6
    newest = seeded["tables"][-1]
    assert (
        page.get_attribute("#games tbody tr:first-child a[href^='/replay/']", "href")
        == f"/replay/{newest}"
    )
    assert (
        page.get_attribute("#games tbody tr:first-child a[download]", "href")
        == f"/api/tables/{newest}/record"
    )
    assert "Unrated" in (page.text_content("#games tbody tr:first-child") or "")
    page.screenshot(path=str(shots / "web-profile.png"), full_page=True)

    page.evaluate("localStorage.setItem('rami-lang', 'vi')")
    page.reload()
    page.wait_for_selector("#stats")
    assert page.text_content("#stats tbody tr[data-stat=rounds_won] th") == words(
        "vi", "Rounds won"
    )
    page.goto(pages_app.url + "/leaderboard")
    page.wait_for_selector("#players")
    assert page.text_content("h1") == words("vi", "Leaderboard")
    page.goto(pages_app.url + "/players/nobody")
    page.wait_for_selector("[role=alert]")
    assert page.text_content("[role=alert]") == ui_strings("vi")["errors"]["no_such_player"]
    assert page.errors == []
    page.context.close()
