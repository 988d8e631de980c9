"""Issue 19.12: melds read aloud, contrast, larger cards, touch drag, axe-core finds nothing bad."""

from __future__ import annotations

from typing import Any

from pages_helpers import PASSWORD, PagesServer, seed_results
from web_helpers import DESKTOP, PHONE, AppServer, Table, inject

from rami.server.edge.strings import ui_strings

BAD = ("serious", "critical")
A_MELD = (
    "s.game.table = [{owner: 1, kind: 'run', cards: ['5H', '6H', 'JK'],"
    " represents: ['5H', '6H', '7H'], points: 18}]; s.game.opened = s.game.opened.map(() => true);"
)


def axe_problems(page: Any, axe_js: str) -> list[tuple[str, str, list[str]]]:
    """The serious and critical axe-core violations of the page as it is now."""
    page.add_script_tag(content=axe_js)
    found = page.evaluate("async () => (await axe.run(document)).violations")
    return [
        (v["id"], v["impact"], [n["html"][:120] for n in v["nodes"]])
        for v in found
        if v["impact"] in BAD
    ]


def seated(browser: Any, app: AppServer, viewport: dict[str, int], **body: Any) -> Table:
    context = browser.new_context(viewport=viewport, has_touch=viewport is PHONE)
    table_id, token = app.create(seed="access", **body)
    table = Table(context.new_page(), app, table_id, token)
    table.open()
    return table


def test_a_meld_is_read_card_by_card(browser: Any, app: AppServer) -> None:
    table = seated(browser, app, DESKTOP)
    inject(table.page, A_MELD)
    label = table.page.text_content('[data-meld="0"] .sr-only') or ""
    cards = ui_strings("en")["cards"]
    assert label.startswith(
        f"Meld 1: {cards['5H']}, {cards['6H']}, {cards['JK']} standing for {cards['7H']}. 18 points"
    )
    table.page.context.close()


def test_lobby_table_and_results_pass_axe(browser: Any, app: AppServer, axe_js: str) -> None:
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.goto(app.url + "/")
    page.wait_for_selector("#create")
    assert axe_problems(page, axe_js) == []
    # axe does see a badge as pale as the old "opened" one (3.4:1)
    page.eval_on_selector(
        "h1",
        "h => h.insertAdjacentHTML('afterend',"
        " '<span style=\"background:#2f9e5b;color:#fff;font-size:11px\">opened</span>')",
    )
    assert [p[0] for p in axe_problems(page, axe_js)] == ["color-contrast"]
    page.context.close()

    table = seated(browser, app, DESKTOP, rounds=1, options={"turn_limit": 12}, turn_timer=60)
    table.page.click("details.settings summary")
    table.page.click(".commit summary")
    inject(table.page, A_MELD)
    table.page.wait_for_selector(".badge.open")
    assert axe_problems(table.page, axe_js) == []
    table.play_round()
    table.page.click(".round-over details.fair summary")
    assert axe_problems(table.page, axe_js) == []

    table.page.goto(f"{app.url}/replay/{table.table_id}")
    table.page.wait_for_selector("#next")
    for _ in range(30):
        table.page.click("#next")
    assert axe_problems(table.page, axe_js) == []
    table.page.context.close()


def test_larger_cards_are_kept(browser: Any, app: AppServer) -> None:
    table = seated(browser, app, DESKTOP)
    page = table.page
    width = page.eval_on_selector('[data-hand="0"]', "e => e.getBoundingClientRect().width")
    page.click("details.settings summary")
    page.check("#setting-large")
    larger = page.eval_on_selector('[data-hand="0"]', "e => e.getBoundingClientRect().width")
    assert larger > width * 1.2
    page.reload()
    page.wait_for_selector('[data-hand="0"]')
    again = page.eval_on_selector('[data-hand="0"]', "e => e.getBoundingClientRect().width")
    assert again == larger
    page.context.close()


def test_a_finger_drags_a_card_along_the_hand(browser: Any, app: AppServer) -> None:
    table = seated(browser, app, PHONE)
    page = table.page
    order = table.state()["order"]

    def centre(selector: str) -> tuple[float, float]:
        box = page.eval_on_selector(
            selector,
            "e => { const r = e.getBoundingClientRect();"
            " return [r.left + 8, r.top + r.height / 2]; }",
        )
        return box[0], box[1]

    session = page.context.new_cdp_session(page)
    (x0, y0), (x1, y1) = centre('[data-hand="0"]'), centre('[data-hand="4"]')

    def touch(kind: str, x: float, y: float) -> None:
        points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
        session.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", x0, y0)
    for step in range(1, 11):
        touch("touchMove", x0 + (x1 - x0) * step / 10, y0 + (y1 - y0) * step / 10)
    touch("touchEnd", x1, y1)
    table.wait(f"b.order[4] === {order[0]!r}")
    moved = table.state()["order"]
    assert moved == [*order[1:5], order[0], *order[5:]]
    assert table.state()["selected"] == []
    page.context.close()


def test_account_lobby_leaderboard_and_profile_pages_pass_axe(
    browser: Any, pages_app: PagesServer, axe_js: str
) -> None:
    seed_results(pages_app)
    pages_app.create_table("bob", public=True, turn_timer=60)
    live, token = pages_app.create_table("Cleo", public=True, bots=["random"])
    Table(browser.new_context(viewport=DESKTOP).new_page(), pages_app, live, token).open()
    for viewport in (DESKTOP, PHONE):
        page = browser.new_context(viewport=viewport).new_page()
        page.goto(pages_app.url + "/account")
        page.wait_for_selector("#signup")
        assert axe_problems(page, axe_js) == []
        page.fill("#login input[name=name]", "ana")
        page.fill("#login input[name=password]", PASSWORD)
        page.click("#login button[type=submit]")
        page.wait_for_selector("#settings")
        assert axe_problems(page, axe_js) == []

        page.goto(pages_app.url + "/")
        page.wait_for_selector("#open-tables li")
        page.wait_for_selector("#live-tables li")
        page.wait_for_selector("#quickmatch")
        assert axe_problems(page, axe_js) == []
        page.click("#quickmatch button[type=submit]")
        page.wait_for_selector("#quick-waiting")
        assert axe_problems(page, axe_js) == []
        page.click("#quick-cancel")
        page.wait_for_selector("#quickmatch")

        for path, ready in (("/leaderboard", "#players"), ("/players/ana", "#games")):
            page.goto(pages_app.url + path)
            page.wait_for_selector(ready)
            assert axe_problems(page, axe_js) == []
        page.context.close()
