"""Best opening: the disjoint melds with the most opening points under the preset's conditions.

The same lowest-start-card-first branch and bound as :mod:`rami.solver.partition`,
maximising opening points, with the open conditions carried alongside the state: a clean run
still needed, the card that must be melded still needed (two flag bits, one memo per
combination), and how many cards may still be laid (to leave ``keep`` in hand). A branch that
can no longer meet a condition (no clean run or must-include card left to start or take) ends
at once; one that could not beat the best found even if every card it holds scored its most
points (a joker at most the joker points of some meld of the hand) is cut, and so is a state
owing a condition when the same cards owing nothing cannot beat its floor. Ties between openings
of equal points go to fewer jokers laid, then fewer cards. The best opening free of conditions
is searched first, with the single memo of :mod:`rami.solver.partition`: it is the answer
whenever it meets them (the conditions only remove openings, and both searches break ties by the
same order). When the one condition is a clean run, an opening lays one of the clean runs the
hand offers, so the best opening is the best, over those runs, of the run with the best opening
of the cards it leaves free of conditions: one search per run, sharing the free search's memo.
That is done at once when at most one card starts a clean run, and after the free search when
its answer lays none; a must-include card goes to the search under conditions. The limit on
cards laid is searched only when the best opening without it lays too many. Without a
search: None when a clean run is needed and no meld is one; and a joker-free hand whose melds
form separate whole groups (see :func:`rami.solver.candidates.wholes`) opens with all of them
when they meet the conditions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from rami.cards import Card
from rami.melds import Meld
from rami.rules import RuleSet
from rami.solver.candidates import Group, cover_weight, scan, wholes
from rami.solver.layout import (
    BITS,
    COUNT,
    GUARDS,
    JOKER_COUNT,
    JOKER_SHIFT,
    Layout,
    downward,
)
from rami.solver.values import opening_meld, opening_points

_POINTS = 1 << 12
_JOKER = 1 << 6
_NONE = -(1 << 60)
"""The value of a state that cannot meet its conditions."""
_FAIL = 1 << 62
"""Added to a memoised bound (a state shown not to beat it) to tell it from a value."""
_FAILED = 1 << 61
_CLEAN = 1
_MUST = 2
_ONES = sum(1 << (BITS * c) for c in range(52))
_CLEAR = [~(((1 << (BITS * c)) - 1) & ~GUARDS) for c in range(53)]
_DROP = [~(COUNT << (BITS * c)) for c in range(53)]
_MOST_POINTS = [11 if c % 13 == 0 else min(c % 13 + 1, 10) for c in range(52)] + [11]
Option = tuple[int, int, int, int, int, Meld, int]
"""(meld vector, score, the most its cards could score, how many cards it lays, condition flags
it meets, the meld as the opening lays it, its jokers)."""
Options = tuple[Option, ...]
Table = tuple[dict[int, tuple[Options, Options, Options]], int, int, int, int]
"""A group's entries (lowest card, its options by most jokers held), the cards starting an
option at each joker level (the last: every lowest card), and those starting a clean run."""
_LEVEL = [0] * 16 + [0, 1] + [2] * 14
"""Options list to read, by the joker field of a state (its guard bit set: 16 + jokers)."""


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
    joker: [points * _POINTS - 1 for points in _MOST_POINTS[:52]]
    + [joker * _POINTS - _JOKER - 1 if joker else 0]
    for joker in range(12)
}
"""The most each card code (joker last) can add to an opening's score, by the most a joker
scores (0 when jokers do not count in the opening)."""


_MOST_DOWN = {joker: downward(most) for joker, most in _MOST.items()}
""":data:`_MOST` by place in the layouts that run each suit down from its ace."""


def _new_options(group: Group, rules: RuleSet, most: list[int]) -> Table:
    """The group's melds as search options under ``rules``."""
    entries: dict[int, tuple[Options, Options, Options]] = {}
    levels = [0, 0, 0]
    clean = 0
    for low, shapes in group.by_low:
        options = sorted(
            (
                (
                    shape.vector,
                    opening_points(shape, rules) * _POINTS - shape.jokers * _JOKER - shape.size,
                    sum(most[c] for c in shape.cards),
                    shape.size,
                    _CLEAN if shape.clean else 0,
                    opening_meld(shape.cards, rules),
                    shape.jokers,
                )
                for shape in shapes
            ),
            key=lambda option: -option[1],
        )
        by_jokers = tuple(tuple(o for o in options if o[6] <= jokers) for jokers in range(3))
        start = COUNT << (BITS * low)
        for jokers in range(3):
            if by_jokers[jokers]:
                levels[jokers] |= start
        if any(shape.clean for shape in shapes):
            clean |= start
        entries[low] = by_jokers  # type: ignore[assignment]
    return entries, levels[0], levels[1], levels[2], clean


