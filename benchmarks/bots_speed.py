"""Bot decision times per level in games against medium bots, and the searching levels' work.

Run from the repository root:

    python3 benchmarks/bots_speed.py                   # every level, writes docs/PERFORMANCE.md
    python3 benchmarks/bots_speed.py --levels expert   # the expert level's block only
    python3 benchmarks/bots_speed.py --quick           # smaller, prints only

Each level is measured in a fresh process of its own, so its peak resident memory is the
memory one bot process of that level needs (the interpreter and the engine included).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

from benchmarks._report import machine, publish_blocks  # noqa: E402
from rami.bots.expert import ExpertBot  # noqa: E402
from rami.bots.hard import HardBot  # noqa: E402
from rami.bots.tournament import EXACT_BUDGET, build_bot  # noqa: E402
from rami.engine import apply, deal  # noqa: E402
from rami.rules import get_rules  # noqa: E402
from rami.state import Phase  # noqa: E402
from rami.views import view_for  # noqa: E402

LEVELS = ("random", "easy", "medium", "hard", "expert")
SEARCHING = ("hard", "expert")
TABLES = (("rami51", 2), ("rami40", 4))


@dataclass
class Measured:
    """Every decision of one level: its time, and for a searching level's searched decisions
    the worlds and rollouts it played; the process's peak resident memory."""

    times: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    """CPU time of each decision (what one core spends, whatever the machine's load)."""
    searched_times: list[float] = field(default_factory=list)
    searched_cpu: list[float] = field(default_factory=list)
    worlds: list[float] = field(default_factory=list)
    rollouts: list[float] = field(default_factory=list)
    peak_mib: float = 0.0


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
                start, start_cpu = time.perf_counter(), time.process_time()
                action = bots[seat].choose(view)
                spent = 1000 * (time.perf_counter() - start)
                if seat == mine:
                    found.times.append(spent)
                    found.cpu.append(1000 * (time.process_time() - start_cpu))
                    bot = bots[seat]
                    if isinstance(bot, (HardBot, ExpertBot)) and bot.worlds_searched:
                        found.searched_times.append(spent)
                        found.searched_cpu.append(found.cpu[-1])
                        found.worlds.append(bot.worlds_searched)
                        found.rollouts.append(bot.rollouts_searched)
                state = apply(state, action)
    found.peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return found


def measure_alone(level: str, rules_name: str, players: int, deals: int) -> Measured:
    """:func:`measure` in a fresh process (its peak memory is that level's alone)."""
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        return pool.apply(measure, (level, rules_name, players, deals))


def time_row(name: str, times: Sequence[float], cpu: Sequence[float]) -> str:
    """One row of the decision-time table (wall clock, then CPU time)."""
    return (
        f"| {name} | {len(times)} | {percentile(times, 0.5):.2f} | "
        f"{percentile(times, 0.95):.2f} | {max(times, default=0):.1f} | "
        f"{percentile(cpu, 0.5):.2f} | {percentile(cpu, 0.95):.2f} |"
    )


def work_row(table: str, found: Measured) -> str:
    """One row of a searching level's work."""
    counts = (found.worlds, found.rollouts)
    cells = [f"{percentile(values, q):.0f}" for values in counts for q in (0.5, 1)]
    share = len(found.searched_times) / max(1, len(found.times))
    return f"| {table} | {len(found.searched_times)} | {share:.0%} | " + " | ".join(cells) + " |"


TIME_HEAD = [
    "| level · table | decisions | p50 ms | p95 ms | max ms | CPU p50 ms | CPU p95 ms |",
    "|---|---:|---:|---:|---:|---:|---:|",
]
WORK_HEAD = [
    "| table | searched decisions | share of decisions | worlds p50 | worlds max "
    "| rollouts p50 | rollouts max |",
    "|---|---:|---:|---:|---:|---:|---:|",
]


def main(argv: Sequence[str] | None = None) -> None:
    """Time the levels and print (and unless ``--quick``, write) the tables."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer deals, print only")
    parser.add_argument("--levels", default=",".join(LEVELS), help="levels to measure")
    parser.add_argument("--deals", type=int, help="deals per table (default 20; quick 3)")
    args = parser.parse_args(argv)
    levels = [level for level in args.levels.split(",") if level]
    deals = args.deals or (3 if args.quick else 20)
    load = os.getloadavg()[0]
    head = (
        f"Measured: {machine()}, {deals} deals per table, each level at every seat in turn; "
        f"load average {load:.1f} on 2 cores when it started."
    )
    times = [head, "", *TIME_HEAD]
    expert = [head, "", *TIME_HEAD]
    work = {level: list(WORK_HEAD) for level in SEARCHING}
    memory = ["| level · table | peak memory MiB |", "|---|---:|"]
    for rules, players in TABLES:
        table = f"{rules}, {players} players"
        for level in levels:
            found = measure_alone(level, rules, players, deals)
            rows = [time_row(f"{level} · {table}", found.times, found.cpu)]
            if level in SEARCHING:
                name = f"{level}, searched only · {table}"
                rows.append(time_row(name, found.searched_times, found.searched_cpu))
                work[level].append(work_row(table, found))
            times.extend(rows)
            if level == "expert":
                expert.extend(rows)
            memory.append(f"| {level} · {table} | {found.peak_mib:.0f} |")
            print("\n".join(rows), flush=True)
    blocks = {"bots-memory": "\n".join(memory)}
    if "expert" in levels:
        blocks["bots-expert"] = "\n".join(expert)
        blocks["bots-expert-work"] = "\n".join(work["expert"])
    if set(LEVELS) <= set(levels):
        blocks.update({"bots": "\n".join(times), "bots-work": "\n".join(work["hard"])})
    publish_blocks(blocks, not args.quick)


if __name__ == "__main__":
    main()
