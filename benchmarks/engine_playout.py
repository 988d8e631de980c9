"""Random-policy playouts of the engine: turns/s, actions/s and rounds/s, alone and side by side.

A turn is one player's draw ... discard. The random policy picks uniformly among the legal
actions (never 'takeback'), so every action pays for a full ``legal_actions`` call.

    python3 benchmarks/engine_playout.py [--seconds 20] [--preset rami51]
    python3 benchmarks/engine_playout.py --versus [--slices 24] [--slice 0.5]

``--versus`` plays Rami 51 (2 players) against OpenSpiel's ``gin_rummy`` (``pyspiel``) and
RLCard's ``gin-rummy`` in one process, the engines taking turns in short slices of CPU time,
and reports the ratio of turns per second slice by slice (median and spread). It uses only
what is installed (``pip install -e '.[bench]'`` brings both) and skips what is missing. In
the other engines a turn is likewise a run of decisions by one player.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._report import machine, publish
from rami.actions import TakeBack
from rami.bots import random_legal
from rami.engine import apply, deal, legal_actions
from rami.rules import get_rules
from rami.state import Phase, RoundState


def run(preset: str, players: int, seconds: float) -> dict[str, float]:
    """Play rounds for about ``seconds`` of CPU time; return the rates (per CPU second)."""
    rules = get_rules(preset)
    rng = random.Random(players)
    rounds = turns = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = deal(rules, players, f"bench-{players}-{rounds}")
        while state.phase is not Phase.OVER:
            state = apply(state, random_legal(legal_actions(state), rng))
            actions += 1
        turns += state.turn_number
        rounds += 1
    elapsed = time.process_time() - start
    return {
        "players": players,
        "rounds": rounds,
        "turns": turns,
        "actions": actions,
        "turns_per_s": turns / elapsed,
        "actions_per_s": actions / elapsed,
        "rounds_per_s": rounds / elapsed,
    }


class Playout:
    """One engine's random play, resumable slice after slice (the game in progress is kept)."""

    name = ""

    def __init__(self) -> None:
        self.rng = random.Random(1)
        self.games = 0

    def turns(self, seconds: float) -> float:
        """Play for ``seconds`` of CPU time; return the turns played per second."""
        turns = 0
        start = time.process_time()
        while (elapsed := time.process_time() - start) < seconds:
            turns += self.steps(50)
        return turns / elapsed

    def steps(self, count: int) -> int:
        """Play about ``count`` decisions; return the turns begun."""
        raise NotImplementedError


class RamiPlayout(Playout):
    name = "rami51 (this engine)"

    def __init__(self) -> None:
        super().__init__()
        self.rules = get_rules("rami51")
        self.state = self._new()

    def _new(self) -> RoundState:
        self.games += 1
        return deal(self.rules, 2, f"versus-{self.games}")

    def steps(self, count: int) -> int:
        turns = 0
        state, choice = self.state, self.rng.choice
        for _ in range(count):
            if state.phase is Phase.OVER:
                state = self._new()
            before = state.turn_number
            legal = legal_actions(state)
            action = choice(legal)
            while isinstance(action, TakeBack) and len(legal) > 1:  # uniform over the rest
                action = choice(legal)
            state = apply(state, action)
            turns += state.turn_number != before or state.phase is Phase.OVER
        self.state = state
        return turns


class OpenSpielPlayout(Playout):
    name = "OpenSpiel gin_rummy"

    def __init__(self) -> None:
        super().__init__()
        import pyspiel

        self.game = pyspiel.load_game("gin_rummy")
        self.state = self.game.new_initial_state()
        self.last = -1

    def steps(self, count: int) -> int:
        turns = 0
        state, rng = self.state, self.rng
        for _ in range(count):
            if state.is_terminal():
                state, self.last = self.game.new_initial_state(), -1
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            player = state.current_player()
            if player != self.last:
                turns, self.last = turns + 1, player
            state.apply_action(rng.choice(state.legal_actions()))
        self.state = state
        return turns