def _with_must(options: Options, must_mask: int) -> Options:
    """``options`` with the must-include flag set on those that lay the card."""
    return tuple(
        (vector, value, weight, n, meets | (_MUST if vector & must_mask else 0), meld, jokers)
        for vector, value, weight, n, meets, meld, jokers in options
    )


def _opening(
    melds: list[Meld], points: int, clean: bool, rules: RuleSet, ignore_threshold: bool
) -> Opening | None:
    """The opening laying ``melds`` (worth ``points``), or None if it misses the threshold
    and that counts."""
    meets = points >= rules.opening_points
    if not meets and not ignore_threshold:
        return None
    return Opening(tuple(melds), points, clean, meets)


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
    search, bound = _prepare(hand, state, groups, layout, rules, must_include)
    found = _search(search, state, bound, len(hand) - keep if keep > 0 else None)
    if not found:
        return None
    melds = []
    points = meets = 0
    for _, value, _, _, flags, meld, _ in found:
        melds.append(meld)
        # a score is the meld's points less (64 per joker + 1 per card), under one point
        points += (value + _POINTS - 1) // _POINTS
        meets |= flags
    return _opening(melds, points, bool(meets & _CLEAN), rules, ignore_threshold)


class _Search(NamedTuple):
    """What the opening searches read: options by lowest card, start cards by joker field,
    clean-run and must-include masks, card weights by place, and the conditions to meet."""

    table: dict[int, tuple[Options, Options, Options]]
    starts: list[int]
    clean_starts: int
    must_mask: int
    most: list[int]
    flags: int


def _prepare(
    hand: Sequence[Card],
    state: int,
    groups: list[Group],
    layout: Layout,
    rules: RuleSet,
    must_include: int | None,
) -> tuple[_Search, int]:
    """The search tables of ``groups`` under ``rules`` for ``hand`` (``state``, both packed in
    ``layout``), and the most the hand could score (each card some meld takes at its most)."""
    # tables are cached with the group under negative keys (partition's are non-negative)
    key = -1 - rules.jokers_count_in_opening - 2 * (rules.joker_position == "declared")
    joker = 11 if rules.jokers_count_in_opening else 0
    if state >> JOKER_SHIFT and joker:
        # a joker scores at most all joker points of some meld of the hand
        reading = rules.joker_position == "declared"
        joker = min(11, max([group.joker_points[reading] for group in groups]))
    key -= 8 * joker
    most = _MOST[joker]
    table: dict[int, tuple[Options, Options, Options]] = {}
    covered = level0 = level1 = level2 = clean_starts = 0
    for group in groups:
        covered |= group.cover
        found = group.derived.get(key)
        if found is None:
            found = group.derived[key] = _new_options(group, rules, most)
        entries, mask0, mask1, mask2, clean = found
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
        clean_starts |= clean
    # the cards that start a meld the jokers held allow, by joker field
    starts = [level0] * 17 + [level1] + [level2] * 14
    flags = _CLEAN if rules.opening_needs_clean_run else 0
    must_mask = 0
    if must_include is not None:
        flags |= _MUST
        must_mask = JOKER_COUNT * layout.bits[must_include]
        for low, (a, b, c) in table.items():
            table[low] = (
                _with_must(a, must_mask),
                _with_must(b, must_mask),
                _with_must(c, must_mask),
            )
    bound = cover_weight(hand, state, covered, layout, most)
    if layout.down:
        most = _MOST_DOWN[joker]
    return _Search(table, starts, clean_starts, must_mask, most, flags), bound


