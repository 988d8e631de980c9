"""The one search behind both solvers: a memoised branch and bound over a packed hand.

It maximises the sum of the values of the options (melds) laid. At each state the lowest card
that starts some option is either melded in one of the options whose lowest card it is, or
left (every copy at once); every smaller card is decided and cleared from the state. Above
the cards the state carries the conditions still owed (a clean run, a card to lay: an option
clears those it meets; a state owing one that can lay nothing more is worth :data:`NONE`) and,
when the cards laid are limited, how many may still be laid (each option's vector then takes
its size from that field, so laying too many fails the guard test, as taking a card not held
does). A branch is cut when melding every card it holds at its most could not beat the best
found, or when it owes a condition and the same cards owing nothing are known not to. Exact
values and, for cut states, the bound they did not beat are memoised, with the option each
exact state lays first, so the answer is read back without searching again."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rami.melds import Meld
from rami.solver.candidates import Group, Shape
from rami.solver.layout import BITS, COUNT, GUARDS, JOKER_SHIFT

OWE_CLEAN = 1 << 213
"""A condition bit of a state: a clean run is still owed."""
OWE_CARD = 1 << 214
"""A condition bit of a state: the card that must be laid is still owed."""
OWED = OWE_CLEAN | OWE_CARD
BUDGET_SHIFT = 215
"""Where a state holds how many cards it may still lay (9 bits under a guard bit; left 0 and
untouched when options carry no size there)."""
GUARD = GUARDS | 1 << (BUDGET_SHIFT + 9)
NONE = -(1 << 60)
"""The value of a state that cannot meet its conditions."""
_CLEAR = [~(((1 << (BITS * c)) - 1) & ~GUARD) for c in range(53)]
"""Per card: a mask clearing the counts of every smaller card (the fields above kept)."""
_DROP = [~(COUNT << (BITS * c)) for c in range(53)]  # per card: a mask clearing its count
_LEVEL = [0] * 16 + [0, 1] + [2] * 14
"""Options list to read, by the joker field of a state (its guard bit set: 16 + jokers)."""

Option = tuple[int, int, int, int, int, Meld, int]
"""A candidate meld: (vector, value, the most its cards could be worth, its jokers, the
condition bits it meets, the meld as laid, its size)."""
Options = tuple[Option, ...]
Table = dict[int, tuple[Options, Options, Options]]
"""Per lowest card: its options, best first, that a state holding 0, 1 or 2+ jokers may lay."""
GroupTable = tuple[Table, int, int, int, int]
"""A group's options by lowest card, the cards starting an option at each joker level (count
masks; the last is every lowest card) and those starting a clean run."""


def _group_table(group: Group, option: Callable[[Shape], Option]) -> GroupTable:
    table: Table = {}
    levels = [0, 0, 0]
    clean = 0
    for low, shapes in group.by_low:
        options = sorted(map(option, shapes), key=lambda found: -found[1])
        by_jokers = tuple(tuple(o for o in options if o[3] <= jokers) for jokers in range(3))
        start = COUNT << (BITS * low)
        for jokers in range(3):
            if by_jokers[jokers]:
                levels[jokers] |= start
        if any(shape.clean for shape in shapes):
            clean |= start
        table[low] = by_jokers  # type: ignore[assignment]
    return table, levels[0], levels[1], levels[2], clean


def tables(
    groups: list[Group], key: int, option: Callable[[Shape], Option]
) -> tuple[Table, list[int], int, int]:
    """The options of every group (each group's cached under ``key``), the cards that start
    one by the joker field of a state, every card some meld covers, and the clean-run starts."""
    table: Table = {}
    covered = level0 = level1 = level2 = clean_starts = 0
    for group in groups:
        covered |= group.cover
        found = group.derived.get(key)
        if found is None:
            found = group.derived[key] = _group_table(group, option)
        entries, mask0, mask1, mask2, clean = found
        if level2 & mask2:
            for low, lists in entries.items():
                old = table.get(low)
                if old is not None:
                    lists = (old[0] + lists[0], old[1] + lists[1], old[2] + lists[2])
                table[low] = lists
        else:
            table.update(entries)
        level0 |= mask0
        level1 |= mask1
        level2 |= mask2
        clean_starts |= clean
    return table, [level0] * 17 + [level1] + [level2] * 15, covered, clean_starts


class Search:
    """One search over ``table``, with its memo (``memo``: exact values; ``bounds``: values
    states were shown not to beat) and, per exact state, the option it lays first (``moves``;
    None: its lowest start card is left), shared by every call."""

    def __init__(
        self, table: Table, starts: list[int], most: Sequence[int], clean: int, must: int
    ) -> None:
        self.table, self.starts, self.clean_starts = table, starts, clean
        self.memo: dict[int, int] = {}
        self.bounds: dict[int, int] = {}
        self.moves: dict[int, Option | None] = {}
        self.solve = _solver(table, starts, most, clean, must, self.memo, self.bounds, self.moves)

    def best(self, state: int, bound: int) -> list[Option] | None:
        """The options of the best play from ``state`` (conditions and budget fields set, guard
        bits clear), or None when it cannot meet its conditions; ``bound`` at least its value."""
        state |= GUARD
        left = state & self.starts[state >> JOKER_SHIFT & 31]
        if not left:
            return None if state & OWED else []
        card = ((left & -left).bit_length() - 1) >> 2
        state &= _CLEAR[card]
        if self.solve(state, card, bound, NONE) <= NONE // 2:
            return None
        return self._walk(state, card)

    def through(self, state: int, bound: int, options: list[Option]) -> list[Option] | None:
        """The best play from ``state`` (owing nothing) that lays one of ``options``: the best,
        over those, of the option and the best play of the cards it leaves; None if none fits."""
        state |= GUARD
        best, chosen, rest, low = NONE, None, 0, 0
        for option in options:
            after = state - option[0]
            value = option[1]
            if after & GUARD != GUARD or value + bound - option[2] <= best:
                continue
            left = after & self.starts[after >> JOKER_SHIFT & 31]
            card = 0
            if left:
                card = ((left & -left).bit_length() - 1) >> 2
                after &= _CLEAR[card]
                found = self.solve(after, card, bound - option[2], best - value)
                if found <= best - value:
                    continue
                value += found
            if value > best:
                best, chosen, rest, low = value, option, after, card
        if chosen is None:
            return None
        return (
            [chosen, *self._walk(rest, low)]
            if rest & self.starts[rest >> JOKER_SHIFT & 31]
            else [chosen]
        )

    def _walk(self, state: int, card: int) -> list[Option]:
        """The options laid along the best moves from ``state`` (lowest start ``card``)."""
        out: list[Option] = []
        while state in self.moves:
            move = self.moves[state]
            if move is None:
                state &= _DROP[card]
            else:
                state = state - move[0] & ~move[4]
                out.append(move)
            left = state & self.starts[state >> JOKER_SHIFT & 31]
            if not left:
                break
            card = ((left & -left).bit_length() - 1) >> 2
            state &= _CLEAR[card]
        return out


def _solver(
    table: Table,
    starts: list[int],
    most: Sequence[int],
    clean_starts: int,
    must: int,
    memo: dict[int, int],
    bounds: dict[int, int],
    moves: dict[int, Option | None],
) -> Callable[[int, int, int, int], int]:
    def solve(state: int, card: int, bound: int, floor: int) -> int:
        """The most ``state`` (lowest start ``card``, no card below it) is worth if that beats
        ``floor``, else ``floor``, which it cannot beat; ``bound``: at least that most."""
        if state & OWED:
            if (state & OWE_CLEAN and not state & clean_starts) or (
                state & OWE_CARD and not state & must
            ):
                memo[state] = NONE
                moves[state] = None
                return NONE
            # conditions only lower the value: what the cards are worth free of them bounds it
            free = memo.get(state & ~OWED)
            if free is None:
                free = bounds.get(state & ~OWED)
            if free is not None and free <= floor:
                bounds[state] = floor
                return floor
        best = floor
        move = None
        field = state >> JOKER_SHIFT & 31
        for option in table[card][_LEVEL[field]]:
            after = state - option[0]
            if after & GUARD != GUARD:
                continue  # a card it takes is gone, or it lays too many
            _, value, weight, jokers, meets, _, _ = option
            if value + bound - weight <= best:
                continue
            if meets:
                after &= ~meets
            left = after & starts[field - jokers]
            if not left:
                if value > best and not after & OWED:
                    best = value
                    move = option
                continue
            low = ((left & -left).bit_length() - 1) >> 2
            after &= _CLEAR[low]
            need = best - value
            found = memo.get(after)
            if found is None:
                found = bounds.get(after)
                if found is None or found > need:
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
                if found is None:
                    found = bounds.get(rest)
                    if found is None or found > best:
                        found = solve(rest, low, cap, best)
                if found > best:
                    best = found
                    move = None
            elif best < 0 and not state & OWED:
                best = 0
                move = None
        if best > floor:
            memo[state] = best
            moves[state] = move
        else:
            bounds[state] = floor
        return best

    return solve
