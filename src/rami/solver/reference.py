"""The reference solver: every set of disjoint melds a hand can lay, tried one by one.

Slow (exponential in the hand) and short on purpose: the fast searches are tested against it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from rami.cards import Card
from rami.melds import Meld, candidate_melds, make_meld, meld_readings
from rami.rules import RuleSet
from rami.scoring import hand_value
from rami.solver.opening import Opening
from rami.solver.partition import Partition

Play = tuple[Meld, ...]


def plays(hand: Sequence[Card], jokers_per_meld: int) -> Iterator[Play]:
    """Every multiset of disjoint melds from ``hand``, the empty one included, each once."""
    melds = candidate_melds(hand, jokers_per_meld)

    def grow(start: int, left: Counter[Card], chosen: Play) -> Iterator[Play]:
        yield chosen
        for i in range(start, len(melds)):
            need = Counter(melds[i])
            if not need - left:
                yield from grow(i, left - need, (*chosen, make_meld(melds[i], jokers_per_meld)))

    return grow(0, Counter(hand), ())


def reference_partition(hand: Sequence[Card], rules: RuleSet) -> Partition:
    """As :func:`rami.solver.best_partition`: least deadwood, then most points, fewest left."""
    found = []
    for melds in plays(hand, rules.jokers_per_meld):
        rest = Counter(hand) - Counter(c for m in melds for c in m.cards)
        left = tuple(sorted(rest.elements()))
        found.append(Partition(melds, left, hand_value(left, rules)))
    return min(found, key=lambda p: (p.deadwood, -p.points, len(p.leftover)))


def reference_opening(
    hand: Sequence[Card],
    rules: RuleSet,
    *,
    must_include: int | None = None,
    keep: int = 0,
    ignore_threshold: bool = False,
) -> Opening | None:
    """As :func:`rami.solver.best_opening`: most points, then fewest jokers, fewest cards."""
    found = []
    for melds in plays(hand, rules.jokers_per_meld):
        if rules.joker_position == "declared":  # each joker stands where it scores most
            melds = tuple(max(meld_readings(m.cards, 2), key=Meld.points) for m in melds)
        cards = [c for m in melds for c in m.cards]
        points = sum(m.points(jokers_count=rules.jokers_count_in_opening) for m in melds)
        clean = any(m.clean for m in melds)
        if (
            melds
            and (clean or not rules.opening_needs_clean_run)
            and (must_include is None or must_include in cards)
            and len(hand) - len(cards) >= keep
            and (ignore_threshold or points >= rules.opening_points)
        ):
            opening = Opening(melds, points, clean, points >= rules.opening_points)
            found.append((points, -sum(m.jokers for m in melds), -len(cards), opening))
    return max(found, key=lambda entry: entry[:3])[3] if found else None
