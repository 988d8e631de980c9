"""What the hard level's Monte Carlo search adds: hard with and without it against medium.

Both runs play the same duplicate deals (each deal once per seating) with the same seeds; the
only difference is the hard level's count of sampled worlds. The gain is the per-deal
difference of hard's round-win share, with a 95% normal interval over deals (paired, since a
deal's cards are the same in both runs).

    python3 benchmarks/hard_search.py --deals 600 --seed search-gain   # writes docs/BOTS.md
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

from benchmarks._report import machine, write_section  # noqa: E402
from rami.bots.tournament import EXACT_BUDGET, Config, RoundOutcome, run, summarize  # noqa: E402

BOTS = ROOT / "docs" / "BOTS.md"


def hard_share(deal_rounds: list[RoundOutcome]) -> float:
    """Hard's share of the round wins over one deal's seatings."""
    won = [s.won for r in deal_rounds for s in r.seats if s.label == "hard"]
    return sum(won) / len(won)


def paired_gain(on: list[float], off: list[float]) -> tuple[float, float, float]:
    """Mean per-deal difference ``on - off`` and its 95% normal interval."""
    diffs = [a - b for a, b in zip(on, off, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=600)
    parser.add_argument("--seed", default="search-gain")
    parser.add_argument("--worlds", type=int, default=EXACT_BUDGET.worlds)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    runs = {}
    for worlds in (args.worlds, 0):
        budget = dataclasses.replace(EXACT_BUDGET, worlds=worlds)
        config = Config(("hard", "medium"), 2, "rami51", args.deals, args.seed, budget)
        start = time.perf_counter()
        results = run(config, args.workers)
        runs[worlds] = (results, summarize(config, results), time.perf_counter() - start)
        print(f"worlds {worlds}: {runs[worlds][2]:.0f} s", file=sys.stderr, flush=True)
    on = [hard_share(d) for d in runs[args.worlds][0]]
    off = [hard_share(d) for d in runs[0][0]]
    gain, low, high = paired_gain(on, off)
    lines = [
        f"`python3 benchmarks/hard_search.py --deals {args.deals} --seed {args.seed}` "
        f"({machine()}; rami51, 2 players, {args.deals} deals × 2 seatings against medium; "
        f"load average {load:.1f} when it started).",
        "",
        "| hard's budget | round wins | 95% interval | mean penalty | ms / hard move |",
        "|---|---:|---:|---:|---:|",
    ]
    for worlds, (_, summary, _) in runs.items():
        row = summary["bots"]["hard"]
        name = f"{worlds} worlds (search on)" if worlds else "0 worlds (search off)"
        lines.append(
            f"| {name} | {100 * row['round_win_rate']:.1f}% | "
            f"{100 * row['ci95'][0]:.1f}–{100 * row['ci95'][1]:.1f}% | "
            f"{row['mean_points']:.1f} | {row['mean_move_ms']:.2f} |"
        )
    lines += [
        "",
        f"Gain of the search, paired over the deals: **{100 * gain:+.1f} points** of round-win "
        f"rate (95% interval {100 * low:+.1f} to {100 * high:+.1f}).",
    ]
    markdown = "\n".join(lines)
    print(markdown, flush=True)
    if not args.no_write:
        write_section("hard-search", markdown, BOTS)


if __name__ == "__main__":
    main()
