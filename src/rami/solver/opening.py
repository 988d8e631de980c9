"""Best opening: the disjoint melds with the most opening points under the preset's conditions.

The same lowest-card-first search as :mod:`rami.solver.partition`, maximising instead, with
the open conditions carried in the state: a clean run still needed, the card that must be
melded still needed, and how many cards may still be laid (to leave ``keep`` in hand).
Ties between openings of equal points go to fewer jokers laid, then fewer cards laid.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rami.cards import Card
from rami.melds import Meld
from rami.rules import RuleSet
from rami.solver.encode import HandIndex, built_meld

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
    index = HandIndex(hand, jpm)
    if must_include is not None and must_include not in index.cards:
        return None
    w, guards = index.width, index.guards
    mask = (1 << (w - 1)) - 1
    must_mask = 0
    if must_include is not None:
        must_mask = mask << (w * index.cards.index(must_include))
    options: list[list[tuple[int, int, int, bool, bool]]] = []
    for low_melds in index.by_low:
        row = []
        for cand in low_melds:
            meld = built_meld(cand.cards, jpm)
            points = meld.points(jokers_count=rules.jokers_count_in_opening)
            value = points * _POINTS - meld.jokers * _JOKER - len(cand.cards)
            has_must = must_include in cand.cards
            row.append((cand.vector, value, len(cand.cards), meld.clean, has_must))
        options.append(row)
    joker_shift = w * index.joker_field if index.joker_field >= 0 else w * len(index.cards)
    naturals = (1 << joker_shift) - 1
    memo: dict[tuple[int, int, bool, bool], int] = {}

    def solve(state: int, size: int, budget: int, need_clean: bool, need_must: bool) -> int:
        if need_must and not state & must_mask:
            return _NONE
        if not state & naturals or budget < 3:
            return _NONE if need_clean or need_must else 0
        budget = min(budget, size)
        key = (state, budget, need_clean, need_must)
        found = memo.get(key)
        if found is not None:
            return found
        field = ((state & -state).bit_length() - 1) // w
        count = (state >> (w * field)) & mask
        best = solve(state - (count << (w * field)), size - count, budget, need_clean, need_must)
        for vector, value, n, clean, has_must in options[field]:
            if n <= budget and ((state | guards) - vector) & guards == guards:
                rest = solve(
                    state - vector,
                    size - n,
                    budget - n,
                    need_clean and not clean,
                    need_must and not has_must,
                )
                if rest != _NONE and value + rest > best:
                    best = value + rest
        memo[key] = best
        return best

    need_clean = rules.opening_needs_clean_run
    need_must = must_include is not None
    budget = len(hand) - keep
    total = solve(index.start, len(hand), budget, need_clean, need_must)
    if total <= 0:
        return None
    melds: list[Meld] = []
    state, size = index.start, len(hand)
    while total > 0:
        field = ((state & -state).bit_length() - 1) // w
        count = (state >> (w * field)) & mask
        rest = state - (count << (w * field))
        if solve(rest, size - count, budget, need_clean, need_must) == total:
            state, size = rest, size - count
            continue
        for cand, (vector, value, n, clean, has_must) in zip(
            index.by_low[field], options[field], strict=True
        ):
            if n > budget or ((state | guards) - vector) & guards != guards:
                continue
            after = (need_clean and not clean, need_must and not has_must)
            if value + solve(state - vector, size - n, budget - n, *after) == total:
                melds.append(built_meld(cand.cards, jpm))
                state, size, budget = state - vector, size - n, budget - n
                need_clean, need_must = after
                total -= value
                break
    points = sum(m.points(jokers_count=rules.jokers_count_in_opening) for m in melds)
    meets = points >= rules.opening_points
    if not meets and not ignore_threshold:
        return None
    clean_run = any(m.clean for m in melds)
    return Opening(tuple(melds), points, clean_run, meets)
