"""The solver agrees with an independent ILP (HiGHS) on a seeded suite of 2,000 hands.

Hands have 13, 14 or 15 cards from 2 or 3 decks with 0-4 jokers, two in three drawn from few
suits and ranks so that melds overlap. Rule variants rotate so every option the solver reads
(jokers per meld, how jokers count in an opening, clean run, ace and joker penalties) is hit.
"""

from __future__ import annotations

import random

import pytest
from solver_checks import (
    check_opening,
    check_partition,
    opening_key,
    partition_key,
)
from solver_hands import suite
from solver_oracle import ilp_opening, ilp_partition

from rami.rules import RuleSet, get_rules
from rami.solver import best_opening, best_partition

VARIANTS: list[RuleSet] = [
    get_rules("rami51"),
    get_rules("rami40"),
    get_rules("scala40"),
    get_rules("rami51").replace(jokers_per_meld=2),
    get_rules("rami40").replace(jokers_count_in_opening=False),
    get_rules("rami51").replace(ace_in_hand=1, joker_in_hand=50),
    get_rules("rami40").replace(jokers_per_meld=2, jokers_count_in_opening=False),
]
CHUNKS = 8
PER_CHUNK = 250


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_partition_and_opening_match_the_ilp(chunk: int) -> None:
    rng = random.Random(1000 + chunk)
    for i, (hand, _decks) in enumerate(suite(chunk, PER_CHUNK)):
        rules = VARIANTS[(chunk * PER_CHUNK + i) % len(VARIANTS)]
        found = best_partition(hand, rules)
        check_partition(hand, rules, found)
        assert partition_key(found) == ilp_partition(hand, rules), (hand, rules.name)

        must = rng.choice(hand) if rng.random() < 0.3 else None
        keep = rng.choice((0, 0, 0, 1, 4))
        opening = best_opening(hand, rules, must_include=must, keep=keep, ignore_threshold=True)
        if opening is not None:
            check_opening(hand, rules, opening, must, keep)
        assert opening_key(opening) == ilp_opening(hand, rules, must, keep), (hand, must, keep)


def test_suite_covers_what_the_issue_asks() -> None:
    hands = [hand for chunk in range(CHUNKS) for hand, _ in suite(chunk, PER_CHUNK)]
    assert len(hands) >= 2000
    assert {len(h) for h in hands} == {13, 14, 15}
    assert {h.count(52) for h in hands} == {0, 1, 2, 3, 4}
    assert any(max(h.count(c) for c in set(h) - {52}) == 3 for h in hands)
