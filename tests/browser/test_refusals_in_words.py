"""Issue 19.7: a refused move is explained in the player's language, with its facts."""

from __future__ import annotations

from typing import Any

from web_helpers import DESKTOP, AppServer, Table, seed_where, two_jokers

from rami.server.edge.strings import ui_strings


def seated(browser: Any, app: AppServer, seed: str, lang: str = "en") -> Table:
    page = browser.new_context(viewport=DESKTOP).new_page()
    table_id, token = app.create(seed=seed, bots=["random"])
    table = Table(page, app, table_id, token)
    table.open(lang)
    return table


def draw(table: Table) -> dict[str, Any]:
    state = table.wait_my_turn()
    if "draw stock" in state["legal"]:
        table.page.keyboard.press("s")
        table.wait(f"b.snap.version > {state['version']}")
    return table.state()


def test_two_jokers_are_refused_with_the_servers_reason(browser: Any, app: AppServer) -> None:
    table = seated(browser, app, seed_where(two_jokers), lang="fr")
    state = draw(table)
    natural = next(c for c in state["order"] if c != "JK")
    table.select(["JK", "JK", natural])
    table.page.click("#meld")
    table.page.wait_for_selector(".notice.error[data-code=too_many_jokers]")
    words = ui_strings("fr")["errors"]["too_many_jokers"]
    assert table.page.inner_text(".notice.error") == words == "Un seul joker par combinaison."
    table.page.context.close()


def test_a_small_opening_is_refused_in_words_and_the_error_clears(
    browser: Any, app: AppServer
) -> None:
    table = seated(browser, app, seed_where(lambda hand: True), lang="en")
    state = draw(table)
    points = table.page.evaluate("() => window.rami.board.game.meld_points")
    meld = min((a for a in state["legal"] if a.startswith("meld ")), key=lambda a: points[a])
    table.select([c.split("=")[0] for c in meld.split()[1:]])
    version = table.state()["version"]
    table.page.click("#meld")
    table.wait(f"b.snap.version > {version} && b.game.staged.length === 1")
    table.page.keyboard.press("o")
    table.page.wait_for_selector(".notice.error[data-code=opening_below_threshold]")
    shown = table.page.inner_text(".notice.error")
    assert shown == f"Your melds count {points[meld]} points: you need 51 to open."
    assert "<" not in table.page.inner_text(".staging")
    table.page.click("#takeback")
    table.wait("b.game.staged.length === 0")
    assert table.state()["notice"] is None
    assert table.page.query_selector(".notice.error") is None
    table.page.context.close()
