"""Best partition: the disjoint melds that leave the least penalty in hand.

A memoised branch and bound over the packed hand (see :mod:`rami.solver.candidates`; the
search meets the cards in the order of their places in the hand's layout) that
maximises what the melds save: each meld saves the penalty of its cards plus its points
(scaled below the penalty), so leaving a card costs nothing and the leftover is whatever no
meld takes. At each state the lowest card that starts some candidate meld is either melded in
one of the melds whose lowest card it is or left (every copy at once); nothing else can happen
to it, since every smaller card is decided, and cards below it are cleared from the state.
A branch is cut when even melding every card it still holds at the best points a card can
score would not beat the best found; the memo keeps exact values and, for cut states, the
bound they were shown not to beat; for each exact state it records the first meld laid, so the
answer is read back without searching again.

Two cases skip the search: a hand that forms no meld, and a joker-free hand whose melds fall
into groups of distinct cards each with one meld of all its cards that no split beats (see
:func:`rami.solver.candidates.wholes`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from rami.cards import JOKER, Card
from rami.melds import Meld
from rami.rules import RuleSet
from rami.scoring import card_penalty
from rami.solver.candidates import Group, cover_weight, scan, wholes
from rami.solver.layout import BITS, COUNT, GUARDS, JOKER_SHIFT, Layout, downward

_PENALTY = 1 << 22
_POINTS = 1 << 8
_CLEAR = [~(((1 << (BITS * c)) - 1) & ~GUARDS) for c in range(53)]
"""Per card: a mask clearing the counts of every smaller card (guard bits kept)."""
_DROP = [~(COUNT << (BITS * c)) for c in range(53)]
"""Per card: a mask clearing its count."""
_MOST_POINTS = [11 if c % 13 == 0 else min(c % 13 + 1, 10) for c in range(52)] + [11]
"""The most points each card (joker last) can score in a meld."""
_WEIGHTS: dict[tuple[int, int], tuple[list[int], list[int], list[int]]] = {}
Option = tuple[int, int, int, int, Meld]
"""A candidate meld: (vector, what it saves, the most its cards could save, its jokers, the
meld)."""
Options = tuple[Option, ...]
"""The options of one lowest card, best saving first."""
Table = tuple[dict[int, tuple[Options, Options, Options]], int, int, int]
"""A group's entries and the cards starting some option at each joker level (count masks;
the last is every lowest card)."""
_LEVEL = [0] * 16 + [0, 1] + [2] * 14
"""Options list to read, by the joker field of a state (its guard bit set: 16 + jokers)."""


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
    """(penalty, the most a card can save in a meld) of each card code (joker last), and
    the latter by place in the layouts that run each suit down from its ace."""
    key = (rules.ace_in_hand, rules.joker_in_hand)
    found = _WEIGHTS.get(key)
    if found is None:
        penalties = [card_penalty(c, rules) for c in range(53)]
        most = [
            p * _PENALTY + 1 + m * _POINTS for p, m in zip(penalties, _MOST_POINTS, strict=True)
        ]
        found = _WEIGHTS[key] = (penalties, most, downward(most))
    return found


def _new_options(group: Group, penalties: list[int], most: list[int]) -> Table:
    entries: dict[int, tuple[Options, Options, Options]] = {}
    levels = [0, 0, 0]
    for low, shapes in group.by_low:
        options = sorted(
            (
                (
                    shape.vector,
                    sum(penalties[c] * _PENALTY + 1 for c in shape.cards) + shape.points * _POINTS,
                    sum(most[c] for c in shape.cards),
                    shape.jokers,
                    shape.meld,
                )
                for shape in shapes
            ),
            key=lambda option: -option[1],
        )
        by_jokers = tuple(tuple(o for o in options if o[3] <= jokers) for jokers in range(3))
        for jokers in range(3):
            if by_jokers[jokers]:
                levels[jokers] |= COUNT << (BITS * low)
        entries[low] = by_jokers  # type: ignore[assignment]
    return entries, levels[0], levels[1], levels[2]


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
    return _search(hand, state, groups, layout, penalties, most, most_down if layout.down else most)


def _search(
    hand: Sequence[Card],
    state: int,
    groups: list[Group],
    layout: Layout,
    penalties: list[int],
    most: list[int],
    most_at: list[int],
) -> Partition:
    """The best partition by the memoised branch and bound (``state`` and ``groups`` packed
    in ``layout``; ``most`` by card code, ``most_at`` by place)."""
    table: dict[int, tuple[Options, Options, Options]] = {}
    covered = level0 = level1 = level2 = 0
    key = penalties[0] << 8 | penalties[JOKER]  # opening tables use negative keys
    for group in groups:
        covered |= group.cover
        found = group.derived.get(key)
        if found is None:
            found = group.derived[key] = _new_options(group, penalties, most)
        entries, mask0, mask1, mask2 = found
        if level2 & mask2:
            for low, lists in entries.items():
                old = table.get(low)
                if old is None:
                    table[low] = lists
                else:
                    table[low] = (old[0] + lists[0], old[1] + lists[1], old[2] + lists[2])
        else:
            table.update(entries)
        level0 |= mask0
        level1 |= mask1
        level2 |= mask2
    # the cards that start a meld the jokers held allow, by joker field
    starts = [level0] * 17 + [level1] + [level2] * 14
    memo: dict[int, int] = {}
    moves: dict[int, Option | None] = {}

    def solve(state: int, card: int, bound: int, floor: int) -> int:
        """The most the melds of ``state`` (lowest start ``card``, no card below it) can save,
        if that beats ``floor``; else ``floor``, which it cannot beat. ``bound``: at least
        the most it can save. Exact values are memoised as they are, failures as ``~floor``;
        with an exact value, the option it lays first (None: none)."""
        best = floor
        move = None
        field = state >> JOKER_SHIFT
        for option in table[card][_LEVEL[field]]:
            after = state - option[0]
            if after & GUARDS != GUARDS:
                continue  # a card it takes is gone
            _, saving, weight, jokers, _ = option
            if saving + bound - weight <= best:
                continue
            left = after & starts[field - jokers]
            if not left:
                if saving > best:
                    best = saving
                    move = option
                continue
            low = ((left & -left).bit_length() - 1) >> 2
            after &= _CLEAR[low]
            need = best - saving
            found = memo.get(after)
            if found is None or (found < 0 and ~found > need):
                found = solve(after, low, bound - weight, need)
            if found > need:
                best = saving + found
                move = option
        shift = card << 2
        cap = bound - (state >> shift & COUNT) * most_at[card]
        if cap > best:
            rest = state & _DROP[card]
            left = rest & starts[field]
            if left:
                low = ((left & -left).bit_length() - 1) >> 2
                rest &= _CLEAR[low]
                found = memo.get(rest)
                if found is None or (found < 0 and ~found > best):
                    found = solve(rest, low, cap, best)
                if found > best:
                    best = found
                    move = None
            elif best < 0:
                best = 0
                move = None
        if best > floor:
            memo[state] = best
            moves[state] = move
        else:
            memo[state] = ~floor
        return best

    bound = cover_weight(hand, state, covered, layout, most)
    state |= GUARDS
    melds: list[Meld] = []
    left = state & starts[state >> JOKER_SHIFT]
    if not left:
        return _partition(hand, melds, penalties)
    card = ((left & -left).bit_length() - 1) >> 2
    state &= _CLEAR[card]
    target = solve(state, card, bound, -1)
    while target:
        move = moves[state]
        if move is not None:
            melds.append(move[4])
            target -= move[1]
            state -= move[0]
        else:
            state &= _DROP[card]
        left = state & starts[state >> JOKER_SHIFT]
        if left:
            card = ((left & -left).bit_length() - 1) >> 2
            state &= _CLEAR[card]
    return _partition(hand, melds, penalties)
