"""What a tournament table's result is worth: places, forfeits, twin tables, scores.

A table seats two or more players; its result gives each a place (1 is best, equal places
tie) and may name absent players, who forfeit: an absent player scores 0 and every present
player beats every absent one. A player's score at a table is the share of the others they
beat (a tie is half), so a two-player table scores 1, ½ or 0 and a bye scores 1 (a win).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

BYE_SCORE = Fraction(1)


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table's end: its players (seat order), their places, and who was absent."""

    players: tuple[str, ...]
    places: tuple[int, ...]
    absent: frozenset[str] = field(default_factory=frozenset)

    def scores(self) -> dict[str, Fraction]:
        """Each player's score at this table (0 to 1)."""
        others = len(self.players) - 1
        if others == 0:
            return {self.players[0]: BYE_SCORE}
        out: dict[str, Fraction] = {}
        for player, place in zip(self.players, self.places, strict=True):
            if player in self.absent:
                out[player] = Fraction(0)
                continue
            won = Fraction(0)
            for other, other_place in zip(self.players, self.places, strict=True):
                if other == player:
                    continue
                if other in self.absent or other_place > place:
                    won += 1
                elif other_place == place:
                    won += Fraction(1, 2)
            out[player] = won / others
        return out


def places_from_penalties(penalties: Sequence[int]) -> tuple[int, ...]:
    """Places from penalties (lower is better; equal penalties share a place)."""
    return tuple(1 + sum(1 for other in penalties if other < own) for own in penalties)


def twin_result(
    players: Sequence[str],
    first: Mapping[str, int],
    second: Mapping[str, int],
    absent: frozenset[str] = frozenset(),
) -> TableResult:
    """The result of twin tables: each player's penalties summed over both tables.

    The twin table seats the same players with the seats reversed and the same deals, so
    each player holds the cards another held at the first table and luck of the deal cancels:
    the places follow the penalty difference across both tables."""
    totals = [first[p] + second[p] for p in players]
    return TableResult(tuple(players), places_from_penalties(totals), absent)


def bye(player: str) -> TableResult:
    """A bye: a table of one, scored as a win."""
    return TableResult((player,), (1,))
