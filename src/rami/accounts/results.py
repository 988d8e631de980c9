"""What the table code reports when a match ends: seats, places and per-seat statistics.

Plain data, checked by :meth:`MatchResult.check` before anything is written. A seat is an
account (``account_id``), a bot (``bot``, a level) or a guest (neither). A rated match seats
only accounts and bots, at least one account, each account once.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from rami.accounts.botratings import BOT_RATINGS
from rami.accounts.errors import AccountError
from rami.accounts.ratings import FORMAT_WEIGHTS, Rating, family_of


@dataclass(frozen=True, slots=True)
class SeatStats:
    """One seat's figures over the match's rounds."""

    rounds_played: int = 0
    rounds_won: int = 0
    penalty_total: int = 0
    """Sum of the seat's round scores."""
    opening_turns: tuple[int, ...] = ()
    """For each round in which the seat opened, the seat's own turn (1 = its first) it opened on."""
    rami_sec: int = 0
    """Rounds the seat went out laying its whole hand in one turn, unopened before (rami sec)."""


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat of a finished match."""

    seat: int
    name: str
    place: int
    """1 for the winner(s); equal places are ties (see :func:`placements`)."""
    total: int
    account_id: int | None = None
    bot: str | None = None
    stats: SeatStats = field(default_factory=SeatStats)
    left: bool = False
    """The person left: the match ended with a bot playing their seat (away past the grace
    period, or given to a stand-in), and they had not come back."""


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A finished match; ``game_key`` identifies it (recording the same key twice is a no-op)."""

    game_key: str
    table_id: str
    preset: str
    """The preset the table's rules come from (it decides the rating family)."""
    rated: bool
    rounds: int
    seats: tuple[SeatResult, ...]
    finished: float = field(default_factory=time.time)
    format: str = "full"
    """The match format (:data:`rami.match.MATCH_FORMATS`): it weights the rating update."""

    @property
    def weight(self) -> float:
        """The rating weight of the match's format."""
        return FORMAT_WEIGHTS[self.format]

    @property
    def family(self) -> str:
        """The rating family of the preset."""
        return family_of(self.preset)

    def check(self) -> None:
        """Raise :class:`ValueError` naming the first thing wrong with this result."""
        if not self.game_key or len(self.game_key) > 96 or not self.table_id:
            raise ValueError("a result needs a game_key (1-96 characters) and a table_id")
        try:
            self.family  # noqa: B018 - raises for an unknown preset
        except AccountError as error:
            raise ValueError(error.message) from None
        if not 2 <= len(self.seats) <= 6:
            raise ValueError("a match has 2 to 6 seats")
        if sorted(s.seat for s in self.seats) != list(range(len(self.seats))):
            raise ValueError("seats are numbered 0 to n-1, each once")
        if self.rounds < 1:
            raise ValueError("a finished match has played at least one round")
        if self.format not in FORMAT_WEIGHTS:
            raise ValueError(f"unknown match format {self.format!r}")
        for seat in self.seats:
            _check_seat(seat, self.rounds)
        accounts = [s.account_id for s in self.seats if s.account_id is not None]
        if len(set(accounts)) != len(accounts):
            raise ValueError("an account holds one seat of a match")
        if self.rated:
            if any(s.account_id is None and s.bot is None for s in self.seats):
                raise ValueError("a rated match seats only accounts and bots")
            if not accounts:
                raise ValueError("a rated match seats at least one account")


def _check_seat(seat: SeatResult, rounds: int) -> None:
    if seat.account_id is not None and seat.bot is not None:
        raise ValueError(f"seat {seat.seat} is an account or a bot, not both")
    if seat.bot is not None and seat.bot not in BOT_RATINGS:
        raise ValueError(f"seat {seat.seat}: unknown bot level {seat.bot!r}")
    if not seat.name or len(seat.name) > 64:
        raise ValueError(f"seat {seat.seat}: a name of 1-64 characters")
    if seat.place < 1:
        raise ValueError(f"seat {seat.seat}: places start at 1")
    stats = seat.stats
    counts = (stats.rounds_played, stats.rounds_won, stats.penalty_total, stats.rami_sec)
    if min(counts) < 0 or stats.rounds_played > rounds:
        raise ValueError(f"seat {seat.seat}: counts are 0 or more, rounds at most the match's")
    if stats.rounds_won > stats.rounds_played or stats.rami_sec > stats.rounds_won:
        raise ValueError(f"seat {seat.seat}: more rounds won (or rami sec) than played (won)")
    turns = stats.opening_turns
    if len(turns) > stats.rounds_played or any(t < 1 for t in turns):
        raise ValueError(f"seat {seat.seat}: one opening turn (1 or more) per round opened")


def placements(
    totals: Sequence[int],
    winners: Sequence[int],
    eliminated_in: Sequence[int | None] | None = None,
) -> list[int]:
    """Places by seat: the winners first, then the seats out latest (elimination matches:
    ``eliminated_in[seat]`` is the round a seat went out in, None if it never did), then the
    lowest totals. Seats alike in all of that share a place (1, 1, 3, ...)."""
    out = eliminated_in or [None] * len(totals)

    def key(seat: int) -> tuple[int, float, int]:
        gone = out[seat]
        return (
            0 if seat in winners else 1,
            -(gone if gone is not None else float("inf")),
            totals[seat],
        )

    keys = [key(seat) for seat in range(len(totals))]
    return [1 + sum(other < mine for other in keys) for mine in keys]


@dataclass(frozen=True, slots=True)
class RatingChange:
    """An account's rating before and after a rated match."""

    account_id: int
    family: str
    before: Rating
    after: Rating


@dataclass(frozen=True, slots=True)
class Recorded:
    """What recording a result did: the game's id, whether it was new, the rating changes."""

    game_id: int
    new: bool
    changes: tuple[RatingChange, ...] = ()
