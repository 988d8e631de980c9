"""Best opening: the disjoint melds with the most opening points under the preset's conditions.

The search of :mod:`rami.solver.search` on opening scores (points, then fewer jokers, then
fewer cards). The best opening free of conditions is the answer whenever it meets them; if
not, the search runs again owing them (a clean run alone: through each clean run, see
:func:`_best`). The limit on cards laid is searched only when the best opening without it lays
too many. A joker-free hand of separate whole groups (:func:`~rami.solver.candidates.wholes`)
opens with all of them, when they meet the conditions, without a search."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from rami.cards import Card
from rami.melds import Meld
from rami.rules import RuleSet
from rami.solver.candidates import Shape, cover_weight, opening_meld, opening_points, scan, wholes
from rami.solver.layout import COUNT, JOKER_COUNT, JOKER_SHIFT, MOST_POINTS, downward
from rami.solver.search import BUDGET_SHIFT, OWE_CARD, OWE_CLEAN, Option, Search, Table, tables

_POINTS = 1 << 12
_JOKER = 1 << 6


class Opening(NamedTuple):
    """Melds that open together, their opening points and whether they reach the threshold (a
    named tuple, like :class:`rami.solver.Partition`)."""

    melds: tuple[Meld, ...]
    points: int
    clean_run: bool
    meets_threshold: bool

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card the opening lays, sorted."""
        return tuple(sorted(c for meld in self.melds for c in meld.cards))


_MOST = {
    joker: [points * _POINTS - 1 for points in MOST_POINTS[:52]]
    + [joker * _POINTS - _JOKER - 1 if joker else 0]
    for joker in range(12)
}
"""The most each card code (joker last) can add to an opening's score, by the most a joker
scores (0 when jokers do not count in the opening)."""
_MOST_DOWN = {joker: downward(most) for joker, most in _MOST.items()}
""":data:`_MOST` by place in the layouts that run each suit down from its ace."""


def _opening(
    melds: list[Meld], points: int, clean: bool, rules: RuleSet, ignore_threshold: bool
) -> Opening | None:
    """The opening laying ``melds``, or None if it misses the threshold and that counts."""
    meets = points >= rules.opening_points
    return Opening(tuple(melds), points, clean, meets) if meets or ignore_threshold else None


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
    state, groups, layout = scan(hand, rules.jokers_per_meld)
    if not groups or (rules.opening_needs_clean_run and not any([g.clean for g in groups])):
        return None
    if not state >> JOKER_SHIFT:
        whole = wholes(state, groups)
        if (
            whole is not None
            and (not rules.opening_needs_clean_run or any(s.clean for s in whole))
            and (must_include is None or any(must_include in s.cards for s in whole))
            and sum(s.size for s in whole) <= len(hand) - keep
        ):
            # joker-free: each meld has one reading, its points count in full
            points = sum(s.points for s in whole)
            clean = any(s.clean for s in whole)
            return _opening([s.meld for s in whole], points, clean, rules, ignore_threshold)
    # tables are cached with the group under negative keys (partition's are non-negative)
    key = -1 - rules.jokers_count_in_opening - 2 * (rules.joker_position == "declared")
    joker = 11 if rules.jokers_count_in_opening else 0
    if state >> JOKER_SHIFT and joker:
        # a joker scores at most all joker points of some meld of the hand
        reading = rules.joker_position == "declared"
        joker = min(11, max([group.joker_points[reading] for group in groups]))
    most = _MOST[joker]

    def option(shape: Shape) -> Option:
        value = opening_points(shape, rules) * _POINTS - shape.jokers * _JOKER - shape.size
        weight = sum(most[c] for c in shape.cards)
        meets = OWE_CLEAN if shape.clean else 0
        return (
            shape.vector,
            value,
            weight,
            shape.jokers,
            meets,
            opening_meld(shape, rules),
            shape.size,
        )

    table, starts, covered, clean_starts = tables(groups, key - 8 * joker, option)
    owed = OWE_CLEAN if rules.opening_needs_clean_run else 0
    must = 0
    if must_include is not None:
        owed |= OWE_CARD
        must = JOKER_COUNT * layout.bits[must_include]
        table = _changed(table, lambda o: (*o[:4], o[4] | OWE_CARD, *o[5:]) if o[0] & must else o)
    bound = cover_weight(hand, state, covered, layout, most)
    most_at = _MOST_DOWN[joker] if layout.down else most
    found = _best(Search(table, starts, most_at, clean_starts, must), state, bound, owed)
    budget = len(hand) - keep
    if found and keep > 0 and sum(option[6] for option in found) > budget:
        table = _changed(table, lambda o: (o[0] + (o[6] << BUDGET_SHIFT), *o[1:]))
        search = Search(table, starts, most_at, clean_starts, must)
        found = _best(search, state | max(budget, 0) << BUDGET_SHIFT, bound, owed)
    if not found:
        return None
    melds = [option[5] for option in found]
    # a score is the meld's points less (64 per joker + 1 per card), under one point
    points = sum((option[1] + _POINTS - 1) // _POINTS for option in found)
    clean = any(option[4] & OWE_CLEAN for option in found)
    return _opening(melds, points, clean, rules, ignore_threshold)


def _changed(table: Table, change: Callable[[Option], Option]) -> Table:
    """``table`` with ``change`` applied to every option."""
    return {
        low: tuple(tuple(map(change, options)) for options in lists)  # type: ignore[misc]
        for low, lists in table.items()
    }


def _best(search: Search, state: int, bound: int, owed: int) -> list[Option] | None:
    """The options of the best opening from ``state`` owing the conditions ``owed``: the best
    free of them if it meets them, else the best under them. When the one condition is a clean
    run, every opening lays one of the clean runs of the hand, so the best is the best, over
    those runs, of the run and the best opening free of conditions of the cards it leaves: done
    at once when one card starts them all, else when the best free of conditions lays none."""
    runs = []
    if owed == OWE_CLEAN:
        clean = search.clean_starts
        runs = [o for lists in search.table.values() for o in lists[0] if o[4] & OWE_CLEAN]
        if clean == (clean & -clean) * COUNT:
            return search.through(state, bound, runs)
    found = search.best(state, bound)
    if not found or not owed:
        return found
    missed = owed
    for option in found:
        missed &= ~option[4]
    if not missed:
        return found
    return search.through(state, bound, runs) if runs else search.best(state | owed, bound)
