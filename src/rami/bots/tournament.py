"""Duplicate-deal tournaments between bot levels (the engine of ``rami simulate``).

Each deal is played once per seat rotation, so every bot meets the same cards from every
seat and the luck of the deal cancels out. The referee here holds the full round state and
hands each bot only ``view_for(state, seat)``; a bot that returns an action not in
``view.legal`` stops the tournament with :class:`IllegalBotMove`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any, TypeVar

from rami.actions import action_text
from rami.bots import LEVELS, Bot
from rami.bots.hard import DEFAULT_BUDGET, Budget, HardBot
from rami.engine import apply, deal
from rami.rules import get_rules
from rami.state import Phase, RoundResult
from rami.views import view_for

EXACT_BUDGET = DEFAULT_BUDGET.exact()
"""The hard level's default count of worlds without the time cap: a tournament replays
exactly on any machine."""
MAX_ACTIONS = 20_000
"""Actions after which a round is declared stuck (a bot bug; the turn limit comes first)."""


Played = TypeVar("Played")


class IllegalBotMove(RuntimeError):
    """A bot answered with an action its view did not list as legal."""


@dataclass(frozen=True, slots=True)
class Config:
    """What to play: bot levels (cycled over the seats), players, preset, deals, seed."""

    bots: tuple[str, ...]
    players: int
    rules: str = "rami51"
    deals: int = 100
    seed: str = "0"
    budget: Budget = EXACT_BUDGET
    """The hard level's search budget."""

    @property
    def labels(self) -> tuple[str, ...]:
        """A unique name per entry of ``bots`` (a repeated level gets ``#2``, ``#3``...)."""
        seen: dict[str, int] = {}
        out = []
        for level in self.bots:
            seen[level] = seen.get(level, 0) + 1
            out.append(level if seen[level] == 1 else f"{level}#{seen[level]}")
        return tuple(out)

    def lineup(self, rotation: int) -> list[int]:
        """Index into ``bots`` of the bot at each seat for one rotation."""
        return [(seat + rotation) % self.players % len(self.bots) for seat in range(self.players)]


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One bot's round: its share of the win, its score, and its thinking time."""

    label: str
    won: float
    points: int
    moves: int
    seconds: float
    times: list[float] = field(default_factory=list)
    """Every decision time in seconds (kept for percentiles)."""


@dataclass(frozen=True, slots=True)
class RoundOutcome:
    """One rotation of one deal."""

    rotation: int
    turns: int
    reason: str
    seats: tuple[SeatResult, ...]


def build_bot(level: str, seed: str, budget: Budget = EXACT_BUDGET) -> Bot:
    """A bot of ``level``; the hard level gets ``budget``."""
    if level == "hard":
        return HardBot(seed, budget)
    if level not in LEVELS:
        raise ValueError(f"unknown bot level '{level}' (known: {', '.join(LEVELS)})")
    return LEVELS[level](seed)


def play_round(config: Config, deal_index: int, rotation: int) -> RoundOutcome:
    """Play one rotation of one deal to its end."""
    rules = get_rules(config.rules)
    players = config.players
    lineup = config.lineup(rotation)
    base = f"{config.seed}/{deal_index}"
    bots = [
        build_bot(config.bots[b], f"{base}/{rotation}/{seat}", config.budget)
        for seat, b in enumerate(lineup)
    ]
    times: list[list[float]] = [[] for _ in range(players)]
    state = deal(rules, players, base, players - 1)
    for _ in range(MAX_ACTIONS):
        if state.phase is Phase.OVER:
            break
        seat = state.current
        view = view_for(state, seat)
        start = time.perf_counter()
        action = bots[seat].choose(view)
        times[seat].append(time.perf_counter() - start)
        if action not in view.legal:
            raise IllegalBotMove(f"{config.bots[lineup[seat]]} played '{action_text(action)}'")
        state = apply(state, action)
    result = state.result
    if result is None:
        raise IllegalBotMove(f"deal {deal_index} rotation {rotation} did not end")
    shares = win_shares(result)
    seats = []
    for seat, b in enumerate(lineup):
        won = shares[seat]
        spent = times[seat]
        label = config.labels[b]
        seats.append(SeatResult(label, won, result.scores[seat], len(spent), sum(spent), spent))
    return RoundOutcome(rotation, state.turn_number, str(result.reason), tuple(seats))


