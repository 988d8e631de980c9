"""The page's examples: what the engine says, what RULES.md says, and what the page shows."""

from __future__ import annotations

import pytest

from rami.cards import parse_cards
from rami.errors import InvalidMeldError
from rami.i18n import LANGUAGES
from rami.melds import make_meld
from rami.rules import PRESETS, get_rules
from rami.rulespage import build_page
from rami.rulespage.context import Context
from rami.rulespage.document import plain
from rami.rulespage.examples import (
    JOKER_EXAMPLES,
    OPENING_EXAMPLES,
    RUN_EXAMPLES,
    SET_EXAMPLES,
    judge_meld,
    judge_opening,
    judge_retrieval,
    scoring_cases,
    stock_after_deal,
)
from rami.rulespage.verdicts import meld_verdict

SEED_TABLE = {
    # RULES.md §2: cards -> points (None: rejected)
    "KH KS KD": 30,
    "AC AH AS": 33,
    "7S 7S 7H": None,
    "AH 2H 3H": 6,
    "5C 6C 7C": 18,
    "QH KH AH": 31,
    "KH AH 2H": None,
    "9C 9D 9H JK": 36,
    "JK 7S 8S": 21,
    "JK JK 5H 6H": None,
}
MELD_TABLES = {"sets": SET_EXAMPLES, "runs": RUN_EXAMPLES, "jokers": JOKER_EXAMPLES}


def test_the_ten_seed_examples_are_on_the_page() -> None:
    shown = set(SET_EXAMPLES + RUN_EXAMPLES + JOKER_EXAMPLES)
    assert set(SEED_TABLE) <= shown
    assert len(shown) > len(SEED_TABLE)


@pytest.mark.parametrize(("cards", "points"), SEED_TABLE.items())
def test_seed_examples_match_rules_md(cards: str, points: int | None) -> None:
    assert judge_meld(cards, get_rules("rami51")).points == points


def test_joker_stands_for_the_lower_card() -> None:
    verdict = judge_meld("JK 7S 8S", get_rules("rami51"))
    assert verdict.meld is not None
    assert verdict.meld.joker_cards() == parse_cards("6S")
    assert [m.joker_cards() for m in verdict.other_readings] == [parse_cards("9S")]


def _engine_points(cards: str, preset: str) -> str:
    rules = get_rules(preset)
    try:
        return str(make_meld(parse_cards(cards), rules.jokers_per_meld).points())
    except InvalidMeldError:
        return "—"


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_example_row_shows_the_engines_verdict_and_points(lang: str, preset: str) -> None:
    rules = get_rules(preset)
    page = build_page(rules, lang)
    ctx = Context(rules, lang)
    for name, examples in MELD_TABLES.items():
        table = page.table(name)
        assert table.keys == examples
        for key, row in zip(table.keys, table.rows, strict=True):
            assert plain(row[2]) == _engine_points(key, preset)
            assert plain(row[1]) == meld_verdict(ctx, judge_meld(key, rules))
    opening = page.table("opening")
    for groups, row in zip(OPENING_EXAMPLES, opening.rows, strict=True):
        assert plain(row[1]) == str(judge_opening(groups, rules).points)


@pytest.mark.parametrize(
    ("groups", "points", "in_51", "in_40"),
    [
        (("10S JS QS", "7H 7C 7D"), 51, True, True),
        (("KH KS KD", "5C 6C 7C"), 48, False, True),
        (("AC AH AS", "JK 7S 8S"), 54, False, True),
        (("2H 3H 4H 5H 6H", "QS KS JK"), 50, False, True),
        (("2C 3C 4C", "9H 9D 9S"), 36, False, False),
    ],
)
def test_opening_examples_match_rules_md(
    groups: tuple[str, ...], points: int, in_51: bool, in_40: bool
) -> None:
    assert groups in OPENING_EXAMPLES
    assert judge_opening(groups, get_rules("rami51")).points == points
    assert judge_opening(groups, get_rules("rami51")).valid is in_51
    assert judge_opening(groups, get_rules("rami40")).valid is in_40


@pytest.mark.parametrize(
    ("table", "given", "allowed", "reason"),
    [
        ("9C 9D 9H JK", "9S", True, None),
        ("KH KS JK", "KC", False, "set_needs_three_naturals"),
        ("JK 7S 8S", "9S", False, "card_laid_off_instead"),
        ("JK 7S 8S", "6S", True, None),
    ],
)
def test_retrieval_examples_match_rules_md(
    table: str, given: str, allowed: bool, reason: str | None
) -> None:
    verdict = judge_retrieval(table, given, get_rules("rami51"))
    assert (verdict.result is not None, verdict.reason) == (allowed, reason)


def test_scoring_example_matches_rules_md() -> None:
    cases = {case.key: case.points for case in scoring_cases(get_rules("rami51"))}
    assert cases == {
        "opened": 48,
        "never_opened": 100,
        "opened_rami_sec": 96,
        "never_opened_rami_sec": 200,
    }
    scala = {case.key: case.points for case in scoring_cases(get_rules("scala40"))}
    assert scala["opened"] == 11 + 10 + 7 + 25


def test_scoring_table_on_the_page_shows_the_engines_scores() -> None:
    rules = get_rules("rami40")
    table = build_page(rules, "vi").table("scoring")
    expected = [str(case.points) for case in scoring_cases(rules)]
    assert [plain(row[1]) for row in table.rows] == expected


def test_stock_after_the_deal_matches_rules_md() -> None:
    rules = get_rules("rami51")
    assert [stock_after_deal(rules, n) for n in range(2, 7)] == [81, 68, 55, 94, 81]
    assert stock_after_deal(get_rules("rami51-house"), 2) == 79
    table = build_page(rules, "en").table("deck")
    assert plain(table.rows[0][3]) == "81 cards"
    assert plain(table.rows[0][1]) == "108 cards (2 decks, 4 jokers)"
    assert plain(table.rows[3][2]) == "159 cards (3 decks, 3 jokers)"
