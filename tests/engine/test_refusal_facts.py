"""Engine refusals carry their facts (the card, the meld, the points), and the one catalog
words them with those facts in every language."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine_helpers import refused
from rami.actions import parse_action
from rami.cards import parse_card, parse_cards
from rami.engine import apply, deal
from rami.i18n import LANGUAGES, card_name, card_symbol
from rami.i18n.refusals import refusal_words
from rami.melds import make_meld
from rami.rules import get_rules
from rami.state import Phase, RoundState, TableMeld

RULES = get_rules("rami51")


def position(hand: str, table: tuple[str, ...] = (), opened: bool = True) -> RoundState:
    """Seat 0 to play holding ``hand`` after drawing, with ``table`` laid by seat 1."""
    base = deal(RULES, 2, "refusal-facts")
    melds = tuple(TableMeld(1, make_meld(parse_cards(t), RULES.jokers_per_meld)) for t in table)
    return replace(
        base,
        hands=(tuple(sorted(parse_cards(hand))), base.hands[1]),
        table=melds,
        opened=(opened, True),
        current=0,
        phase=Phase.PLAY,
    )


def test_a_card_that_does_not_continue_a_run_is_refused_with_the_card_and_the_meld() -> None:
    state = position("9H KS QD 2C", ("5H 6H 7H",))
    error = refused(state, "layoff 9H @0", "layoff_does_not_fit")
    assert error.facts == {
        "card": parse_card("9H"),
        "meld": 0,
        "reason": "run_gap",
        "kind": "run",
    }
    assert refusal_words(error.code, error.facts, "en") == (
        "nine of hearts does not fit meld 1: it does not continue the run at either end."
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_misfit_is_worded_with_its_card_in_every_language(lang: str) -> None:
    state = position("KH 5S QD 2C", ("KC KH KS",))
    error = refused(state, "layoff KH @0", "layoff_does_not_fit")
    assert error.facts["reason"] == "set_duplicate_suit"
    said = refusal_words(error.code, error.facts, lang)
    assert card_name(parse_card("KH"), lang) in said and "1" in said
    plain = refusal_words(error.code, {}, lang)
    assert said != plain and card_name(parse_card("KH"), lang) not in plain
    faces = refusal_words(error.code, error.facts, lang, lambda c: card_symbol(c, lang))
    assert card_symbol(parse_card("KH"), lang) in faces


def test_a_card_not_held_names_the_card() -> None:
    state = position("9H KS QD 2C")
    error = refused(state, "discard 5D", "card_not_in_hand")
    assert error.facts == {"cards": (parse_card("5D"),)}
    assert refusal_words(error.code, error.facts, "en") == "You do not hold five of diamonds."
    assert "cinq de carreau" in refusal_words(error.code, error.facts, "fr")


def test_a_small_opening_says_its_points_and_the_threshold() -> None:
    state = position("2C 3C 4C 9D KS", opened=False)
    state = apply(state, parse_action("meld 2C 3C 4C"))
    error = refused(state, "open", "opening_below_threshold")
    assert error.facts == {"points": 9, "needed": RULES.opening_points}
    for lang in LANGUAGES:
        said = refusal_words(error.code, error.facts, lang)
        assert "9" in said and str(RULES.opening_points) in said, lang


def test_two_jokers_say_the_tables_limit() -> None:
    state = position("5H JK JK 9D KS")
    error = refused(state, "meld 5H JK JK", "too_many_jokers")
    assert error.facts == {"count": RULES.jokers_per_meld}
    assert refusal_words(error.code, error.facts, "en") == "Only one joker per meld."
    assert refusal_words(error.code, {"count": 2}, "en") == "Only 2 jokers per meld."


def test_a_wrong_card_for_a_joker_says_what_the_joker_stands_for() -> None:
    state = position("5S 9D KS QD", ("JK 7S 8S",))
    error = refused(state, "swap 5S @0", "swap_not_exact")
    assert error.facts == {
        "card": parse_card("5S"),
        "meld": 0,
        "stands": (parse_card("6S"),),
    }
    assert refusal_words(error.code, error.facts, "en") == (
        "The joker in meld 1 stands for six of spades: swap it for that card."
    )


def test_a_code_the_catalog_does_not_know_keeps_the_engines_words() -> None:
    assert refusal_words("no_such_code", {}, "fr", fallback="engine words") == "engine words"
    assert refusal_words("no_such_code", {}, "en") == "That move is not allowed now."
