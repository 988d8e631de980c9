"""Issue 19.11: presets by their names, the seed hash tucked away, one rules hash."""

from __future__ import annotations

import re
from typing import Any

import httpx
from web_helpers import DESKTOP, AppServer, Table

from rami.i18n import LANGUAGES
from rami.rules import PRESETS
from rami.server.edge.strings import ui_strings


def test_every_language_names_every_preset() -> None:
    for lang in LANGUAGES:
        names = ui_strings(lang)["presets"]
        assert set(names) == set(PRESETS)
        assert all(name not in PRESETS for name in names.values())
    assert ui_strings("en")["presets"]["rami51-house"] == "Rami 51 — house rules"
    assert ui_strings("pl")["presets"]["rami51-house"] == "Rami 51 — zasady domowe"


def test_the_lobby_offers_presets_by_name(browser: Any, app: AppServer) -> None:
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.goto(app.url + "/")
    page.evaluate("localStorage.setItem('rami-lang', 'ro')")
    page.reload()
    page.wait_for_selector("html[lang=ro] select[name=preset] option", state="attached")
    options = page.eval_on_selector_all(
        "select[name=preset] option", "os => os.map(o => [o.value, o.textContent])"
    )
    shown = dict(options)
    assert set(shown) == set(PRESETS)
    assert shown["rami51"] == "Rami 51" and shown["scala40"] == "Scala 40"
    assert shown["rami51-house"] == "Rami 51 — reguli de casă"
    page.context.close()


def test_the_table_shows_the_preset_name_and_the_rules_pages_hash(
    browser: Any, app: AppServer
) -> None:
    page = browser.new_context(viewport=DESKTOP).new_page()
    table_id, token = app.create(seed="words", preset="rami51-house")
    table = Table(page, app, table_id, token)
    table.open()
    title = page.inner_text("#table-title")
    rules_hash = PRESETS["rami51-house"].hash
    assert title == "Rami 51 — house rules · Unrated · no turn timer"
    page.click(".commit summary")  # the rules' hash sits under Fair shuffle
    assert f"rules {rules_hash}" in page.inner_text(".commit")
    page.click(".commit summary")
    rules_page = httpx.get(app.url + page.get_attribute("#rules-link", "href"), timeout=10)
    assert rules_page.status_code == 200
    assert re.search(rf"\b{rules_hash}\b", rules_page.text)

    # a table whose options differ from its preset links the page of its own rules
    custom_id, custom_token = app.create(seed="own", preset="rami51", options={"hand_size": 15})
    Table(page, app, custom_id, custom_token).open()
    custom_hash = page.evaluate("() => window.rami.board.snap.table.rules_hash")
    assert custom_hash != PRESETS["rami51"].hash
    own_page = httpx.get(app.url + page.get_attribute("#rules-link", "href"), timeout=10)
    assert re.search(rf"\b{custom_hash}\b", own_page.text)
    assert PRESETS["rami51"].hash not in own_page.text
    Table(page, app, table_id, token).open()

    # the seed hash sits in a closed "Fair shuffle" detail
    assert page.inner_text(".commit summary") == "Fair shuffle"
    assert not page.is_visible(".commit code")
    page.click(".commit summary")
    commitment = page.evaluate("() => window.rami.board.game.commitment")
    assert page.inner_text(".commit code") == commitment
    page.context.close()