def win_shares(result: RoundResult) -> list[float]:
    """Each round seat's share of the round win: the player who went out, or at a forced end
    the lowest hands sharing it."""
    if result.winner is not None:
        return [float(seat == result.winner) for seat in range(len(result.scores))]
    low = min(result.scores)
    lows = result.scores.count(low)
    return [1 / lows if score == low else 0.0 for score in result.scores]


def play_deal(config: Config, deal_index: int) -> tuple[int, list[RoundOutcome]]:
    """Every rotation of one deal."""
    return deal_index, [play_round(config, deal_index, r) for r in range(config.players)]


def run(
    config: Config,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    play: Callable[[Config, int], tuple[int, list[Played]]] = play_deal,  # type: ignore[assignment]
) -> list[list[Played]]:
    """Play every deal (in ``workers`` processes) with ``play`` (every rotation of one deal,
    or of one match); results in deal order."""
    found: dict[int, list[Played]] = {}
    if workers <= 1:
        for index in range(config.deals):
            found[index] = play(config, index)[1]
            if progress:
                progress(1)
    else:
        with ProcessPoolExecutor(max_workers=min(workers, config.deals)) as pool:
            futures = [pool.submit(play, config, i) for i in range(config.deals)]
            for future in as_completed(futures):
                index, rounds = future.result()
                found[index] = rounds
                if progress:
                    progress(1)
    return [found[i] for i in range(config.deals)]


def interval(per_deal: Sequence[float]) -> tuple[float, float]:
    """95% interval of the mean of per-deal win shares (normal approximation, clipped)."""
    n = len(per_deal)
    mean = sum(per_deal) / n
    if n < 2:
        return 0.0, 1.0
    sd = math.sqrt(sum((x - mean) ** 2 for x in per_deal) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    return max(0.0, mean - half), min(1.0, mean + half)


def _percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summarize(config: Config, results: Sequence[Sequence[RoundOutcome]]) -> dict[str, Any]:
    """The figures ``rami simulate`` prints and writes as JSON."""
    bots: dict[str, dict[str, Any]] = {}
    rounds = [r for deal_rounds in results for r in deal_rounds]
    for label in dict.fromkeys(config.labels):
        seats = [s for r in rounds for s in r.seats if s.label == label]
        per_deal = []
        for deal_rounds in results:
            mine = [s.won for r in deal_rounds for s in r.seats if s.label == label]
            per_deal.append(sum(mine) / len(mine))
        moves = sum(s.moves for s in seats)
        spent = [t for s in seats for t in s.times]
        low, high = interval(per_deal)
        bots[label] = {
            "level": label.split("#")[0],
            "rounds": len(seats),
            "round_win_rate": round(sum(s.won for s in seats) / len(seats), 4),
            "ci95": [round(low, 4), round(high, 4)],
            "mean_points": round(sum(s.points for s in seats) / len(seats), 2),
            "mean_move_ms": round(1000 * sum(s.seconds for s in seats) / max(1, moves), 3),
            "p95_move_ms": round(1000 * _percentile(spent, 0.95), 3),
        }
    endings: dict[str, int] = {}
    for r in rounds:
        endings[r.reason] = endings.get(r.reason, 0) + 1
    rules = get_rules(config.rules)
    return {
        "rules": rules.name,
        "rules_hash": rules.hash,
        "players": config.players,
        "deals": config.deals,
        "rounds": len(rounds),
        "seed": config.seed,
        "hard_budget": {"worlds": config.budget.worlds, "max_ms": config.budget.max_ms},
        "mean_turns": round(sum(r.turns for r in rounds) / max(1, len(rounds)), 2),
        "endings": endings,
        "bots": bots,
    }
