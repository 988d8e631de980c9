"""Best opening: the disjoint melds with the most opening points under the preset's conditions.

The same lowest-start-card-first search as :mod:`rami.solver.partition`, maximising opening
points, with the open conditions carried alongside the state: a clean run still needed, the
card that must be melded still needed (two flag bits, one memo per combination), and how many
cards may still be laid (to leave ``keep`` in hand). A branch that can no longer meet a
condition (no clean run or must-include card left to start or take) ends at once.
Ties between openings of equal points go to fewer jokers laid, then fewer cards laid.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rami.cards import Card
from rami.melds import Meld
from rami.rules import RuleSet
from rami.solver.candidates import (
    BIT,
    BITS,
    COUNT,
    GUARDS,
    JOKER_COUNT,
    JOKER_SHIFT,
    Group,
    scan,
    unpack,
)
from rami.solver.values import opening_meld, opening_points

_POINTS = 1 << 12
_JOKER = 1 << 6
_NONE = -(1 << 60)
_CLEAN = 1
_MUST = 2
_CLEAR = [~(((1 << (BITS * c)) - 1) & ~GUARDS) for c in range(53)]
_DROP = [~(COUNT << (BITS * c)) for c in range(53)]
Options = tuple[tuple[int, int, int, int], ...]
"""(meld vector, score, cards, condition flags the meld meets) of melds with one lowest card."""
Table = tuple[tuple[int, tuple[Options, ...], tuple[int, ...], int], ...]
_LEVEL = [0] * 16 + [0, 1] + [2] * 14
"""Options list to read, by the joker field of a state (its guard bit set: 16 + jokers)."""


@dataclass(frozen=True, slots=True)
class Opening:
    """Melds that open together, their opening points and whether they reach the threshold."""

    melds: tuple[Meld, ...]
    points: int
    clean_run: bool
    meets_threshold: bool

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card the opening lays, sorted."""
        return tuple(sorted(c for meld in self.melds for c in meld.cards))


def _options(group: Group, rules: RuleSet, key: object) -> Table:
    """The group's melds as search options under ``rules`` (cached under ``key``): per lowest
    card, the options holding at most 0, 1 and 2 jokers, for each of the three the card's count
    mask if there are such options (else 0), and the mask again if a clean run starts there."""
    found = group.derived.get(key)
    if found is None:
        table = []
        for low, shapes in group.by_low:
            options = [
                (
                    shape.jokers,
                    shape.vector,
                    opening_points(shape, rules) * _POINTS - shape.jokers * _JOKER - shape.size,
                    shape.size,
                    _CLEAN if shape.clean else 0,
                )
                for shape in shapes
            ]
            by_jokers = tuple(
                tuple(option[1:] for option in options if option[0] <= most) for most in range(3)
            )
            start = COUNT << (BITS * low)
            clean = start if any(option[4] for option in options) else 0
            table.append((low, by_jokers, tuple(start if o else 0 for o in by_jokers), clean))
        found = group.derived[key] = tuple(table)
    return found  # type: ignore[return-value]