def _search(search: _Search, state: int, bound: int, budget: int | None) -> list[Option]:
    """The options of the best opening from ``state`` ([] if none), ``bound`` at least its
    score, with no limit on the cards laid: free of conditions, then, if that misses one,
    through each clean run (the one condition a clean run) or under them; only if that lays
    more than ``budget`` cards (None: no limit), again under that limit."""
    state |= GUARDS
    left = state & search.starts[state >> JOKER_SHIFT]
    if not left:
        return []
    card = ((left & -left).bit_length() - 1) >> 2
    state &= _CLEAR[card]
    flags = search.flags
    clean = state & search.clean_starts
    clean = (clean | clean >> 1 | clean >> 2) & _ONES
    free = _free(search)
    if flags == _CLEAN and not clean & (clean - 1):
        # one card at most starts a clean run: every opening lays one of its clean runs
        found = _with_clean_run(search, free, state, bound, clean)
    else:
        # the best opening free of conditions is the answer whenever it meets them
        solve, memo, free_moves = free
        found = _walk(search, [free_moves], state, card, 0) if solve(state, card, bound, -1) else []
        if found and flags == _CLEAN and not _meets(found, flags):
            found = _with_clean_run(search, free, state, bound, clean)
        elif found and flags and not _meets(found, flags):
            moves = _unlimited(search, state, card, bound, memo, free_moves)
            found = _walk(search, moves, state, card, flags)
    if budget is not None and sum(option[3] for option in found) > budget:
        moves = _budgeted(search, state, card, bound, budget)
        found = _walk(search, moves, state, card, flags, budget)
    return found


Moves = list[dict[int, Option | None]]
"""Per condition flags, per memo key: the option a state lays first (None: its lowest start
card stays in hand), for states whose value is known."""


def _meets(found: list[Option], flags: int) -> bool:
    """Whether the options ``found`` together meet the conditions ``flags``."""
    for option in found:
        flags &= ~option[4]
    return not flags


def _walk(
    search: _Search, moves: Moves, state: int, card: int, flags: int, budget: int | None = None
) -> list[Option]:
    """The options laid along the best moves from ``state`` under ``flags``."""
    starts = search.starts
    out: list[Option] = []
    while True:
        key = state if budget is None else state << 9 | budget
        if key not in moves[flags]:
            return out
        found = moves[flags][key]
        if found is None:
            state &= _DROP[card]
        else:
            state -= found[0]
            flags &= ~found[4]
            out.append(found)
            if budget is not None:
                budget -= found[3]
        left = state & starts[state >> JOKER_SHIFT]
        if not left:
            return out
        card = ((left & -left).bit_length() - 1) >> 2
        state &= _CLEAR[card]


_Solve = Callable[[int, int, int, int], int]


def _free(search: _Search) -> tuple[_Solve, dict[int, int], dict[int, Option | None]]:
    """The search of the opening free of conditions and of any limit on the cards laid (the
    search of :mod:`rami.solver.partition`, on opening scores), with its memo and best moves."""
    table, starts, _, _, most, _ = search
    memo: dict[int, int] = {}
    moves: dict[int, Option | None] = {}

    def solve(state: int, card: int, bound: int, floor: int) -> int:
        """The most ``state`` (lowest start ``card``, no card below it) opens with if that
        beats ``floor``, else ``floor``; ``bound``: at least that most. Memoised: values as
        they are, failures as ``~floor``; with a value, the option laid first."""
        best = floor
        move = None
        field = state >> JOKER_SHIFT
        for option in table[card][_LEVEL[field]]:
            after = state - option[0]
            if after & GUARDS != GUARDS:
                continue  # a card it takes is gone
            _, value, weight, _, _, _, jokers = option
            if value + bound - weight <= best:
                continue
            left = after & starts[field - jokers]
            if not left:
                if value > best:
                    best = value
                    move = option
                continue
            low = ((left & -left).bit_length() - 1) >> 2
            after &= _CLEAR[low]
            need = best - value
            found = memo.get(after)
            if found is None or (found < 0 and ~found > need):
                found = solve(after, low, bound - weight, need)
            if found > need:
                best = value + found
                move = option
        cap = bound - (state >> (card << 2) & COUNT) * most[card]
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

    return solve, memo, moves


