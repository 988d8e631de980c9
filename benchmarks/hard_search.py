"""What the hard level's Monte Carlo search adds: hard with and without it against medium.

Both runs play the same duplicate deals (each deal once per seating) with the same seeds; the
only difference is the hard level's count of sampled worlds. The gain is the per-deal
difference of hard's round-win share, with a 95% normal interval over deals (paired, since a
deal's cards are the same in both runs). Each deal is played with both budgets before the
next, and logged (``--log``), so a stopped run resumes and ``--report N`` gives the figures of
its first N deals (exactly those of ``--deals N``).

    python3 benchmarks/hard_search.py --deals 600 --seed search-gain   # writes docs/BOTS.md
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

from benchmarks._report import machine, write_section  # noqa: E402
from benchmarks._resume import resume  # noqa: E402
from rami.bots.tournament import (  # noqa: E402
    EXACT_BUDGET,
    Config,
    RoundOutcome,
    SeatResult,
    play_deal,
    summarize,
)

BOTS = ROOT / "docs" / "BOTS.md"
SEARCH_WORLDS = 24
"""The search measured: the hard level's former default of worlds per decision."""


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


def _encode(rounds: list[RoundOutcome]) -> list[Any]:
    return [dataclasses.asdict(r) for r in rounds]


def _decode(rounds: list[Any]) -> list[RoundOutcome]:
    return [
        RoundOutcome(
            r["rotation"], r["turns"], r["reason"], tuple(SeatResult(**s) for s in r["seats"])
        )
        for r in rounds
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=600)
    parser.add_argument("--seed", default="search-gain")
    parser.add_argument("--worlds", type=int, default=SEARCH_WORLDS)
    parser.add_argument("--log", type=Path, help="JSON lines of the deals played (resumed)")
    parser.add_argument("--report", type=int, help="report the first N logged deals only")
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    configs = {
        worlds: Config(
            ("hard", "medium"),
            2,
            "rami51",
            args.deals,
            args.seed,
            dataclasses.replace(EXACT_BUDGET, worlds=worlds),
        )
        for worlds in (args.worlds, 0)
    }

    def play(index: int) -> dict[str, Any]:
        print(f"deal {index}", file=sys.stderr, flush=True)
        return {str(w): _encode(play_deal(c, index)[1]) for w, c in configs.items()}

    log = args.log or Path(f"/tmp/hard_search-{args.seed}-{args.worlds}.jsonl")
    if args.report is not None:
        args.deals = args.report
    logged = resume(log, args.deals, play if args.report is None else _no_more)
    args.deals = len(logged)
    runs = {}
    for worlds, config in configs.items():
        config = dataclasses.replace(config, deals=args.deals)
        results = [_decode(d[str(worlds)]) for d in logged]
        runs[worlds] = (results, summarize(config, results), 0.0)
    on = [hard_share(d) for d in runs[args.worlds][0]]
    off = [hard_share(d) for d in runs[0][0]]
    gain, low, high = paired_gain(on, off)
    lines = [
        f"`python3 benchmarks/hard_search.py --deals {args.deals} --seed {args.seed}"
        f"{'' if args.worlds == SEARCH_WORLDS else f' --worlds {args.worlds}'}` "
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


def _no_more(index: int) -> Any:
    raise SystemExit(f"only {index} deals are logged")


if __name__ == "__main__":
    main()
