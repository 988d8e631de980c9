"""Whole-match strength of two levels: ``rami simulate --matches``, logged sequence by sequence.

The figures are those of ``rami simulate --bots A,B --matches N --seed SEED`` (the same
configuration, the same :func:`rami.bots.matches.play_sequence`), but every duplicate match
sequence is appended to a log as it ends, so a stopped run resumes and ``--report N`` gives
the figures of its first N sequences. Writes a block of docs/BOTS.md.

    python3 benchmarks/match_strength.py --bots hard,medium --matches 200 --seed pub-matches
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

from benchmarks._report import write_section  # noqa: E402
from benchmarks._resume import resume  # noqa: E402
from rami.bots.matches import (  # noqa: E402
    MatchOutcome,
    MatchSeat,
    play_sequence,
    summarize_matches,
)
from rami.bots.tournament import EXACT_BUDGET, Config  # noqa: E402

BOTS = ROOT / "docs" / "BOTS.md"


def _decode(matches: list[Any]) -> list[MatchOutcome]:
    return [
        MatchOutcome(
            m["rotation"], m["rounds"], m["turns"], tuple(MatchSeat(**s) for s in m["seats"])
        )
        for m in matches
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bots", default="hard,medium")
    parser.add_argument("--rules", default="rami51")
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--seed", default="pub-matches")
    parser.add_argument("--hard-worlds", type=int, default=EXACT_BUDGET.worlds)
    parser.add_argument("--log", type=Path, help="JSON lines of the sequences played (resumed)")
    parser.add_argument("--report", type=int, help="report the first N logged sequences only")
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    bots = tuple(args.bots.split(","))
    budget = dataclasses.replace(EXACT_BUDGET, worlds=args.hard_worlds)
    config = Config(bots, len(bots), args.rules, args.matches, args.seed, budget)

    def play(index: int) -> list[Any]:
        print(f"sequence {index}", file=sys.stderr, flush=True)
        return [dataclasses.asdict(m) for m in play_sequence(config, index)[1]]

    def no_more(index: int) -> Any:
        raise SystemExit(f"only {index} sequences are logged")

    name = f"{args.bots.replace(',', '-')}-{args.rules}-{args.seed}-{args.hard_worlds}"
    log = args.log or Path(f"/tmp/match_strength-{name}.jsonl")
    count = args.matches if args.report is None else args.report
    logged = resume(log, count, play if args.report is None else no_more)
    config = dataclasses.replace(config, deals=len(logged))
    summary = summarize_matches(config, [_decode(m) for m in logged])
    worlds = "" if args.hard_worlds == EXACT_BUDGET.worlds else f" --hard-worlds {args.hard_worlds}"
    rules = "" if args.rules == "rami51" else f" --rules {args.rules}"
    lines = [
        f"`rami simulate --bots {args.bots}{rules} --matches {len(logged)} --seed {args.seed}"
        f"{worlds}` — {summary['rules']} to {summary['match_limit']}, "
        f"{len(logged)} match sequences × {config.players} seatings = {summary['matches']} "
        f"matches, {summary['mean_rounds']} rounds per match on average:",
        "",
        "| level | matches | match wins | 95% interval (Wilson) | rounds | round wins | "
        "95% interval | mean penalty |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for label, row in summary["bots"].items():
        match_low, match_high = row["match_ci95"]
        round_low, round_high = row["round_ci95"]
        lines.append(
            f"| {label} | {row['matches']} | **{100 * row['match_win_rate']:.1f}%** | "
            f"{100 * match_low:.1f}–{100 * match_high:.1f}% | {row['rounds']} | "
            f"{100 * row['round_win_rate']:.1f}% | {100 * round_low:.1f}–{100 * round_high:.1f}% "
            f"| {row['mean_points']:.1f} |"
        )
    markdown = "\n".join(lines)
    print(markdown, flush=True)
    if not args.no_write:
        write_section(f"matches-{name}", markdown, BOTS)


if __name__ == "__main__":
    main()
