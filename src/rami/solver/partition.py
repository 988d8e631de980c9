"""Best partition: the disjoint melds that leave the least penalty in hand.

A memoised search over the packed hand (see :mod:`rami.solver.encode`). At each state the
lowest natural card left either goes to the leftover (every copy of it at once) or is melded
with one of the candidate melds whose lowest card it is; no other choice exists, since every
smaller card is already decided. Scores are single integers ordered like the objective
(penalty, then meld points, then cards left), so comparing them is one integer comparison.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rami.cards import JOKER, Card
from rami.melds import Meld
from rami.rules import RuleSet
from rami.solver.encode import HandIndex, built_meld, card_penalty

_PENALTY = 1 << 22
_POINTS = 1 << 8


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


def best_partition(hand: Sequence[Card], rules: RuleSet) -> Partition:
    """The partition of ``hand`` with the least deadwood; ties: most meld points, fewest cards.

    Exact for any hand size, twins and jokers (``rules.jokers_per_meld`` per meld).
    """
    jpm = rules.jokers_per_meld
    index = HandIndex(hand, jpm)
    w, guards = index.width, index.guards
    mask = (1 << (w - 1)) - 1
    drop_unit = [card_penalty(c, rules) * _PENALTY + 1 for c in index.cards]
    options = [
        [(cand.vector, -built_meld(cand.cards, jpm).points() * _POINTS) for cand in low_melds]
        for low_melds in index.by_low
    ]
    joker_field = index.joker_field
    joker_shift = w * joker_field if joker_field >= 0 else w * len(index.cards)
    joker_unit = drop_unit[joker_field] if joker_field >= 0 else 0
    naturals = (1 << joker_shift) - 1
    memo: dict[int, int] = {}

    def solve(state: int) -> int:
        if not state & naturals:
            return (state >> joker_shift) * joker_unit
        found = memo.get(state)
        if found is not None:
            return found
        field = ((state & -state).bit_length() - 1) // w
        count = (state >> (w * field)) & mask
        best = count * drop_unit[field] + solve(state - (count << (w * field)))
        for vector, value in options[field]:
            if ((state | guards) - vector) & guards == guards:
                score = value + solve(state - vector)
                if score < best:
                    best = score
        memo[state] = best
        return best

    solve(index.start)
    melds: list[Meld] = []
    leftover: list[Card] = []
    state = index.start
    while state & naturals:
        target = solve(state)
        field = ((state & -state).bit_length() - 1) // w
        count = (state >> (w * field)) & mask
        rest = state - (count << (w * field))
        if count * drop_unit[field] + solve(rest) == target:
            leftover.extend([index.cards[field]] * count)
            state = rest
            continue
        for cand, (vector, value) in zip(index.by_low[field], options[field], strict=True):
            if ((state | guards) - vector) & guards == guards and value + solve(
                state - vector
            ) == target:
                melds.append(built_meld(cand.cards, jpm))
                state -= vector
                break
    leftover.extend([JOKER] * (state >> joker_shift))
    deadwood = sum(card_penalty(c, rules) for c in leftover)
    return Partition(tuple(melds), tuple(sorted(leftover)), deadwood)
