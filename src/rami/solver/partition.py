"""Best partition: the disjoint melds that leave the least penalty in hand.

A memoised search over the packed hand (see :mod:`rami.solver.candidates`). At each state the
lowest natural card left either goes to the leftover (every copy at once) or is melded in one
of the candidate melds whose lowest card it is; nothing else can happen to it, since every
smaller card is already decided. Cards no candidate uses are left over before the search.
Scores are single integers ordered like the objective (penalty, then meld points, then cards
left), so comparing two plays is one integer comparison.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rami.cards import JOKER, Card
from rami.melds import Meld
from rami.rules import RuleSet
from rami.solver.candidates import (
    BITS,
    COUNT,
    GUARDS,
    JOKER_COUNT,
    JOKER_SHIFT,
    NATURALS,
    pack,
    shapes,
    unpack,
)
from rami.solver.values import built_meld, card_penalty

_PENALTY = 1 << 22
_POINTS = 1 << 8
_UNITS: dict[tuple[int, int], list[int]] = {}


@dataclass(frozen=True, slots=True)
class Partition:
    """Melds laid from a hand and the cards left over, with the leftover's penalty."""

    melds: tuple[Meld, ...]
    leftover: tuple[Card, ...]
    deadwood: int

    @property
    def points(self) -> int:
        """Meld points of the melds (jokers count as the card they stand for)."""
        return sum(meld.points() for meld in self.melds)


def _units(rules: RuleSet) -> list[int]:
    """Score of leaving one copy of each card code (joker last) in hand."""
    key = (rules.ace_in_hand, rules.joker_in_hand)
    units = _UNITS.get(key)
    if units is None:
        units = _UNITS[key] = [card_penalty(c, rules) * _PENALTY + 1 for c in range(53)]
    return units


def best_partition(hand: Sequence[Card], rules: RuleSet) -> Partition:
    """The partition of ``hand`` with the least deadwood; ties: most meld points, fewest cards.

    Exact for any hand, twins and jokers included (``rules.jokers_per_meld`` per meld).
    """
    jpm = rules.jokers_per_meld
    state = pack(hand)
    by_low: dict[int, list[tuple[int, int, tuple[Card, ...]]]] = {}
    live = 0
    for shape in shapes(hand, jpm):
        live |= shape.vector
        by_low.setdefault(shape.low, []).append(
            (shape.vector, -shape.points * _POINTS, shape.cards)
        )
    live = (live & NATURALS) * COUNT | (JOKER_COUNT << JOKER_SHIFT)
    leftover = list(unpack(state & ~live))
    if not by_low:
        return Partition((), tuple(sorted(hand)), sum(card_penalty(c, rules) for c in hand))
    units = _units(rules)
    joker_unit = units[JOKER]
    memo: dict[int, int] = {}

    def solve(state: int) -> int:
        if not state & NATURALS:
            return (state >> JOKER_SHIFT) * joker_unit
        found = memo.get(state)
        if found is not None:
            return found
        card = ((state & -state).bit_length() - 1) // BITS
        count = (state >> (BITS * card)) & COUNT
        best = count * units[card] + solve(state - (count << (BITS * card)))
        for vector, value, _ in by_low.get(card, ()):
            if ((state | GUARDS) - vector) & GUARDS == GUARDS:
                score = value + solve(state - vector)
                if score < best:
                    best = score
        memo[state] = best
        return best

    state &= live
    melds: list[Meld] = []
    while state & NATURALS:
        target = solve(state)
        card = ((state & -state).bit_length() - 1) // BITS
        count = (state >> (BITS * card)) & COUNT
        rest = state - (count << (BITS * card))
        if count * units[card] + solve(rest) == target:
            leftover.extend([card] * count)
            state = rest
            continue
        for vector, value, cards in by_low[card]:
            fits = ((state | GUARDS) - vector) & GUARDS == GUARDS
            if fits and value + solve(state - vector) == target:
                melds.append(built_meld(cards, jpm))
                state -= vector
                break
    leftover.extend([JOKER] * (state >> JOKER_SHIFT))
    leftover.sort()
    deadwood = sum(card_penalty(c, rules) for c in leftover)
    return Partition(tuple(melds), tuple(leftover), deadwood)
