"""Issue 19.13: the replay page's pickers and way back; a reload keeps the hand's order.

Also the hint of issue 19 (the page's part): a suggestion, marked apart from the selection.
"""

from __future__ import annotations

from typing import Any

from web_helpers import DESKTOP, AppServer, Table

from rami.server.edge.strings import ui_strings


def seated(browser: Any, app: AppServer, **body: Any) -> Table:
    page = browser.new_context(viewport=DESKTOP).new_page()
    table_id, token = app.create(seed="replay", **body)
    table = Table(page, app, table_id, token)
    table.open()
    return table


def test_the_replay_page_has_pickers_and_a_way_back(browser: Any, app: AppServer) -> None:
    table = seated(browser, app, rounds=2, options={"turn_limit": 12})
    page = table.page
    table.play_round()
    page.click("#next-round")
    table.wait("b.game.round === 2 && b.game.phase !== 'over'")
    table.play_round()

    page.goto(f"{app.url}/replay/{table.table_id}")
    page.wait_for_selector("#round-picker")
    rounds = page.eval_on_selector_all("#round-picker option", "os => os.map(o => o.value)")
    assert rounds == ["1", "2"]
    page.select_option("#round-picker", "2")
    at = page.evaluate("() => window.ramiReplay.at")
    frames = page.evaluate("() => window.ramiReplay.frames.map(f => [f.round, f.step])")
    assert frames[at] == [2, 0] and frames[at - 1][0] == 1

    page.select_option("#lang-picker", "it")
    page.wait_for_selector("html[lang=it]")
    italian = ui_strings("it")["strings"]
    page.wait_for_function(
        f"() => document.querySelector('#first').textContent === {italian['First']!r}"
    )
    assert page.inner_text("#back-to-table") == italian["Back to the table"]
    page.click("#back-to-table")
    page.wait_for_url(f"{app.url}/t/{table.table_id}")
    page.wait_for_selector(".board")
    page.context.close()


def test_a_reload_keeps_my_card_order(browser: Any, app: AppServer) -> None:
    table = seated(browser, app)
    page = table.page
    table.wait_my_turn()
    page.click("#sort-rank")
    page.evaluate("() => window.rami.board.moveCard(0, 5)")
    order = table.state()["order"]
    page.reload()
    page.wait_for_selector(".board")
    table.wait("b.order.length > 0")
    assert table.state()["order"] == order
    page.context.close()


def test_a_hint_is_a_suggestion_not_a_selection(browser: Any, app: AppServer) -> None:
    table = seated(browser, app)
    page = table.page
    state = table.wait_my_turn()
    if "draw stock" in state["legal"]:
        page.click("#draw-stock")
        table.wait(f"b.snap.version > {state['version']}")
    page.click("#hint")
    page.wait_for_selector(".board .hint-text")
    page.wait_for_selector(".hand .card.hinted")
    assert table.state()["selected"] == []
    assert page.query_selector(".hand .card.selected") is None
    assert page.query_selector(".hand .card.hinted[aria-pressed=true]") is None
    page.keyboard.press("ArrowRight")
    assert page.query_selector(".hand .card.hinted") is None
    assert page.query_selector(".hint-text") is None
    assert table.state()["selected"] == []
    page.context.close()
