"""Tournaments' pure parts: Swiss seating and standings, arena, duplicate deals.

Nothing here reads a clock, a database or a table: :mod:`~rami.tournaments.swiss` seats a
round, :mod:`~rami.tournaments.standings` ranks the players and tells the next pairing what
happened, :mod:`~rami.tournaments.arena` pairs whoever is free and counts streaks, and
:mod:`~rami.tournaments.deals` gives every table of a round the same committed deals.
"""

from rami.tournaments.arena import (
    DRAW_POINTS,
    WIN_POINTS,
    ArenaLine,
    arena_open,
    arena_pairs,
    arena_standings,
)
from rami.tournaments.deals import (
    TOURNAMENT_DOCUMENT,
    Board,
    boards,
    round_commitment,
    round_seed,
    verify_tournament,
)
from rami.tournaments.results import TableResult, bye, places_from_penalties, twin_result
from rami.tournaments.standings import Standing, opponents_met, pair_next, scores_of, standings
from rami.tournaments.swiss import Seating, seat_round, table_sizes

__all__ = [
    "DRAW_POINTS",
    "TOURNAMENT_DOCUMENT",
    "WIN_POINTS",
    "ArenaLine",
    "Board",
    "Seating",
    "Standing",
    "TableResult",
    "arena_open",
    "arena_pairs",
    "arena_standings",
    "boards",
    "bye",
    "opponents_met",
    "pair_next",
    "places_from_penalties",
    "round_commitment",
    "round_seed",
    "scores_of",
    "seat_round",
    "standings",
    "table_sizes",
    "twin_result",
    "verify_tournament",
]
