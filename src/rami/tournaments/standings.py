"""Swiss standings after any number of rounds, and the history the next pairing needs.

A player's score is the sum of their table scores (:mod:`~rami.tournaments.results`). The
tie-breaks, in order: **Buchholz**, the sum of the scores of every opponent met (one per
opponent per table; a bye adds nothing), then the **sum of opponents' results**
(Sonneborn-Berger): each opponent's score times the result against them (1, ½ or 0). Equal on
everything, the earlier entry ranks first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from rami.tournaments.results import TableResult
from rami.tournaments.swiss import Seating, seat_round


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line in the standings."""

    rank: int
    player: str
    score: Fraction
    buchholz: Fraction
    opponents_results: Fraction
    played: int
    byes: int


def _head_to_head(result: TableResult, player: str, other: str) -> Fraction:
    """``player``'s result against ``other`` at one table (1, ½ or 0)."""
    if player in result.absent:
        return Fraction(0)
    if other in result.absent:
        return Fraction(1)
    mine = result.places[result.players.index(player)]
    theirs = result.places[result.players.index(other)]
    return Fraction(1) if mine < theirs else Fraction(1, 2) if mine == theirs else Fraction(0)


def scores_of(
    players: Sequence[str], rounds: Sequence[Sequence[TableResult]]
) -> dict[str, Fraction]:
    """Each player's score over ``rounds``."""
    scores = {p: Fraction(0) for p in players}
    for results in rounds:
        for result in results:
            for player, score in result.scores().items():
                scores[player] = scores.get(player, Fraction(0)) + score
    return scores


def standings(players: Sequence[str], rounds: Sequence[Sequence[TableResult]]) -> list[Standing]:
    """The standings of ``players`` (in entry order) after ``rounds`` of results."""
    scores = scores_of(players, rounds)
    buchholz = {p: Fraction(0) for p in players}
    berger = {p: Fraction(0) for p in players}
    played = dict.fromkeys(players, 0)
    byes = dict.fromkeys(players, 0)
    for results in rounds:
        for result in results:
            if len(result.players) == 1:
                byes[result.players[0]] += 1
                continue
            for player in result.players:
                played[player] += 1
                for other in result.players:
                    if other != player:
                        buchholz[player] += scores[other]
                        berger[player] += scores[other] * _head_to_head(result, player, other)
    entry = {p: i for i, p in enumerate(players)}
    order = sorted(players, key=lambda p: (-scores[p], -buchholz[p], -berger[p], entry[p]))
    return [
        Standing(rank, p, scores[p], buchholz[p], berger[p], played[p], byes[p])
        for rank, p in enumerate(order, start=1)
    ]


def opponents_met(rounds: Sequence[Sequence[TableResult]]) -> dict[str, frozenset[str]]:
    """Everyone each player has sat at a table with."""
    met: dict[str, set[str]] = {}
    for results in rounds:
        for result in results:
            for player in result.players:
                met.setdefault(player, set()).update(p for p in result.players if p != player)
    return {p: frozenset(others) for p, others in met.items()}


def pair_next(
    players: Sequence[str],
    active: Sequence[str],
    rounds: Sequence[Sequence[TableResult]],
    size: int = 2,
) -> Seating:
    """The next round's seating of the ``active`` players (those not withdrawn)."""
    table = standings(players, rounds)
    live = set(active)
    ranked = [line.player for line in table if line.player in live]
    had_bye = frozenset(line.player for line in table if line.byes)
    return seat_round(ranked, scores_of(players, rounds), opponents_met(rounds), had_bye, size)
