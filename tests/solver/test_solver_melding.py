"""least_left (melds, then one discard, under opening conditions) against every play of the
reference solver."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rami.cards import JOKER, Card, build_deck, parse_card, parse_cards
from rami.rules import RuleSet, get_rules
from rami.solver import card_penalty
from rami.solver.melding import least_left
from rami.solver.reference import plays

Key = tuple[int, int, int]


def brute(
    hand: tuple[Card, ...],
    rules: RuleSet,
    discard_from: frozenset[Card] | None,
    required: bool,
    min_points: int,
    need_clean: bool,
    need_meld: bool,
) -> Key | None:
    best: Key | None = None
    for melds in plays(hand, rules.jokers_per_meld):
        left = Counter(hand) - Counter(c for m in melds for c in m.cards)
        opening = sum(m.points(rules.jokers_count_in_opening) for m in melds)
        if opening < min_points or (need_clean and not any(m.clean for m in melds)):
            continue
        if need_meld and not melds:
            continue
        ends = [left] if discard_from is None else []
        if discard_from is not None:
            if not left and not required:
                ends.append(left)
            ends += [left - Counter([d]) for d in left if d in discard_from]
        points = sum(m.points() for m in melds)
        for rest in ends:
            penalty = sum(card_penalty(c, rules) * n for c, n in rest.items())
            key = (penalty, rest.total(), -points)
            best = key if best is None or key < best else best
    return best


@pytest.mark.parametrize("seed", range(4))
def test_least_left_matches_exhaustive_search(seed: int) -> None:
    rng = random.Random(seed)
    pool = [c for c in build_deck(2, 4) if c == JOKER or (c % 13 < 6 and c // 13 < 2)]
    for _ in range(150):
        rules = get_rules(rng.choice(["rami51", "rami40"]))
        if rng.random() < 0.3:
            rules = rules.replace(jokers_per_meld=2, jokers_count_in_opening=rng.random() < 0.5)
        hand = tuple(sorted(rng.sample(pool, rng.randint(3, 10))))
        distinct = sorted(set(hand))
        discard_from = None
        if rng.random() > 0.2:
            discard_from = frozenset(rng.sample(distinct, rng.randint(0, len(distinct))))
        required = rng.random() < 0.5
        min_points = rng.choice((0, 0, 20, 40))
        need_clean, need_meld = rng.random() < 0.3, rng.random() < 0.3
        want = brute(hand, rules, discard_from, required, min_points, need_clean, need_meld)
        found = least_left(
            hand,
            rules,
            discard_from=discard_from,
            discard_required=required,
            min_points=min_points,
            need_clean=need_clean,
            need_meld=need_meld,
        )
        if found is None:
            assert want is None, hand
            continue
        laid = Counter(c for m in found.melds for c in m.cards)
        gone = Counter([found.discard] if found.discard is not None else [])
        assert laid + gone + Counter(found.left) == Counter(hand)
        points = sum(m.points() for m in found.melds)
        assert (found.penalty, len(found.left), -points) == want, hand


def test_fourteen_cards_go_out_only_without_a_final_discard() -> None:
    # Two runs of two naturals and two jokers cannot lose a card, nor can the sets of three.
    hand = parse_cards("5H JK JK 8H 2C JK JK 5C KS KH KD 9D 9S 9C")
    rules = get_rules("rami40").replace(jokers_per_meld=2)
    free = least_left(hand, rules, discard_from=set(hand))
    assert free is not None and free.goes_out and free.discard is None
    assert len(free.melds) == 4
    required = least_left(hand, rules, discard_from=set(hand), discard_required=True)
    assert required is not None and not required.goes_out


def test_opening_conditions_and_rami_sec_shape() -> None:
    rules = get_rules("rami51")
    hand = parse_cards("AC AH AS JK 7S 8S 2D")
    assert least_left(hand, rules, discard_from={parse_card("2D")}, need_clean=True) is None
    out = least_left(hand, rules, discard_from=set(hand), need_meld=True)
    assert out is not None and out.goes_out and out.discard == parse_card("2D")
