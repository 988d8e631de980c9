"""Best partition: the disjoint melds that leave the least penalty in hand.

A memoised search over the packed hand (see :mod:`rami.solver.candidates`) that maximises what
the melds save: each meld saves the penalty of its cards plus its points (scaled below the
penalty), so leaving a card costs nothing and the leftover is whatever no meld takes. At each
state the lowest card that starts some candidate meld either stays (every copy at once) or is
melded in one of the melds whose lowest card it is; nothing else can happen to it, since every
smaller card is decided. Cards below it can no longer be melded, so they are cleared from the
state when it is solved (states differing only there share one entry).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rami.cards import JOKER, Card
from rami.melds import Meld
from rami.rules import RuleSet
from rami.scoring import card_penalty
from rami.solver.candidates import BIT, BITS, COUNT, GUARDS, JOKER_SHIFT, Group, scan, unpack
from rami.solver.values import built_meld

_PENALTY = 1 << 22
_POINTS = 1 << 8
_CLEAR = [~(((1 << (BITS * c)) - 1) & ~GUARDS) for c in range(53)]
"""Per card: a mask clearing the counts of every smaller card (guard bits kept)."""
_DROP = [~(COUNT << (BITS * c)) for c in range(53)]
"""Per card: a mask clearing its count."""
_PENALTIES: dict[tuple[int, int], list[int]] = {}
Options = tuple[tuple[int, int], ...]
"""(meld vector, what the meld saves) of the candidate melds with one lowest card."""
Table = tuple[tuple[int, tuple[Options, ...], tuple[int, ...]], ...]
"""A group's options: (lowest card, its options by most jokers held, start masks likewise)."""
_LEVEL = [0] * 16 + [0, 1] + [2] * 14
"""Options list to read, by the joker field of a state (its guard bit set: 16 + jokers)."""


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


def _penalties(rules: RuleSet) -> list[int]:
    """Penalty of each card code (joker last) under ``rules``."""
    key = (rules.ace_in_hand, rules.joker_in_hand)
    found = _PENALTIES.get(key)
    if found is None:
        found = _PENALTIES[key] = [card_penalty(c, rules) for c in range(53)]
    return found


def _options(group: Group, penalties: list[int]) -> Table:
    """The group's melds as search options under the given card penalties (cached): per
    lowest card, the options holding at most 0, 1 and 2 jokers, and for each of the three the
    card's count mask if there are any such options (else 0)."""
    key = ("partition", penalties[0], penalties[JOKER])
    found = group.derived.get(key)
    if found is None:
        table = []
        for low, shapes in group.by_low:
            options = [
                (
                    shape.jokers,
                    shape.vector,
                    sum(penalties[c] * _PENALTY + 1 for c in shape.cards) + shape.points * _POINTS,
                )
                for shape in shapes
            ]
            by_jokers = tuple(
                tuple((vector, saving) for jokers, vector, saving in options if jokers <= most)
                for most in range(3)
            )
            start = COUNT << (BITS * low)
            table.append((low, by_jokers, tuple(start if o else 0 for o in by_jokers)))
        found = group.derived[key] = tuple(table)
    return found  # type: ignore[return-value]


def best_partition(hand: Sequence[Card], rules: RuleSet) -> Partition:
    """The partition of ``hand`` with the least deadwood; ties: most meld points, fewest cards.

    Exact for any hand, twins and jokers included (``rules.jokers_per_meld`` per meld).
    """
    jpm = rules.jokers_per_meld
    state, groups = scan(hand, jpm)
    penalties = _penalties(rules)
    if not groups:
        return Partition((), tuple(sorted(hand)), sum(map(penalties.__getitem__, hand)))
    table: list[tuple[Options, ...]] = [((), (), ())] * 52
    levels = [0, 0, 0]
    for group in groups:
        for low, by_jokers, masks in _options(group, penalties):
            if levels[2] & masks[2]:
                table[low] = tuple(a + b for a, b in zip(table[low], by_jokers, strict=True))
            else:
                table[low] = by_jokers
            for most, mask in enumerate(masks):
                levels[most] |= mask
    # the cards that start a meld the jokers held allow, by joker field
    starts = [levels[level] for level in _LEVEL]
    memo: dict[int, int] = {}

    def solve(state: int) -> int:
        """The most the melds of ``state`` can save (memoised under ``state`` and under
        ``state`` without its dead cards)."""
        level = state >> JOKER_SHIFT
        left = state & starts[level]
        if not left:
            memo[state] = 0
            return 0
        card = ((left & -left).bit_length() - 1) >> 2
        key = state & _CLEAR[card]
        if key != state:
            found = memo.get(key)
            if found is not None:
                memo[state] = found
                return found
        drop = _DROP[card]
        rest = key & drop
        found = memo.get(rest)
        best = solve(rest) if found is None else found
        for vector, saving in table[card][_LEVEL[level]]:
            after = key - vector
            if after & GUARDS == GUARDS:
                found = memo.get(after)
                saving += solve(after) if found is None else found
                if saving > best:
                    best = saving
        memo[state] = memo[key] = best
        return best

    def normal(state: int) -> tuple[int, int, int]:
        """(state without its dead cards, its lowest start card, the most it can save)."""
        left = state & starts[state >> JOKER_SHIFT]
        if not left:
            return 0, 0, 0
        low = ((left & -left).bit_length() - 1) >> 2
        state &= _CLEAR[low]
        found = memo.get(state)
        return state, low, solve(state) if found is None else found

    melds: list[Meld] = []
    used = 0
    state, card, target = normal(state | GUARDS)
    while target:
        rest, low, saved = normal(state & _DROP[card])
        if saved == target:
            state, card = rest, low
            continue
        for vector, saving in table[card][2]:
            after = state - vector
            if after & GUARDS == GUARDS:
                rest, low, saved = normal(after)
                if saving + saved == target:
                    melds.append(built_meld(unpack(vector), jpm))
                    used += vector
                    state, card, target = rest, low, saved
                    break
    if not melds:
        return Partition((), tuple(sorted(hand)), sum(map(penalties.__getitem__, hand)))
    leftover: list[Card] = []
    for card in sorted(hand):
        if used >> (BITS * card) & COUNT:
            used -= BIT[card]
        else:
            leftover.append(card)
    return Partition(tuple(melds), tuple(leftover), sum(map(penalties.__getitem__, leftover)))