def best_opening(
    hand: Sequence[Card],
    rules: RuleSet,
    *,
    must_include: int | None = None,
    keep: int = 0,
    ignore_threshold: bool = False,
) -> Opening | None:
    """The opening with the most points, or None when no melds satisfy the conditions.

    Conditions: a clean run when ``rules.opening_needs_clean_run``; the card ``must_include``
    in one of the melds when given; at least ``keep`` cards left in hand; and, unless
    ``ignore_threshold``, at least ``rules.opening_points``. Jokers count per
    ``rules.jokers_count_in_opening``.
    """
    state, groups = scan(hand, rules.jokers_per_meld)
    table: list[tuple[Options, ...]] = [((), (), ())] * 52
    levels = [0, 0, 0]
    clean_starts = 0
    key = ("opening", rules.jokers_count_in_opening, rules.joker_position == "declared")
    for group in groups:
        for low, by_jokers, masks, clean in _options(group, rules, key):
            if levels[2] & masks[2]:
                table[low] = tuple(a + b for a, b in zip(table[low], by_jokers, strict=True))
            else:
                table[low] = by_jokers
            for most, mask in enumerate(masks):
                levels[most] |= mask
            clean_starts |= clean
    # the cards that start a meld the jokers held allow, by joker field
    starts = [levels[level] for level in _LEVEL]
    flags = _CLEAN if rules.opening_needs_clean_run else 0
    must_mask = 0
    if must_include is not None:
        flags |= _MUST
        must_mask = JOKER_COUNT * BIT[must_include]
        for low in {low for group in groups for low, *_ in _options(group, rules, key)}:
            table[low] = tuple(
                tuple(
                    (vector, value, n, meets | (_MUST if vector & must_mask else 0))
                    for vector, value, n, meets in options
                )
                for options in table[low]
            )
    memos: list[dict[int, int]] = [{}, {}, {}, {}]
    unlimited = keep <= 0

    def solve(state: int, card: int, flags: int, budget: int) -> int:
        """The most points ``state`` can open with; ``card``: its lowest start card."""
        key = state if unlimited else state << 9 | budget
        if flags and (
            (flags & _CLEAN and not state & clean_starts)
            or (flags & _MUST and not state & must_mask)
        ):
            best = _NONE
        elif budget < 3:
            best = _NONE if flags else 0
        else:
            rest = state & _DROP[card]
            left = rest & starts[state >> JOKER_SHIFT]
            if left:
                low = ((left & -left).bit_length() - 1) >> 2
                rest &= _CLEAR[low]
                found = memos[flags].get(rest if unlimited else rest << 9 | budget)
                best = solve(rest, low, flags, budget) if found is None else found
            else:
                best = _NONE if flags else 0
            for vector, value, n, meets in table[card][_LEVEL[state >> JOKER_SHIFT]]:
                after = state - vector
                if n <= budget and after & GUARDS == GUARDS:
                    left = after & starts[after >> JOKER_SHIFT]
                    now = flags & ~meets
                    if left:
                        low = ((left & -left).bit_length() - 1) >> 2
                        after &= _CLEAR[low]
                        found = memos[now].get(after if unlimited else after << 9 | budget - n)
                        if found is None:
                            found = solve(after, low, now, budget - n)
                        if found != _NONE and value + found > best:
                            best = value + found
                    elif not now and value > best:
                        best = value
        memos[flags][key] = best
        return best

    def normal(state: int, flags: int, budget: int) -> tuple[int, int, int]:
        """(state without its dead cards, its lowest start card, the most it can open with)."""
        left = state & starts[state >> JOKER_SHIFT]
        if not left:
            return 0, 0, _NONE if flags else 0
        low = ((left & -left).bit_length() - 1) >> 2
        state &= _CLEAR[low]
        found = memos[flags].get(state if unlimited else state << 9 | budget)
        return state, low, solve(state, low, flags, budget) if found is None else found

    budget = len(hand) - keep
    state, card, total = normal(state | GUARDS, flags, budget)
    if total <= 0:
        return None
    melds: list[Meld] = []
    while total > 0:
        rest, low, after = normal(state & _DROP[card], flags, budget)
        if after == total:
            state, card = rest, low
            continue
        for vector, value, n, meets in table[card][2]:
            if n > budget or (state - vector) & GUARDS != GUARDS:
                continue
            rest, low, after = normal(state - vector, flags & ~meets, budget - n)
            if after != _NONE and value + after == total:
                melds.append(opening_meld(unpack(vector), rules))
                state, card, flags, budget = rest, low, flags & ~meets, budget - n
                total -= value
                break
    points = sum(m.points(jokers_count=rules.jokers_count_in_opening) for m in melds)
    meets = points >= rules.opening_points
    if not meets and not ignore_threshold:
        return None
    clean_run = any(m.clean for m in melds)
    return Opening(tuple(melds), points, clean_run, meets)