def _with_clean_run(
    search: _Search,
    free: tuple[_Solve, dict[int, int], dict[int, Option | None]],
    state: int,
    bound: int,
    clean: int,
) -> list[Option]:
    """The best opening from ``state`` that lays a clean run, every clean run it can lay
    starting at a card of ``clean`` (one bit per card): the best, over those runs, of the run
    and the best opening of the cards left free of conditions (``free``: its search)."""
    table, starts, *_ = search
    solve, memo, moves = free
    best = _NONE
    chosen: Option | None = None
    rest = low = 0
    while clean:
        bit = clean & -clean
        clean ^= bit
        for option in table[(bit.bit_length() - 1) >> 2][0]:
            after = state - option[0]
            if not option[4] & _CLEAN or after & GUARDS != GUARDS:
                continue
            value, weight = option[1], option[2]
            if value + bound - weight <= best:
                continue
            left = after & starts[after >> JOKER_SHIFT]
            start = 0
            if left:
                start = ((left & -left).bit_length() - 1) >> 2
                after &= _CLEAR[start]
                need = max(best - value, -1)
                found = memo.get(after)
                if found is None or (found < 0 and ~found > need):
                    found = solve(after, start, bound - weight, need)
                if found <= need:
                    continue
                value += found
            if value > best:
                best, chosen, rest, low = value, option, after, start
    if chosen is None:
        return []
    if not rest & starts[rest >> JOKER_SHIFT]:
        return [chosen]
    return [chosen, *_walk(search, [moves], rest, low, 0)]


def _unlimited(
    search: _Search,
    state: int,
    card: int,
    bound: int,
    known: dict[int, int],
    free: dict[int, Option | None],
) -> Moves:
    """The best moves of the opening from ``state``, with no limit on the cards laid, given
    the memo and moves of :func:`_free` (for the states owing no condition)."""
    table, starts, clean_starts, must_mask, most, _ = search
    relaxed = {key: value if value >= 0 else ~value + _FAIL for key, value in known.items()}
    memos: list[dict[int, int]] = [relaxed, {}, {}, {}]
    moves: Moves = [free, {}, {}, {}]

    def solve(state: int, card: int, flags: int, bound: int, floor: int) -> int:
        """The most ``state`` (lowest start ``card``, no card below it) can open with under
        ``flags`` if that beats ``floor`` (at least ``_NONE``), else at most ``floor``.
        ``bound``: at least the most it can score. Memoised: values as they are, a bound it
        cannot beat plus ``_FAIL``; with a value, the option it lays first."""
        memo = memos[flags]
        if flags and (
            (flags & _CLEAN and not state & clean_starts)
            or (flags & _MUST and not state & must_mask)
        ):
            memo[state] = _NONE
            return _NONE
        if flags:
            # conditions only lower the value: what the state opens with free of them bounds it
            free = relaxed.get(state)
            if free is not None and (free if free < _FAILED else free - _FAIL) <= floor:
                memo[state] = floor + _FAIL
                return floor
        best = floor
        move = None
        for option in table[card][_LEVEL[state >> JOKER_SHIFT]]:
            after = state - option[0]
            if after & GUARDS != GUARDS:
                continue
            _, value, weight, _, meets, _, _ = option
            if value + bound - weight <= best:
                continue
            now = flags & ~meets
            left = after & starts[after >> JOKER_SHIFT]
            if not left:
                if not now and value > best:
                    best = value
                    move = option
                continue
            low = ((left & -left).bit_length() - 1) >> 2
            after &= _CLEAR[low]
            need = best - value
            if need < _NONE:
                need = _NONE
            found = memos[now].get(after)
            if found is None or (found >= _FAILED and found - _FAIL > need):
                found = solve(after, low, now, bound - weight, need)
            elif found >= _FAILED:
                continue
            if found > need:
                best = value + found
                move = option
        cap = bound - (state >> (card << 2) & COUNT) * most[card]
        if cap > best:
            rest = state & _DROP[card]
            left = rest & starts[rest >> JOKER_SHIFT]
            if left:
                low = ((left & -left).bit_length() - 1) >> 2
                rest &= _CLEAR[low]
                found = memo.get(rest)
                if found is None or (found >= _FAILED and found - _FAIL > best):
                    found = solve(rest, low, flags, cap, best)
                elif found >= _FAILED:
                    found = _NONE
                if found > best:
                    best = found
                    move = None
            elif not flags and best < 0:
                best = 0
                move = None
        if best > floor:
            memo[state] = best
            moves[flags][state] = move
        else:
            memo[state] = floor + _FAIL
        return best

    if solve(state, card, search.flags, bound, _NONE) <= 0:
        return [{}, {}, {}, {}]
    return moves


