"""Best partition: the disjoint melds that leave the least penalty in hand.

The search of :mod:`rami.solver.search`, where each meld is worth the penalty of its cards
plus its points (scaled below the penalty) plus one per card, so leaving a card costs nothing
and the leftover is whatever no meld takes. Two cases skip the search: a hand that forms no
meld, and a joker-free hand whose melds fall into groups of distinct cards each with one meld
of all its cards that no split beats (see :func:`rami.solver.candidates.wholes`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from rami.cards import JOKER, Card
from rami.melds import Meld
from rami.rules import RuleSet
from rami.scoring import card_penalty
from rami.solver.candidates import Shape, cover_weight, scan, wholes
from rami.solver.layout import JOKER_SHIFT, MOST_POINTS, downward
from rami.solver.search import Option, Search, tables

_PENALTY = 1 << 22
_POINTS = 1 << 8
_WEIGHTS: dict[tuple[int, int], tuple[list[int], list[int], list[int]]] = {}


class Partition(NamedTuple):
    """Melds laid from a hand and the cards left over, with the leftover's penalty (a named
    tuple: the cheapest immutable record to build, and the paths without a search build little
    else)."""

    melds: tuple[Meld, ...]
    leftover: tuple[Card, ...]
    deadwood: int

    @property
    def points(self) -> int:
        """Meld points of the melds (jokers count as the card they stand for)."""
        return sum(meld.points() for meld in self.melds)


def _weights(rules: RuleSet) -> tuple[list[int], list[int], list[int]]:
    """(penalty, the most a card can be worth in a meld) of each card code (joker last), and
    the latter by place in the layouts that run each suit down from its ace."""
    key = (rules.ace_in_hand, rules.joker_in_hand)
    found = _WEIGHTS.get(key)
    if found is None:
        penalties = [card_penalty(c, rules) for c in range(53)]
        most = [p * _PENALTY + 1 + m * _POINTS for p, m in zip(penalties, MOST_POINTS, strict=True)]
        found = _WEIGHTS[key] = (penalties, most, downward(most))
    return found


def _partition(hand: Sequence[Card], melds: list[Meld], penalties: list[int]) -> Partition:
    """The partition laying ``melds`` from ``hand``."""
    leftover = sorted(hand)
    remove = leftover.remove
    for meld in melds:
        for card in meld.cards:
            remove(card)
    return Partition(tuple(melds), tuple(leftover), sum(map(penalties.__getitem__, leftover)))


def best_partition(hand: Sequence[Card], rules: RuleSet) -> Partition:
    """The partition of ``hand`` with the least deadwood; ties: most meld points, fewest cards.

    Exact for any hand, twins and jokers included (``rules.jokers_per_meld`` per meld).
    """
    state, groups, layout = scan(hand, rules.jokers_per_meld)
    penalties, most, most_down = _weights(rules)
    if not groups:
        return Partition((), tuple(sorted(hand)), sum(map(penalties.__getitem__, hand)))
    if not state >> JOKER_SHIFT:
        whole = wholes(state, groups)
        if whole is not None:
            return _partition(hand, [shape.meld for shape in whole], penalties)

    def option(shape: Shape) -> Option:
        value = sum(penalties[c] * _PENALTY + 1 for c in shape.cards) + shape.points * _POINTS
        return (
            shape.vector,
            value,
            sum(most[c] for c in shape.cards),
            shape.jokers,
            0,
            shape.meld,
            shape.size,
        )

    # option tables are cached with the group; opening tables use negative keys
    table, starts, covered, _ = tables(groups, penalties[0] << 8 | penalties[JOKER], option)
    search = Search(table, starts, most_down if layout.down else most, 0, 0)
    found = search.best(state, cover_weight(hand, state, covered, layout, most))
    return _partition(hand, [option[5] for option in found or ()], penalties)
