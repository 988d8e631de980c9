"""Issue 30.6: cards a player can read. Large cards, high contrast, a four-colour deck and a
left-handed layout, chosen in the header's display panel, kept on the device for a guest and
with the account once logged in, axe-core clean in each at desktop and phone width."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest
from colour_vision import SIMULATIONS, contrast, distance, parse_rgb
from pages_helpers import PagesServer, log_in, new_page, pages_server, seed_results
from web_helpers import CHROMIUM, DESKTOP, PHONE, TIMEOUT, Table, inject

BAD = ("serious", "critical")
THEMES = {
    "standard": {},
    "large cards": {"card_size": "large"},
    "high contrast": {"theme": "high-contrast"},
    "four-colour deck": {"deck": "four-colour"},
    "left-handed": {"hand": "left"},
}
CLASSES = {
    "card_size": "large-cards",
    "theme": "high-contrast",
    "deck": "four-colour",
    "hand": "left-handed",
}
ALL_FOUR = {"card_size": "large", "theme": "high-contrast", "deck": "four-colour", "hand": "left"}
MELDS = (
    "s.game.table = [{owner: 1, kind: 'set', cards: ['7C', '7D', '7H', '7S'],"
    " represents: ['7C', '7D', '7H', '7S'], points: 28}];"
    " s.game.opened = s.game.opened.map(() => true);"
)
CORNER = ".melds [data-meld='0'] .ink-{suit} text"


@pytest.fixture(scope="module")
def served() -> Iterator[PagesServer]:
    if not CHROMIUM.exists():
        pytest.skip("needs /usr/bin/chromium")
    with pages_server() as server:
        seed_results(server)
        yield server


def axe_problems(page: Any, axe_js: str, enhanced: bool) -> list[tuple[str, str, list[str]]]:
    """Serious and critical axe-core violations; ``enhanced``: AAA contrast (7:1) as well."""
    page.add_script_tag(content=axe_js)
    options = "{rules: {'color-contrast-enhanced': {enabled: true}}}" if enhanced else "{}"
    found = page.evaluate(f"async () => (await axe.run(document, {options})).violations")
    return [
        (v["id"], v["impact"], [n["html"][:120] for n in v["nodes"]])
        for v in found
        if v["impact"] in BAD or v["id"] == "color-contrast-enhanced"
    ]


def choose(page: Any, prefs: dict[str, str]) -> None:
    """Tick the panel's boxes for ``prefs`` (the others unticked), then close the panel."""
    page.click("#display summary")
    for name in CLASSES:
        box = f"#display-{name}"
        if (name in prefs) != page.is_checked(box):
            page.click(box)
            page.wait_for_function(
                "() => document.getElementById('display-status').textContent !== ''"
            )
    page.click("#display summary")


def body_classes(page: Any) -> set[str]:
    return set(page.evaluate("[...document.body.classList]")) & set(CLASSES.values())


def seated_table(
    browser: Any, served: PagesServer, viewport: dict[str, int], prefs: dict[str, str]
) -> Table:
    context = browser.new_context(viewport=viewport, has_touch=viewport is PHONE)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    table_id, token = served.create_table("Ana", bots=["random"])
    page.goto(served.url + "/")
    choose(page, prefs)
    table = Table(page, served, table_id, token)
    table.open()
    inject(page, MELDS)
    page.wait_for_selector(".melds [data-meld='0']")
    return table


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("theme", list(THEMES))
def test_each_display_passes_axe_on_the_lobby_and_at_a_table(
    browser: Any, served: PagesServer, axe_js: str, theme: str, viewport: dict[str, int]
) -> None:
    prefs = THEMES[theme]
    enhanced = prefs.get("theme") == "high-contrast"
    table = seated_table(browser, served, viewport, prefs)
    page = table.page
    assert body_classes(page) == {CLASSES[name] for name in prefs}
    assert axe_problems(page, axe_js, enhanced) == []
    page.click("#display summary")
    page.wait_for_selector(".display-panel", state="visible")
    assert axe_problems(page, axe_js, enhanced) == []
    page.goto(served.url + "/")
    page.wait_for_selector("#create")
    assert body_classes(page) == {CLASSES[name] for name in prefs}
    assert axe_problems(page, axe_js, enhanced) == []
    for path, ready in (("/leaderboard", "#players"), ("/players/ana", "#games")):
        page.goto(served.url + path)
        page.wait_for_selector(ready)
        assert axe_problems(page, axe_js, enhanced) == []
    page.context.close()


