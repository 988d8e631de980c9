"""Best opening: the disjoint melds with the most opening points under the preset's conditions.

The same lowest-card-first search as :mod:`rami.solver.partition`, maximising instead, with
the open conditions carried in the state: a clean run still needed, the card that must be
melded still needed, and how many cards may still be laid (to leave ``keep`` in hand).
Ties between openings of equal points go to fewer jokers laid, then fewer cards laid.
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
from rami.solver.values import opening_meld, opening_points

_POINTS = 1 << 12
_JOKER = 1 << 6
_NONE = -(1 << 60)


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
    jpm = rules.jokers_per_meld
    state = pack(hand)
    by_low: dict[Card, list[tuple[int, int, int, bool, bool, tuple[Card, ...]]]] = {}
    live = 0
    for shape in shapes(hand, jpm):
        points = opening_points(shape, rules)
        value = points * _POINTS - shape.jokers * _JOKER - shape.size
        option = (shape.vector, value, shape.size, shape.clean, must_include in shape.cards)
        by_low.setdefault(shape.low, []).append((*option, shape.cards))
        live |= shape.vector
    state &= (live & NATURALS) * COUNT | (JOKER_COUNT << JOKER_SHIFT)
    must_mask = 0
    if must_include is not None:
        shift = JOKER_SHIFT if must_include == JOKER else BITS * must_include
        must_mask = JOKER_COUNT << shift
        if not state & must_mask:
            return None
    clean_cards = 0
    for low_options in by_low.values():
        for vector, _, _, clean, _, _ in low_options:
            if clean:
                clean_cards |= vector
    clean_mask = (clean_cards & NATURALS) * COUNT
    memo: dict[int, int] = {}
    unlimited = keep <= 0

    def solve(state: int, size: int, budget: int, need_clean: bool, need_must: bool) -> int:
        if need_must and not state & must_mask:
            return _NONE
        if need_clean and not state & clean_mask:
            return _NONE
        if not state & NATURALS or budget < 3:
            return _NONE if need_clean or need_must else 0
        if unlimited:
            key = state << 2 | need_clean << 1 | need_must
        else:
            key = (state << 9 | min(budget, size)) << 2 | need_clean << 1 | need_must
        found = memo.get(key)
        if found is not None:
            return found
        card = ((state & -state).bit_length() - 1) >> 2
        shift = card << 2
        count = (state >> shift) & COUNT
        best = solve(state - (count << shift), size - count, budget, need_clean, need_must)
        for vector, value, n, clean, has_must, _ in by_low.get(card, ()):
            if n <= budget and ((state | GUARDS) - vector) & GUARDS == GUARDS:
                after = solve(
                    state - vector,
                    size - n,
                    budget - n,
                    need_clean and not clean,
                    need_must and not has_must,
                )
                if after != _NONE and value + after > best:
                    best = value + after
        memo[key] = best
        return best

    need_clean = rules.opening_needs_clean_run
    need_must = must_include is not None
    budget = len(hand) - keep
    size = len(unpack(state))
    total = solve(state, size, budget, need_clean, need_must)
    if total <= 0:
        return None
    melds: list[Meld] = []
    while total > 0:
        card = ((state & -state).bit_length() - 1) // BITS
        count = (state >> (BITS * card)) & COUNT
        rest = state - (count << (BITS * card))
        if solve(rest, size - count, budget, need_clean, need_must) == total:
            state, size = rest, size - count
            continue
        for vector, value, n, clean, has_must, cards in by_low[card]:
            if n > budget or ((state | GUARDS) - vector) & GUARDS != GUARDS:
                continue
            flags = (need_clean and not clean, need_must and not has_must)
            if value + solve(state - vector, size - n, budget - n, *flags) == total:
                melds.append(opening_meld(cards, rules))
                state, size, budget = state - vector, size - n, budget - n
                need_clean, need_must = flags
                total -= value
                break
    points = sum(m.points(jokers_count=rules.jokers_count_in_opening) for m in melds)
    meets = points >= rules.opening_points
    if not meets and not ignore_threshold:
        return None
    clean_run = any(m.clean for m in melds)
    return Opening(tuple(melds), points, clean_run, meets)
