"""Issue 27.7 and 27.9: the table at phone width (one-line header, the hand and the actions
always on screen, 44 px cards, drag scrolls the melds) and axe-core finds nothing at all on
the table mid-game, for a spectator, at phone width and in the match-over box; the keyboard
chooses the meld and the end of a lay-off; results are announced and take the focus."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from web_helpers import DESKTOP, PHONE, TIMEOUT, AppServer, Table, inject

MELDS = (
    "s.game.table = Array.from({length: 24}, (_, k) => ({owner: 1, kind: 'set',"
    " cards: ['9C', '9D', '9H'], represents: ['9C', '9D', '9H'], points: 27}));"
)
EXTRA_RULES = {"label-content-name-mismatch": {"enabled": True}, "target-size": {"enabled": True}}


def axe_violations(page: Any, axe_js: str) -> list[tuple[str, list[str]]]:
    """Every axe-core violation (any impact), with the experimental name-mismatch rule on."""
    page.add_script_tag(content=axe_js)
    found = page.evaluate(
        "async (rules) => (await axe.run(document, {rules})).violations", EXTRA_RULES
    )
    return [(v["id"], [n["html"][:100] for n in v["nodes"]]) for v in found]


def seated(browser: Any, app: AppServer, viewport: dict[str, int], **body: Any) -> Table:
    context = browser.new_context(viewport=viewport, has_touch=viewport is PHONE)
    table_id, token = app.create(seed="access", **body)
    table = Table(context.new_page(), app, table_id, token)
    table.open()
    return table


def box(page: Any, selector: str) -> dict[str, float]:
    found: dict[str, float] = page.eval_on_selector(
        selector,
        "e => { const r = e.getBoundingClientRect();"
        " return {x: r.x, y: r.y, w: r.width, h: r.height, bottom: r.bottom}; }",
    )
    return found


def test_the_phone_table_keeps_hand_and_actions_on_screen(browser: Any, app: AppServer) -> None:
    table = seated(browser, app, PHONE, turn_timer=60)
    page = table.page
    state = table.wait_my_turn()
    inject(page, MELDS)
    header = box(page, ".bar")
    assert header["h"] < 48  # one line
    for selector in ("#hint", "#sort-suit", "#sort-rank", '[data-hand="0"]'):
        found = box(page, selector)
        assert found["y"] >= 0 and found["bottom"] <= PHONE["height"], selector
    cards = page.eval_on_selector_all(
        "[data-hand]",
        "cs => cs.map(c => { const r = c.getBoundingClientRect();"
        " return [r.x, r.y, r.width, r.height]; })",
    )
    assert len(cards) == len(state["order"])
    assert all(w >= 44 and h >= 44 for _, _, w, h in cards)
    assert len({round(y) for _, y, _, _ in cards}) <= 2  # one row or two clear rows
    for (x, y, w, _), (x2, y2, _, _) in pairwise(cards):
        assert x2 >= x + w - 1 or y2 > y  # no card hides another
    assert not page.is_visible(".keys")
    assert page.query_selector_all("kbd") == [] or not page.is_visible("kbd")

    # dragging a card to the bottom edge of the melds scrolls them
    melds = box(page, ".melds")
    assert page.eval_on_selector(".melds", "m => m.scrollHeight > m.clientHeight")
    card = box(page, '[data-hand="0"]')
    x0, y0 = card["x"] + 10, card["y"] + card["h"] / 2
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + 5, y0 - 20)
    page.mouse.move(melds["x"] + 40, melds["bottom"] - 8)
    page.wait_for_function("() => document.querySelector('.melds').scrollTop > 0", timeout=TIMEOUT)
    page.mouse.up()
    page.context.close()


def test_a_touch_screen_shows_no_keyboard_legend(browser: Any, app: AppServer) -> None:
    context = browser.new_context(viewport=DESKTOP, has_touch=True)
    table_id, token = app.create(seed="access")
    table = Table(context.new_page(), app, table_id, token)
    table.open()
    assert table.page.query_selector(".keys") is None
    assert not table.page.is_visible("#hint kbd")
    context.close()
    desk = seated(browser, app, DESKTOP)
    assert desk.page.is_visible(".keys")
    desk.page.context.close()


def test_the_keyboard_chooses_the_meld_and_the_end(browser: Any, app: AppServer) -> None:
    table = seated(browser, app, DESKTOP)
    page = table.page
    table.wait_my_turn()
    card = table.state()["order"][0]
    inject(
        page,
        MELDS
        + f" s.game.legal = ['layoff {card} @1 low', 'layoff {card} @1 high', 'layoff {card} @4'];",
    )
    table.select([card])
    page.keyboard.press("l")
    page.wait_for_selector('.meld.chosen.low[data-meld="1"]')
    page.keyboard.press("l")
    page.wait_for_selector('.meld.chosen.high[data-meld="1"]')
    page.keyboard.press("l")
    page.wait_for_selector('.meld.chosen[data-meld="4"]')
    page.keyboard.press("l")
    page.wait_for_selector('.meld.chosen.low[data-meld="1"]')
    page.keyboard.press("l")
    page.keyboard.press("Enter")
    assert page.evaluate("() => window.rami.board.sent") == f"layoff {card} @1 high"
    page.context.close()


def test_axe_finds_nothing_on_table_spectator_phone_and_match_over(
    browser: Any, app: AppServer, axe_js: str
) -> None:
    table = seated(browser, app, DESKTOP, rounds=1, options={"turn_limit": 12}, turn_timer=60)
    page = table.page
    table.wait_my_turn()
    page.reload()  # a fresh page: the skip link is the first stop
    page.wait_for_selector(".board [data-hand]")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "skip-link"
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.id") == "hand"
    page.click("details.settings summary")
    page.click(".host-tools summary")
    inject(page, MELDS)
    assert page.query_selector("h1") is not None
    assert axe_violations(page, axe_js) == []

    spectator = browser.new_context(viewport=DESKTOP).new_page()
    spectator.goto(f"{app.url}/t/{table.table_id}")
    spectator.wait_for_selector(".board")
    assert axe_violations(spectator, axe_js) == []
    spectator.context.close()

    phone = browser.new_context(viewport=PHONE, has_touch=True).new_page()
    phone.goto(f"{app.url}/t/{table.table_id}#seat={table.token}")
    phone.wait_for_selector(".board")
    assert axe_violations(phone, axe_js) == []
    phone.context.close()

    table.play_round()
    page.wait_for_function("() => document.activeElement.id === 'round-over-title'")
    assert "End of round 1" in page.inner_text("#announcer")
    assert "Match over" in page.inner_text("#announcer")
    page.click(".round-over details.fair summary")
    assert axe_violations(page, axe_js) == []
    page.context.close()