def corner_colours(page: Any) -> dict[str, tuple[int, int, int]]:
    """The colour of each suit's corner letter in the meld of four sevens (clubs first)."""
    return {
        suit: parse_rgb(
            page.eval_on_selector(CORNER.format(suit=suit), "e => getComputedStyle(e).fill")
        )
        for suit in "CDHS"
    }


@pytest.mark.parametrize(
    "theme", [{}, {"theme": "high-contrast"}], ids=["standard", "high contrast"]
)
def test_the_four_colour_deck_tells_every_suit_apart_to_every_eye(
    browser: Any, served: PagesServer, theme: dict[str, str]
) -> None:
    table = seated_table(browser, served, DESKTOP, theme)
    two = corner_colours(table.page)
    assert two["C"] == two["S"] and two["D"] == two["H"]  # the usual deck: two colours
    choose(table.page, {**theme, "deck": "four-colour"})
    four = corner_colours(table.page)
    white = (255, 255, 255)
    least = 4.5 if not theme else 6.5
    for suit, colour in four.items():
        assert contrast(colour, white) >= least, (suit, colour)
    for vision in SIMULATIONS:
        for first, second in itertools.combinations("CDHS", 2):
            apart = distance(four[first], four[second], vision)
            assert apart >= 15, (vision, first, second, apart)
    table.page.context.close()


def centre_x(page: Any, selector: str) -> float:
    box = page.eval_on_selector(
        selector, "e => { const r = e.getBoundingClientRect(); return r.left + r.width / 2; }"
    )
    return float(box)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_left_handed_layout_mirrors_the_board(
    browser: Any, served: PagesServer, viewport: dict[str, int]
) -> None:
    table = seated_table(browser, served, viewport, {})
    page = table.page
    right = {
        s: centre_x(page, s)
        for s in ("#stock", ".round-info", "#draw-stock", "#hint", ".side", ".melds")
    }
    choose(page, {"hand": "left"})
    left = {s: centre_x(page, s) for s in right}
    assert right["#stock"] < right[".round-info"] and left["#stock"] > left[".round-info"]
    assert right["#draw-stock"] < right["#hint"] and left["#draw-stock"] > left["#hint"]
    if viewport is DESKTOP:
        assert right[".side"] > right[".melds"] and left[".side"] < left[".melds"]
    order = table.state()["order"]
    choose(page, {})
    assert table.state()["order"] == order  # the hand keeps its order
    page.context.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_large_cards_are_larger(
    browser: Any, served: PagesServer, viewport: dict[str, int]
) -> None:
    table = seated_table(browser, served, viewport, {})
    size = "e => e.getBoundingClientRect().width"
    small = table.page.eval_on_selector('[data-hand="0"]', size)
    choose(table.page, {"card_size": "large"})
    large = table.page.eval_on_selector('[data-hand="0"]', size)
    assert large >= small * 1.15
    table.page.context.close()


def test_a_guest_keeps_the_display_on_the_device(browser: Any, served: PagesServer) -> None:
    page = new_page(browser, served)
    choose(page, ALL_FOUR)
    assert page.text_content("#display-status") == "Kept on this device."
    page.reload()
    page.wait_for_selector("#create")
    assert body_classes(page) == set(CLASSES.values())
    page.goto(served.url + "/account")
    page.wait_for_selector("#signup")
    assert body_classes(page) == set(CLASSES.values())
    page.click("#display summary")
    assert all(page.is_checked(f"#display-{name}") for name in CLASSES)
    assert page.errors == []
    page.context.close()


def test_the_account_keeps_the_display_for_its_other_devices(
    browser: Any, served: PagesServer
) -> None:
    served.account("cleo")
    phone = new_page(browser, served)
    log_in(phone, served, "cleo")
    choose(phone, {"theme": "high-contrast", "hand": "left"})
    assert phone.text_content("#display-status") == "Kept with your account."
    laptop = new_page(browser, served)
    assert body_classes(laptop) == set()
    log_in(laptop, served, "cleo")
    laptop.goto(served.url + "/")
    laptop.wait_for_function("() => document.body.classList.contains('left-handed')")
    assert body_classes(laptop) == {"high-contrast", "left-handed"}
    # a refusal from the server is shown in words and the page is unchanged on the server
    laptop.click("#display summary")
    laptop.evaluate("document.cookie = 'rami_csrf=forged; path=/'")
    laptop.click("#display-deck")
    laptop.wait_for_selector("#display-status.error")
    assert "reload" in (laptop.text_content("#display-status") or "").lower()
    stored = served.store.preferences(served.store.account_named("cleo").id)  # type: ignore[union-attr]
    assert stored.deck == "two-colour" and stored.theme == "high-contrast"
    for page in (phone, laptop):
        assert page.errors == []
        page.context.close()
