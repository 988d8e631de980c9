"""Arena: whoever is free is paired at once, for a fixed duration, with a streak bonus.

A won table is worth :data:`WIN_POINTS` and a draw (first place shared) :data:`DRAW_POINTS`;
as on lichess, from the third win in a row a player is *on fire* and every result is worth
double until a table is not won. The pairing takes the free players best first and seats each
with the next free ones, avoiding their immediately previous opponent when another is free.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from rami.tournaments.results import TableResult

WIN_POINTS = 2
DRAW_POINTS = 1
FIRE_AFTER = 2
"""Wins in a row after which results count double."""


@dataclass(frozen=True, slots=True)
class ArenaLine:
    """One player's line in an arena's standings."""

    rank: int
    player: str
    points: int
    played: int
    wins: int
    streak: int
    """Tables won in a row up to now."""


def arena_standings(players: Sequence[str], finished: Sequence[TableResult]) -> list[ArenaLine]:
    """The standings of ``players`` (entry order) from ``finished`` tables in end order."""
    points = dict.fromkeys(players, 0)
    played = dict.fromkeys(players, 0)
    wins = dict.fromkeys(players, 0)
    streak = dict.fromkeys(players, 0)
    for result in finished:
        best = min(
            (
                pl
                for p, pl in zip(result.players, result.places, strict=True)
                if p not in result.absent
            ),
            default=None,
        )
        firsts = [
            p
            for p, pl in zip(result.players, result.places, strict=True)
            if pl == best and p not in result.absent
        ]
        for player in result.players:
            played[player] += 1
            factor = 2 if streak[player] >= FIRE_AFTER else 1
            if player in firsts and len(firsts) == 1:
                points[player] += WIN_POINTS * factor
                wins[player] += 1
                streak[player] += 1
            else:
                points[player] += DRAW_POINTS * factor if player in firsts else 0
                streak[player] = 0
    entry = {p: i for i, p in enumerate(players)}
    order = sorted(players, key=lambda p: (-points[p], -wins[p], entry[p]))
    return [
        ArenaLine(rank, p, points[p], played[p], wins[p], streak[p])
        for rank, p in enumerate(order, start=1)
    ]


def arena_pairs(
    free: Sequence[str], last_opponents: Mapping[str, frozenset[str]], size: int = 2
) -> list[tuple[str, ...]]:
    """Tables for the ``free`` players (best first); leftovers wait for the next free player.

    ``last_opponents`` maps a player to the opponents of their previous table."""
    waiting = list(free)
    tables: list[tuple[str, ...]] = []
    while len(waiting) >= size:
        top = waiting.pop(0)
        avoid = last_opponents.get(top, frozenset())
        fresh = [p for p in waiting if p not in avoid and top not in last_opponents.get(p, ())]
        chosen = (fresh + [p for p in waiting if p not in fresh])[: size - 1]
        for player in chosen:
            waiting.remove(player)
        tables.append((top, *sorted(chosen, key=free.index)))
    return tables


def arena_open(now: datetime, start: datetime, duration: timedelta) -> bool:
    """Whether an arena pairs at ``now`` (tables begun before the end finish and count)."""
    return start <= now < start + duration
