"""Swiss seating: tables by score, no repeat opponent where possible, byes for odd counts.

The players come ranked (best first, from the standings). A round has ``ceil(n / size)``
tables whose sizes differ by one at most; a table of one is a bye, which goes to the
lowest-ranked player who has not had one. The tables are found by backtracking: the best
unseated player takes the first companions in order of preference who have met neither them
nor each other; with two players per table the preference is the Dutch one inside the score
group (the top half meets the bottom half) and then the groups below, so a player floats
down only when their group cannot seat them. If no seating avoids every repeat within
:data:`SEARCH_BUDGET` steps, repeats are allowed and the same order is kept.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

SEARCH_BUDGET = 50_000
"""Backtracking steps tried before a round accepts a repeat opponent."""


@dataclass(frozen=True, slots=True)
class Seating:
    """A round's tables (players in seat order) and who has the bye (None: nobody)."""

    tables: tuple[tuple[str, ...], ...]
    bye: str | None


class _OutOfSteps(Exception):
    pass


def table_sizes(count: int, size: int) -> list[int]:
    """The sizes of a round's tables for ``count`` players, biggest first (1: a bye)."""
    if count == 0:
        return []
    tables = -(-count // size)
    base, extra = divmod(count, tables)
    return [base + 1] * extra + [base] * (tables - extra)


def _preference(top: str, rest: Sequence[str], scores: Mapping[str, Fraction]) -> list[str]:
    """The order ``top`` takes partners in: Dutch inside the score group, then lower ones."""
    group = [top, *(p for p in rest if scores.get(p, 0) == scores.get(top, 0))]
    half = len(group) // 2
    ordered = [p for p in group[half:] + group[1:half] if p != top]
    return ordered + [p for p in rest if p not in group]


def _seat(
    players: tuple[str, ...],
    sizes: Sequence[int],
    index: int,
    scores: Mapping[str, Fraction],
    met: Mapping[str, frozenset[str]],
    repeats: bool,
    failed: set[tuple[str, ...]],
    steps: list[int],
) -> list[tuple[str, ...]] | None:
    if not players:
        return []
    steps[0] += 1
    if steps[0] > SEARCH_BUDGET:
        raise _OutOfSteps
    top, rest = players[0], players[1:]
    size = sizes[index]
    order = _preference(top, rest, scores) if sizes[0] == 2 else list(rest)
    for companions in combinations(order, size - 1):
        table = (top, *companions)
        if not repeats and any(b in met.get(a, frozenset()) for a, b in combinations(table, 2)):
            continue
        remaining = tuple(p for p in rest if p not in companions)
        if remaining in failed:
            continue
        below = _seat(remaining, sizes, index + 1, scores, met, repeats, failed, steps)
        if below is not None:
            return [table, *below]
        failed.add(remaining)
    return None


def _try(
    players: tuple[str, ...],
    sizes: Sequence[int],
    scores: Mapping[str, Fraction],
    met: Mapping[str, frozenset[str]],
    repeats: bool,
    steps: list[int],
) -> list[tuple[str, ...]] | None:
    try:
        return _seat(players, sizes, 0, scores, met, repeats, set(), steps)
    except _OutOfSteps:
        return None


def seat_round(
    ranked: Sequence[str],
    scores: Mapping[str, Fraction],
    met: Mapping[str, frozenset[str]],
    had_bye: frozenset[str],
    size: int = 2,
) -> Seating:
    """The tables of the next round for the ``ranked`` players still in the tournament."""
    sizes = table_sizes(len(ranked), size)
    candidates: list[str | None] = [None]
    if sizes and sizes[-1] == 1:
        sizes = sizes[:-1]
        backwards = list(reversed(ranked))
        candidates = [p for p in backwards if p not in had_bye]
        candidates += [p for p in backwards if p in had_bye]
    steps = [0]
    for candidate in candidates:
        players = tuple(p for p in ranked if p != candidate)
        tables = _try(players, sizes, scores, met, False, steps)
        if tables is not None:
            return Seating(tuple(tables), candidate)
    chosen = candidates[0]
    players = tuple(p for p in ranked if p != chosen)
    steps = [-(10**9)]  # with repeats allowed the first path succeeds
    tables = _try(players, sizes, scores, met, True, steps) or []
    return Seating(tuple(tables), chosen)
