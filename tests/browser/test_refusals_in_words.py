"""Issue 19.7: a refused move is explained in the player's language, with its facts (issue 25.5:
the facts the server sends, worded by the one catalog)."""

from __future__ import annotations

from typing import Any

from web_helpers import DESKTOP, AppServer, Table, seed_where, two_jokers

from rami.i18n import card_name
from rami.i18n.refusals import refusal_words
from rami.server.edge.strings import ui_strings
from rami.server.messages.outgoing import wire_facts


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
    assert shown in table.page.inner_text(".staging"), "the staging panel says it the same way"
    table.page.click("#takeback")
    table.wait("b.game.staged.length === 0")
    assert table.state()["notice"] is None
    assert table.page.query_selector(".notice.error") is None
    table.page.context.close()


FACT_CASES: list[tuple[str, dict[str, Any]]] = [
    ("layoff_does_not_fit", {"card": 38, "meld": 1, "reason": "run_gap", "kind": "run"}),
    ("layoff_does_not_fit", {"card": 38, "meld": 0, "reason": "mixed_meld", "kind": "set"}),
    ("layoff_does_not_fit", {"card": 38, "meld": 0, "reason": "run_too_long", "kind": "run"}),
    ("card_not_in_hand", {"cards": (38, 4)}),
    ("swap_not_exact", {"card": 4, "meld": 2, "stands": (5,)}),
    ("not_your_turn", {"seat": 1, "player": "Ana"}),
    ("seat_taken", {"seat": 2}),
    ("too_many_jokers", {"count": 2}),
    ("no_such_meld", {}),
]


def test_the_page_words_refusals_from_their_facts_as_the_catalog_does(
    browser: Any, app: AppServer
) -> None:
    table = seated(browser, app, seed_where(lambda hand: True), lang="pl")
    wire = [(code, wire_facts(facts)) for code, facts in FACT_CASES]  # type: ignore[arg-type]
    shown = table.page.evaluate(
        """async (cases) => {
            const { refusalText } = await import("/static/js/refusals.js");
            return cases.map(([code, facts]) => refusalText(code, "server words", facts));
        }""",
        wire,
    )
    expected = [refusal_words(code, facts, "pl") for code, facts in FACT_CASES]  # type: ignore[arg-type]
    assert shown == expected
    assert card_name(38, "pl") in shown[0] and "2" in shown[0]
    table.page.context.close()
