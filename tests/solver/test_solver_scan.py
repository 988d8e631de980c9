"""The packed scan the searches read gives exactly the melds of ``candidate_melds``."""

from __future__ import annotations

import random

import pytest
from solver_hands import dense_hand, random_hand

from rami.cards import JOKER, parse_cards
from rami.melds import candidate_melds
from rami.rules import get_rules
from rami.solver import best_opening, best_partition
from rami.solver.candidates import cover_weight, pack, scan
from rami.solver.layout import NATURAL


@pytest.mark.parametrize("jokers_per_meld", [1, 2])
def test_scan_groups_hold_the_same_melds_as_candidate_melds(jokers_per_meld: int) -> None:
    rng = random.Random(77)
    for i in range(3000):
        make = dense_hand if i % 2 else random_hand
        hand = make(rng, rng.choice((13, 14, 15)), rng.choice((2, 3)), rng.randint(0, 4))
        state, groups, layout = scan(hand, jokers_per_meld)
        assert state == sum(layout.bits[card] for card in hand)
        if JOKER not in hand:
            assert state == pack(hand) and layout is NATURAL
        found = sorted(s.cards for g in groups for _, melds in g.by_low for s in melds)
        assert found == candidate_melds(hand, jokers_per_meld)
        assert all(g.cover for g in groups)


def test_cover_weight_counts_each_covered_card_and_no_other() -> None:
    rng = random.Random(78)
    weights = [rng.randint(1, 1000) for _ in range(53)]
    seen = {True: 0, False: 0}
    for i in range(2000):
        make = dense_hand if i % 2 else random_hand
        hand = make(rng, 14, 2, rng.randint(0, 2))
        state, groups, layout = scan(hand, 1)
        covered = 0
        for group in groups:
            covered |= group.cover
        melded = {c for g in groups for _, melds in g.by_low for s in melds for c in s.cards}
        expected = sum(weights[card] for card in hand if card in melded)
        assert cover_weight(hand, state, covered, layout, weights) == expected
        seen[set(hand) <= melded] += 1
    assert seen[True] and seen[False]  # both the all-covered path and the other


def test_with_jokers_the_suits_offering_fewer_runs_are_packed_first() -> None:
    # hearts offer runs from six cards in a row, spades from three, clubs none, diamonds a set
    hand = parse_cards("3H 4H 5H 6H 7H 8H 9S 10S JS 7C 7D 7S JK")
    _, groups, layout = scan(hand, 1)
    place = [layout.shifts[parse_cards(text)[0]] for text in ("2C", "2D", "2S", "2H")]
    assert place == sorted(place)
    # each suit from its ace down: the cards worth most are decided first
    hearts = [layout.place(card) for card in parse_cards("AH KH QH 10H 2H")]
    assert hearts == sorted(hearts) and hearts[-1] - hearts[0] == 12
    # every meld keeps its own cards; only where they sit in the packed state moved
    found = sorted(s.cards for g in groups for _, melds in g.by_low for s in melds)
    assert found == candidate_melds(hand, 1)


def test_search_ignores_dead_cards_and_joker_only_starts() -> None:
    rules = get_rules("rami51")
    # three 2s, a 3-4-5 with the joker, and a 9 and a king of another suit no meld can take
    hand = (1, 2, 3, 4, 21, 25, 14, 27, JOKER)
    found = best_partition(hand, rules)
    assert sorted(c for m in found.melds for c in m.cards) == [1, 2, 3, 4, 14, 27, JOKER]
    assert found.leftover == (21, 25)
    opening = best_opening(hand, rules, ignore_threshold=True)
    assert opening is not None and opening.clean_run
    assert best_opening(hand, rules, must_include=21, ignore_threshold=True) is None