def _budgeted(search: _Search, state: int, card: int, bound: int, budget: int) -> Moves:
    """The best moves of the opening from ``state`` laying at most ``budget`` cards."""
    table, starts, clean_starts, must_mask, most, _ = search
    memos: list[dict[int, int]] = [{}, {}, {}, {}]
    moves: Moves = [{}, {}, {}, {}]

    def solve(state: int, card: int, flags: int, budget: int, bound: int, floor: int) -> int:
        """As in :func:`_unlimited`, with at most ``budget`` cards laid (memo keys carry it)."""
        memo = memos[flags]
        key = state << 9 | budget
        if flags and (
            (flags & _CLEAN and not state & clean_starts)
            or (flags & _MUST and not state & must_mask)
        ):
            memo[key] = _NONE
            return _NONE
        if budget < 3:
            memo[key] = best = _NONE if flags else 0
            return best
        best = floor
        move = None
        for option in table[card][_LEVEL[state >> JOKER_SHIFT]]:
            vector, value, weight, n, meets, _, _ = option
            after = state - vector
            if n > budget or after & GUARDS != GUARDS or value + bound - weight <= best:
                continue
            now = flags & ~meets
            left = after & starts[after >> JOKER_SHIFT]
            if not left:
                if not now and value > best:
                    best = value
                    move = option
                continue
            low = ((left & -left).bit_length() - 1) >> 2
            after &= _CLEAR[low]
            need = best - value
            if need < _NONE:
                need = _NONE
            found = memos[now].get(after << 9 | budget - n)
            if found is None or (found >= _FAILED and found - _FAIL > need):
                found = solve(after, low, now, budget - n, bound - weight, need)
            elif found >= _FAILED:
                continue
            if found > need:
                best = value + found
                move = option
        cap = bound - (state >> (card << 2) & COUNT) * most[card]
        if cap > best:
            rest = state & _DROP[card]
            left = rest & starts[rest >> JOKER_SHIFT]
            if left:
                low = ((left & -left).bit_length() - 1) >> 2
                rest &= _CLEAR[low]
                found = memo.get(rest << 9 | budget)
                if found is None or (found >= _FAILED and found - _FAIL > best):
                    found = solve(rest, low, flags, budget, cap, best)
                elif found >= _FAILED:
                    found = _NONE
                if found > best:
                    best = found
                    move = None
            elif not flags and best < 0:
                best = 0
                move = None
        if best > floor:
            memo[key] = best
            moves[flags][key] = move
        else:
            memo[key] = floor + _FAIL
        return best

    if solve(state, card, search.flags, budget, bound, _NONE) <= 0:
        return [{}, {}, {}, {}]
    return moves
