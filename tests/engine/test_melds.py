"""Melds (RULES.md §2 and the worked checks of §6)."""

import itertools
import random

import pytest

from rami.cards import JOKER, card_text, cards_text, parse_cards
from rami.errors import InvalidMeldError
from rami.melds import (
    MeldKind,
    candidate_melds,
    layoff_readings,
    make_meld,
    meld_readings,
    swap_joker,
)

SEED_TABLE = [
    ("KH KS KD", "set", 30, []),
    ("AC AH AS", "set", 33, []),
    ("AH 2H 3H", "run", 6, []),
    ("5C 6C 7C", "run", 18, []),
    ("QH KH AH", "run", 31, []),
    ("9C 9D 9H JK", "set", 36, ["9S"]),
    ("JK 7S 8S", "run", 21, ["6S"]),
]
SEED_REJECTED = [
    ("7S 7S 7H", "set_duplicate_suit"),
    ("KH AH 2H", "run_wraps"),
    ("JK JK 5H 6H", "too_many_jokers"),
]


@pytest.mark.parametrize(("text", "kind", "points", "jokers"), SEED_TABLE)
def test_seed_examples_valid(text: str, kind: str, points: int, jokers: list[str]) -> None:
    meld = make_meld(parse_cards(text))
    assert meld.kind == kind
    assert meld.points() == points
    assert [card_text(c) for c in meld.joker_cards()] == jokers


@pytest.mark.parametrize(("text", "code"), SEED_REJECTED)
def test_seed_examples_rejected(text: str, code: str) -> None:
    with pytest.raises(InvalidMeldError) as info:
        make_meld(parse_cards(text))
    assert info.value.code == code


def test_clean_run_is_a_run_without_joker() -> None:
    assert make_meld(parse_cards("5C 6C 7C")).clean
    assert not make_meld(parse_cards("JK 6C 7C")).clean
    assert not make_meld(parse_cards("KH KS KD")).clean


@pytest.mark.parametrize(
    ("text", "joker", "points"),
    [
        ("2H 3H JK", "AH", 6),
        ("QS KS JK", "JS", 30),
        ("5D JK 7D", "6D", 18),
        ("JK JC QC", "10C", 30),
    ],
)
def test_joker_takes_the_lowest_valued_position(text: str, joker: str, points: int) -> None:
    meld = make_meld(parse_cards(text))
    assert [card_text(c) for c in meld.joker_cards()] == [joker]
    assert meld.points() == points


def test_thirteen_card_run_and_no_fourteenth() -> None:
    clubs = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"
    assert make_meld(parse_cards(clubs)).points() == 85
    with pytest.raises(InvalidMeldError) as info:
        make_meld(parse_cards(clubs + " JK"))
    assert info.value.code == "run_too_long"


def test_thirteen_card_run_with_the_ace_either_way_scores_it_low() -> None:
    readings = meld_readings(parse_cards("2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"))
    assert [(m.rank, m.points()) for m in readings] == [(1, 85), (2, 95)]


def test_cards_in_any_order() -> None:
    for order in itertools.permutations(parse_cards("JK 7S 8S 9S")):
        meld = make_meld(order)
        assert cards_text(meld.cards) == "JK 7S 8S 9S"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("7S 8S", "meld_too_short"),
        ("7S 8H 9S", "mixed_meld"),
        ("7S 9S 10S", "run_gap"),
        ("7S 7S 8S", "run_duplicate_rank"),
        ("7S 7H 7D 7C 7S", "set_duplicate_suit"),
        ("7S JK JK", "too_many_jokers"),
        ("7S 7H 7D 7C JK", "set_too_long"),
    ],
)
def test_invalid_melds_have_stable_codes(text: str, code: str) -> None:
    with pytest.raises(InvalidMeldError) as info:
        make_meld(parse_cards(text))
    assert info.value.code == code


def test_two_jokers_per_meld_option() -> None:
    meld = make_meld(parse_cards("JK JK 5H 6H"), jokers_per_meld=2)
    assert meld.kind is MeldKind.RUN
    assert [card_text(c) for c in meld.joker_cards()] == ["3H", "4H"]
    with pytest.raises(InvalidMeldError, match="2 natural"):
        make_meld(parse_cards("JK JK 5H"), jokers_per_meld=2)


def test_declared_joker_position() -> None:
    readings = meld_readings(parse_cards("JK 7S 8S"))
    assert [card_text(m.joker_cards()[0]) for m in readings] == ["6S", "9S"]
    meld = make_meld(parse_cards("JK 7S 8S"), jokers_as=parse_cards("9S"))
    assert meld.points() == 24
    with pytest.raises(InvalidMeldError):
        make_meld(parse_cards("JK 7S 8S"), jokers_as=parse_cards("5S"))


def test_set_joker_stands_for_a_missing_suit_until_settled() -> None:
    meld = make_meld(parse_cards("9C 9D JK"))
    assert [card_text(c) for c in meld.joker_cards()] == ["9H"]
    grown = layoff_readings(meld, parse_cards("9H")[0])
    assert [card_text(c) for c in grown[0].joker_cards()] == ["9S"]


def test_layoff_at_either_end_of_a_run() -> None:
    run = make_meld(parse_cards("JK 7S 8S"))
    assert cards_text(layoff_readings(run, parse_cards("9S")[0])[0].cards) == "JK 7S 8S 9S"
    assert cards_text(layoff_readings(run, parse_cards("5S")[0])[0].cards) == "5S JK 7S 8S"
    assert layoff_readings(run, parse_cards("6S")[0]) == []
    assert layoff_readings(run, JOKER) == []


def test_ace_lays_off_at_both_ends_of_a_long_run() -> None:
    run = make_meld(parse_cards("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"))
    readings = layoff_readings(run, parse_cards("AS")[0])
    assert sorted(m.rank for m in readings) == [1, 2]


def test_no_fifth_card_on_a_set() -> None:
    full = make_meld(parse_cards("9C 9D 9H 9S"))
    assert layoff_readings(full, parse_cards("9S")[0]) == []


def test_retrieval_from_a_set_needs_three_naturals() -> None:
    four = make_meld(parse_cards("9C 9D 9H JK"))
    swapped = swap_joker(four, parse_cards("9S")[0])
    assert swapped is not None and cards_text(swapped.cards) == "9C 9D 9H 9S"
    three = make_meld(parse_cards("KH KS JK"))
    assert swap_joker(three, parse_cards("KD")[0]) is None


def test_retrieval_from_a_run_needs_the_exact_card() -> None:
    run = make_meld(parse_cards("JK 7S 8S"))
    assert swap_joker(run, parse_cards("9S")[0]) is None
    swapped = swap_joker(run, parse_cards("6S")[0])
    assert swapped is not None and swapped.clean


@pytest.mark.parametrize("jokers_per_meld", [1, 2])
def test_candidate_melds_match_brute_force(jokers_per_meld: int) -> None:
    rng = random.Random(7)
    deck = list(range(52)) * 2 + [JOKER] * 4
    for _ in range(60):
        hand = sorted(rng.sample(deck, 10))
        brute = set()
        for size in range(3, len(hand) + 1):
            for combo in set(itertools.combinations(hand, size)):
                try:
                    meld_readings(combo, jokers_per_meld)
                except InvalidMeldError:
                    continue
                brute.add(combo)
        assert set(candidate_melds(hand, jokers_per_meld)) == brute
