"""Whole matches between bot levels on duplicate deal sequences (``rami simulate --matches``).

A match seed fixes the seed of every round (:func:`rami.shuffle.derive_seed`) and the
dealer's rotation, so one sequence of deals is played once per seat rotation: every bot meets
the same cards from every seat. The match itself (totals, its end, the next deal) is
:mod:`rami.match`; the referee here hands each bot only ``view_for(match, seat)``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rami.actions import action_text
from rami.bots.tournament import (
    MAX_ACTIONS,
    Config,
    IllegalBotMove,
    build_bot,
    interval,
    win_shares,
)
from rami.match import MatchState, match_apply, new_match, next_round
from rami.rules import get_rules
from rami.state import Phase
from rami.views import view_for

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


@dataclass(frozen=True, slots=True)
class MatchSeat:
    """One bot's match: its share of the match win, its total and its rounds."""

    label: str
    won: float
    total: int
    rounds: int
    round_wins: float
    moves: int
    seconds: float


@dataclass(frozen=True, slots=True)
class MatchOutcome:
    """One rotation of one match sequence."""

    rotation: int
    rounds: int
    turns: int
    seats: tuple[MatchSeat, ...]


def match_seed(config: Config, index: int) -> str:
    """The seed of match sequence ``index`` (the same for every rotation)."""
    return f"{config.seed}/match/{index}"


def play_match(config: Config, index: int, rotation: int) -> MatchOutcome:
    """Play one rotation of match sequence ``index`` to the end of the match."""
    rules = get_rules(config.rules)
    players = config.players
    lineup = config.lineup(rotation)
    seed = match_seed(config, index)
    bots = [
        build_bot(config.bots[b], f"{seed}/{rotation}/{seat}", config.budget)
        for seat, b in enumerate(lineup)
    ]
    names = [f"Seat {seat + 1}" for seat in range(players)]
    match = new_match(rules, names, seed)
    moves, seconds = [0] * players, [0.0] * players
    round_wins, rounds = [0.0] * players, [0] * players
    turns = 0
    while True:
        match = _play_round(match, bots, moves, seconds, f"match {index} rotation {rotation}")
        assert match.round.result is not None
        turns += match.round.turn_number
        for round_seat, share in enumerate(win_shares(match.round.result)):
            seat = match.active[round_seat]
            round_wins[seat] += share
            rounds[seat] += 1
        if match.finished:
            break
        match = next_round(match)
    winners = match.winners
    seats = tuple(
        MatchSeat(
            label=config.labels[b],
            won=1 / len(winners) if seat in winners else 0.0,
            total=match.totals[seat],
            rounds=rounds[seat],
            round_wins=round_wins[seat],
            moves=moves[seat],
            seconds=seconds[seat],
        )
        for seat, b in enumerate(lineup)
    )
    return MatchOutcome(rotation, len(match.finished_rounds), turns, seats)


def _play_round(
    match: MatchState, bots: Sequence[Any], moves: list[int], seconds: list[float], where: str
) -> MatchState:
    """Play the match's current round to its end (``moves``, ``seconds``: per match seat)."""
    for _ in range(MAX_ACTIONS):
        seat = match.current_seat
        if seat is None:
            return match
        view = view_for(match, seat)
        start = time.perf_counter()
        action = bots[seat].choose(view)
        seconds[seat] += time.perf_counter() - start
        moves[seat] += 1
        if action not in view.legal:
            raise IllegalBotMove(f"{bots[seat].level} played '{action_text(action)}'")
        match = match_apply(match, action)
    if match.round.phase is not Phase.OVER:
        raise IllegalBotMove(f"{where}: round {match.round_index} did not end")
    return match


def play_sequence(config: Config, index: int) -> tuple[int, list[MatchOutcome]]:
    """Every rotation of match sequence ``index``."""
    return index, [play_match(config, index, r) for r in range(config.players)]


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion of ``wins`` in ``n`` trials (a tie counts as a
    share of a win)."""
    if n < 1:
        return 0.0, 1.0
    p = wins / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def summarize_matches(config: Config, results: Sequence[Sequence[MatchOutcome]]) -> dict[str, Any]:
    """The figures ``rami simulate --matches`` prints and writes as JSON."""
    played = [m for sequence in results for m in sequence]
    bots: dict[str, dict[str, Any]] = {}
    for label in dict.fromkeys(config.labels):
        seats = [s for m in played for s in m.seats if s.label == label]
        wins = sum(s.won for s in seats)
        rounds = sum(s.rounds for s in seats)
        per_sequence = []
        for sequence in results:
            mine = [s for m in sequence for s in m.seats if s.label == label]
            per_sequence.append(
                sum(s.round_wins for s in mine) / max(1, sum(s.rounds for s in mine))
            )
        match_low, match_high = wilson(wins, len(seats))
        round_low, round_high = interval(per_sequence)
        moves = sum(s.moves for s in seats)
        bots[label] = {
            "level": label.split("#")[0],
            "matches": len(seats),
            "match_wins": round(wins, 4),
            "match_win_rate": round(wins / len(seats), 4),
            "match_ci95": [round(match_low, 4), round(match_high, 4)],
            "rounds": rounds,
            "round_win_rate": round(sum(s.round_wins for s in seats) / max(1, rounds), 4),
            "round_ci95": [round(round_low, 4), round(round_high, 4)],
            "mean_points": round(sum(s.total for s in seats) / max(1, rounds), 2),
            "mean_total": round(sum(s.total for s in seats) / len(seats), 1),
            "mean_move_ms": round(1000 * sum(s.seconds for s in seats) / max(1, moves), 3),
        }
    rules = get_rules(config.rules)
    rounds_played = sum(m.rounds for m in played)
    return {
        "rules": rules.name,
        "rules_hash": rules.hash,
        "match_end": rules.match_end,
        "match_limit": rules.match_limit,
        "players": config.players,
        "sequences": config.deals,
        "matches": len(played),
        "rounds": rounds_played,
        "seed": config.seed,
        "hard_budget": {"worlds": config.budget.worlds, "max_ms": config.budget.max_ms},
        "mean_rounds": round(rounds_played / max(1, len(played)), 2),
        "mean_turns": round(sum(m.turns for m in played) / max(1, rounds_played), 2),
        "bots": bots,
    }
