"""The searches' shortcuts (no meld at all, whole groups taken without a search) stay exact.

Joker-free hands with many twins and long runs are where taking each group's whole meld is
most tempting and most often wrong; the ILP checks every answer.
"""

from __future__ import annotations

import random

import pytest
from solver_checks import check_opening, check_partition, opening_key, partition_key
from solver_oracle import ilp_opening, ilp_partition

from rami.cards import Card, make_card, parse_cards
from rami.rules import get_rules
from rami.solver import best_opening, best_partition
from rami.solver.candidates import scan, wholes

R51 = get_rules("rami51")
R40 = get_rules("rami40")


def _twinned_hand(rng: random.Random) -> tuple[Card, ...]:
    """9-14 natural cards from one or two suits and a short window of ranks, 2-3 decks."""
    suits = rng.sample(range(4), rng.choice((1, 1, 2)))
    low = rng.randint(1, 9)
    ranks = [r if r <= 13 else 1 for r in range(low, low + rng.randint(4, 6))]
    pool = [make_card(r, s) for _ in range(rng.choice((2, 3))) for s in suits for r in ranks]
    return tuple(sorted(rng.sample(pool, min(len(pool), rng.randint(9, 14)))))


@pytest.mark.parametrize("seed", range(4))
def test_whole_groups_and_twins_match_the_ilp(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(150):
        hand = _twinned_hand(rng)
        for rules in (R51, R40):
            found = best_partition(hand, rules)
            check_partition(hand, rules, found)
            assert partition_key(found) == ilp_partition(hand, rules), hand
            opening = best_opening(hand, rules, ignore_threshold=True)
            if opening is not None:
                check_opening(hand, rules, opening)
            assert opening_key(opening) == ilp_opening(hand, rules), hand


def test_a_twin_between_two_runs_splits_the_whole_run() -> None:
    for text in ("7S 8S 9S 9S 10S JS", "5C 6C 6C 7C 7C 8C", "5H 5H 6H 6H 7H 7H"):
        hand = parse_cards(text)
        state, groups, _ = scan(hand, R51.jokers_per_meld)
        assert wholes(state, groups) is None
        assert best_partition(hand, R51).deadwood == 0


def test_a_twin_that_cannot_split_leaves_the_whole_run() -> None:
    hand = parse_cards("8C 9C 9C 10C 2D")
    state, groups, _ = scan(hand, R51.jokers_per_meld)
    found = wholes(state, groups)
    assert found is not None and [shape.cards for shape in found] == [parse_cards("8C 9C 10C")]
    assert best_partition(hand, R51).leftover == tuple(sorted(parse_cards("2D 9C")))


@pytest.mark.parametrize(
    "text",
    [
        # only the ace of hearts starts a clean run
        "2C 4C 5C 5C AH AH 2H 3H 5H JK JK",
        # the best opening free of conditions lays no clean run; the clean runs start at two
        # cards
        "3C 4C 5C 6C AH AH 4H 6H JK JK",
    ],
)
def test_an_opening_that_must_lay_a_clean_run_matches_the_ilp(text: str) -> None:
    hand = parse_cards(text)
    found = best_opening(hand, R51, ignore_threshold=True)
    assert found is not None and found.clean_run
    check_opening(hand, R51, found)
    assert opening_key(found) == ilp_opening(hand, R51)
