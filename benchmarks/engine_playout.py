"""Random-policy playouts of the engine: turns/s, actions/s and rounds/s.

A turn is one player's draw ... discard. The random policy picks uniformly among the legal
actions (never 'takeback'), so every action pays for a full ``legal_actions`` call.

    python3 benchmarks/engine_playout.py [--seconds 20] [--preset rami51]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._report import machine, publish
from rami.bots import random_legal
from rami.engine import apply, deal, legal_actions
from rami.rules import get_rules
from rami.state import Phase


def run(preset: str, players: int, seconds: float) -> dict[str, float]:
    """Play rounds for about ``seconds``; return the rates."""
    rules = get_rules(preset)
    rng = random.Random(players)
    rounds = turns = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = deal(rules, players, f"bench-{players}-{rounds}")
        while state.phase is not Phase.OVER:
            state = apply(state, random_legal(legal_actions(state), rng))
            actions += 1
        turns += state.turn_number
        rounds += 1
    elapsed = time.perf_counter() - start
    return {
        "players": players,
        "rounds": rounds,
        "turns": turns,
        "actions": actions,
        "turns_per_s": turns / elapsed,
        "actions_per_s": actions / elapsed,
        "rounds_per_s": rounds / elapsed,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--preset", default="rami51")
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    rows = [run(args.preset, players, args.seconds) for players in (2, 4)]
    lines = [
        "## Engine playouts (`benchmarks/engine_playout.py`)",
        "",
        f"Command: `python3 benchmarks/engine_playout.py --seconds {args.seconds:g}` "
        f"({machine()}, preset `{args.preset}`, random legal policy, one process; "
        f"load average {load:.1f} when it started).",
        "",
        "| players | rounds | turns/s | actions/s | rounds/s |",
        "|---|---|---|---|---|",
    ]
    for row in rows:
        lines.append(
            f"| {row['players']} | {row['rounds']} | {row['turns_per_s']:,.0f} | "
            f"{row['actions_per_s']:,.0f} | {row['rounds_per_s']:,.1f} |"
        )
    publish("engine", "\n".join(lines), write=not args.no_write)


if __name__ == "__main__":
    main()
