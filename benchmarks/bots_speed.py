"""Bot decision times: p50 / p95 / max per level, in real games against the medium level.

Run from the repository root:

    python3 benchmarks/bots_speed.py            # full run, writes docs/PERFORMANCE.md
    python3 benchmarks/bots_speed.py --quick    # smaller, prints only

Every ``choose`` call is timed in one process (the referee's view building is not counted),
over duplicate 2-player deals of the reference rules and 4-player deals of Rami 40. The hard
level runs at its default budget; its "searched" row counts only the decisions it searched
(a discard with a choice: the one-draw lookahead, then the Monte Carlo check).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

from benchmarks._report import machine, publish  # noqa: E402
from rami.bots.hard import DEFAULT_BUDGET  # noqa: E402
from rami.bots.tournament import Config, run  # noqa: E402

LEVELS = ("random", "easy", "medium", "hard")
TABLES = (("rami51", 2), ("rami40", 4))
SEARCHED_MS = 1.0
"""Hard decisions slower than this are counted as searched (the medium policy alone is
well under it)."""


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def decision_times(level: str, rules: str, players: int, deals: int) -> list[float]:
    """Milliseconds of every decision ``level`` made in ``deals`` duplicate deals."""
    bots = (level,) + ("medium",) * (players - 1)
    config = Config(bots, players, rules, deals, f"speed-{level}")
    results = run(config, workers=1)
    return [
        1000 * t
        for rounds in results
        for outcome in rounds
        for seat in outcome.seats
        if seat.label == level
        for t in seat.times
    ]


def row(name: str, times: Sequence[float]) -> str:
    """One table row."""
    return (
        f"| {name} | {len(times)} | {percentile(times, 0.5):.2f} | "
        f"{percentile(times, 0.95):.2f} | {max(times, default=0):.1f} |"
    )


def main(argv: Sequence[str] | None = None) -> None:
    """Time every level and print (and unless ``--quick``, write) the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer deals, print only")
    args = parser.parse_args(argv)
    deals = 3 if args.quick else 20
    lines = [
        "## Bots: decision time",
        "",
        "`python3 benchmarks/bots_speed.py` — every `choose` call of one level against medium"
        f" bots, {deals} duplicate deals per table, one process; hard at its default budget"
        f" ({DEFAULT_BUDGET.worlds} worlds, {DEFAULT_BUDGET.max_ms:.0f} ms cap). {machine()}.",
        "",
        "| level · table | decisions | p50 ms | p95 ms | max ms |",
        "|---|---:|---:|---:|---:|",
    ]
    for rules, players in TABLES:
        for level in LEVELS:
            times = decision_times(level, rules, players, deals)
            lines.append(row(f"{level} · {rules}, {players} players", times))
            if level == "hard":
                searched = [t for t in times if t > SEARCHED_MS]
                lines.append(row(f"hard, searched only · {rules}, {players} players", searched))
            print(lines[-1], flush=True)
    publish("bots", "\n".join(lines), write=not args.quick)


if __name__ == "__main__":
    main()
