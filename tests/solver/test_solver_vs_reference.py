"""The fast solver agrees with the exhaustive reference solver on seeded random and dense hands.

Hands of 9-14 cards from 2 or 3 decks with 0-3 jokers; rule variants rotate through every
option the searches read (jokers per meld, jokers in the opening, declared jokers, clean run,
ace and joker penalties); openings are asked with and without a card to include and cards
to keep.
"""

from __future__ import annotations

import random

import pytest
from solver_checks import check_opening, check_partition, opening_key, partition_key
from solver_hands import dense_hand, random_hand

from rami.rules import RuleSet, get_rules
from rami.solver import best_opening, best_partition
from rami.solver.reference import reference_opening, reference_partition

VARIANTS: list[RuleSet] = [
    get_rules("rami51"),
    get_rules("rami40"),
    get_rules("scala40"),
    get_rules("rami51").replace(jokers_per_meld=2),
    get_rules("rami40").replace(jokers_count_in_opening=False),
    get_rules("rami40").replace(joker_position="declared", jokers_per_meld=2),
    get_rules("rami51").replace(ace_in_hand=1, joker_in_hand=50),
]


@pytest.mark.parametrize("seed", range(6))
def test_fast_solver_matches_the_reference(seed: int) -> None:
    rng = random.Random(seed)
    for i in range(150):
        rules = VARIANTS[i % len(VARIANTS)]
        make = dense_hand if i % 3 else random_hand
        hand = make(rng, rng.randint(9, 14), rng.choice((2, 3)), rng.choice((0, 1, 1, 2, 2, 3)))
        found = best_partition(hand, rules)
        check_partition(hand, rules, found)
        assert partition_key(found) == partition_key(reference_partition(hand, rules)), hand
        must = rng.choice(hand) if rng.random() < 0.3 else None
        keep = rng.choice((0, 0, 0, 1, 4))
        threshold = rng.random() < 0.2
        asked = {"must_include": must, "keep": keep, "ignore_threshold": not threshold}
        opening = best_opening(hand, rules, **asked)  # type: ignore[arg-type]
        if opening is not None:
            check_opening(hand, rules, opening, must, keep)
        want = reference_opening(hand, rules, **asked)  # type: ignore[arg-type]
        assert opening_key(opening) == opening_key(want), (hand, rules.name, asked)
