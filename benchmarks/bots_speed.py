"""Bot decision times per level in games against medium bots, and the hard level's search work.

Run from the repository root:

    python3 benchmarks/bots_speed.py            # full run, writes docs/PERFORMANCE.md
    python3 benchmarks/bots_speed.py --quick    # smaller, prints only
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

from benchmarks._report import machine, publish_blocks  # noqa: E402
from rami.bots.hard import HardBot  # noqa: E402
from rami.bots.tournament import EXACT_BUDGET, build_bot  # noqa: E402
from rami.engine import apply, deal  # noqa: E402
from rami.rules import get_rules  # noqa: E402
from rami.state import Phase  # noqa: E402
from rami.views import view_for  # noqa: E402

LEVELS = ("random", "easy", "medium", "hard")
TABLES = (("rami51", 2), ("rami40", 4))


@dataclass
class Measured:
    """Every decision of one level: its time, and for the hard level's searched decisions the
    worlds and rollouts it played."""

    times: list[float] = field(default_factory=list)
    searched_times: list[float] = field(default_factory=list)
    worlds: list[float] = field(default_factory=list)
    rollouts: list[float] = field(default_factory=list)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def measure(level: str, rules_name: str, players: int, deals: int) -> Measured:
    """``level`` at each seat in turn of ``deals`` deals, the other seats medium."""
    rules = get_rules(rules_name)
    found = Measured()
    for index in range(deals):
        seed = f"speed-{level}/{index}"
        for mine in range(players):
            bots = [
                build_bot(level if seat == mine else "medium", f"{seed}/{seat}", EXACT_BUDGET)
                for seat in range(players)
            ]
            state = deal(rules, players, seed, players - 1)
            while state.phase is not Phase.OVER:
                seat = state.current
                view = view_for(state, seat)
                start = time.perf_counter()
                action = bots[seat].choose(view)
                spent = 1000 * (time.perf_counter() - start)
                if seat == mine:
                    found.times.append(spent)
                    bot = bots[seat]
                    if isinstance(bot, HardBot) and bot.worlds_searched:
                        found.searched_times.append(spent)
                        found.worlds.append(bot.worlds_searched)
                        found.rollouts.append(bot.rollouts_searched)
                state = apply(state, action)
    return found


def time_row(name: str, times: Sequence[float]) -> str:
    """One row of the decision-time table."""
    return (
        f"| {name} | {len(times)} | {percentile(times, 0.5):.2f} | "
        f"{percentile(times, 0.95):.2f} | {max(times, default=0):.1f} |"
    )


def work_row(table: str, found: Measured) -> str:
    """One row of the hard level's search work."""
    counts = (found.worlds, found.rollouts)
    cells = [f"{percentile(values, q):.0f}" for values in counts for q in (0.5, 1)]
    share = len(found.searched_times) / max(1, len(found.times))
    return f"| {table} | {len(found.searched_times)} | {share:.0%} | " + " | ".join(cells) + " |"


def main(argv: Sequence[str] | None = None) -> None:
    """Time every level and print (and unless ``--quick``, write) the tables."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer deals, print only")
    args = parser.parse_args(argv)
    deals = 3 if args.quick else 20
    load = os.getloadavg()[0]
    times = [
        f"Measured: {machine()}, {deals} deals per table, each level at every seat in turn; "
        f"load average {load:.1f} when it started.",
        "",
        "| level · table | decisions | p50 ms | p95 ms | max ms |",
        "|---|---:|---:|---:|---:|",
    ]
    work = [
        "| table | searched decisions | share of hard's decisions | worlds p50 | worlds max "
        "| rollouts p50 | rollouts max |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for rules, players in TABLES:
        table = f"{rules}, {players} players"
        for level in LEVELS:
            found = measure(level, rules, players, deals)
            times.append(time_row(f"{level} · {table}", found.times))
            if level == "hard":
                times.append(time_row(f"hard, searched only · {table}", found.searched_times))
                work.append(work_row(table, found))
            print(times[-1], flush=True)
    publish_blocks({"bots": "\n".join(times), "bots-work": "\n".join(work)}, not args.quick)


if __name__ == "__main__":
    main()