class RLCardPlayout(Playout):
    name = "RLCard gin-rummy"

    def __init__(self) -> None:
        super().__init__()
        import rlcard

        self.env = rlcard.make("gin-rummy", config={"seed": 1})
        self.obs, self.player = self.env.reset()
        self.last = -1

    def steps(self, count: int) -> int:
        turns = 0
        for _ in range(count):
            if self.env.is_over():
                (self.obs, self.player), self.last = self.env.reset(), -1
            if self.player != self.last:
                turns, self.last = turns + 1, self.player
            action = self.rng.choice(list(self.obs["legal_actions"]))
            self.obs, self.player = self.env.step(action)
        return turns


OTHERS: list[tuple[str, Callable[[], Playout]]] = [
    ("pyspiel", OpenSpielPlayout),
    ("rlcard", RLCardPlayout),
]


def versus(slices: int, length: float) -> tuple[dict[str, Any], list[str]]:
    """Slice by slice ratios of this engine's turns/s to each installed engine's."""
    rami = RamiPlayout()
    others: list[Playout] = []
    missing = []
    for module, make in OTHERS:
        if importlib.util.find_spec(module) is None:
            missing.append(module)
        else:
            others.append(make())
    rates: dict[str, list[float]] = {p.name: [] for p in (rami, *others)}
    ratios: dict[str, list[float]] = {p.name: [] for p in others}
    for playout in (rami, *others):  # warm up
        playout.turns(length / 4)
    for _ in range(slices):
        mine = rami.turns(length)
        rates[rami.name].append(mine)
        for other in others:
            theirs = other.turns(length)
            rates[other.name].append(theirs)
            ratios[other.name].append(mine / theirs)
    return {"rates": rates, "ratios": ratios}, missing


def _versus_markdown(result: dict[str, Any], missing: list[str], slices: int, length: float) -> str:
    rates, ratios = result["rates"], result["ratios"]
    lines = [
        "### Side by side (`--versus`)",
        "",
        f"`--versus --slices {slices} --slice {length:g}` ({machine()}; random legal "
        f"policy; 2 players, Rami 51 against gin rummy; the engines "
        f"alternate in slices of {length:g} s of CPU time, {slices} slices each; load average "
        f"{os.getloadavg()[0]:.1f}).",
        "",
        "| engine | turns/s (median) | this engine ÷ it: median | spread (min – max) |",
        "|---|---:|---:|---|",
    ]
    for name, values in rates.items():
        if name in ratios:
            share = ratios[name]
            lines.append(
                f"| {name} | {statistics.median(values):,.0f} | "
                f"{statistics.median(share):.2f}× | {min(share):.2f}× – {max(share):.2f}× |"
            )
        else:
            lines.append(f"| {name} | {statistics.median(values):,.0f} | — | — |")
    if missing:
        lines += ["", f"Not installed, so not measured: {', '.join(missing)}."]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--preset", default="rami51")
    parser.add_argument("--versus", action="store_true", help="measure against OpenSpiel, RLCard")
    parser.add_argument("--slices", type=int, default=24)
    parser.add_argument("--slice", type=float, default=0.5, help="seconds of CPU per slice")
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    rows = [run(args.preset, players, args.seconds) for players in (2, 4)]
    lines = [
        "## Engine playouts (`benchmarks/engine_playout.py`)",
        "",
        f"Command: `python3 benchmarks/engine_playout.py --seconds {args.seconds:g}"
        f"{' --versus' if args.versus else ''}` "
        f"({machine()}, preset `{args.preset}`, random legal policy, one process, rates per "
        f"second of CPU time; load average {load:.1f} when it started).",
        "",
        "| players | rounds | turns/s | actions/s | rounds/s |",
        "|---|---|---|---|---|",
    ]
    for row in rows:
        lines.append(
            f"| {row['players']} | {row['rounds']} | {row['turns_per_s']:,.0f} | "
            f"{row['actions_per_s']:,.0f} | {row['rounds_per_s']:,.1f} |"
        )
    if args.versus:
        result, missing = versus(args.slices, args.slice)
        lines += ["", _versus_markdown(result, missing, args.slices, args.slice)]
    publish("engine", "\n".join(lines), write=not args.no_write)


if __name__ == "__main__":
    main()
