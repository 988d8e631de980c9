"""How stable the review's verdicts are: the same rounds reviewed at ``full`` on two seeds.

Run from the repository root:

    python3 benchmarks/review_agreement.py               # 10 rounds, writes docs/PERFORMANCE.md
    python3 benchmarks/review_agreement.py --rounds 2    # smaller, prints only
    python3 benchmarks/review_agreement.py --workers 2   # the reviews in 2 processes (same figures)

Each round is played by hard (seat 0) against medium (seat 1) from a fixed seed, as in
``review_speed.py``; both seats are reviewed at ``full`` with two sampling seeds. Of the
decisions either run rates a mistake or worse, the share both runs do is the agreement; the
same figure for blunders and the share of all decisions given the same verdict stand beside it.
The last column counts the decisions rated a mistake or worse in one run only, those of them
that played the budget's most worlds in both runs, and the median standard error of their
points lost.
A decision's verdict needs its loss above the threshold by two standard errors
(:mod:`rami.review.scale`); the reviews are the same whatever ``--workers``.
"""

from __future__ import annotations

import argparse
import sys
from multiprocessing import Pool
from pathlib import Path
from statistics import median
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

from benchmarks._report import machine, publish  # noqa: E402
from benchmarks.review_speed import SEEDS, played_record  # noqa: E402
from rami.records import GameRecord  # noqa: E402
from rami.review import BUDGETS, review_record  # noqa: E402
from rami.review.scale import severity  # noqa: E402

WRITTEN_ROUNDS = 10


MISTAKE, BLUNDER = severity("mistake"), severity("blunder")


class Judged(NamedTuple):
    """One judged decision, as the benchmark compares it."""

    severity: int
    """0 good … 3 blunder."""
    worlds: int
    points_error: float
    """The standard error of its points lost."""


def severities(record: GameRecord, seat: int, seed: str) -> list[Judged]:
    """Each judged decision of ``seat``."""
    review = review_record(record, seat, BUDGETS["full"], seed)
    return [
        Judged(severity(d.verdict), d.worlds, d.points_error)
        for r in review.rounds
        for d in r.decisions
    ]


def reviewed(task: tuple[int, int, str]) -> list[Judged]:
    """The severities of one (round number, seat, seed) of the benchmark."""
    number, seat, seed = task
    return severities(played_record(f"review-bench/{number}"), seat, seed)


def share(both: int, either: int) -> str:
    return f"{100 * both / either:.0f}% of {either}" if either else "— (none in either run)"


def agreement(pairs: list[tuple[Judged, Judged]], level: int) -> str:
    """Of the decisions either run rates ``level`` or worse, the share both do."""
    either = sum(a.severity >= level or b.severity >= level for a, b in pairs)
    both = sum(a.severity >= level and b.severity >= level for a, b in pairs)
    return share(both, either)


def split_mistakes(pairs: list[tuple[Judged, Judged]]) -> str:
    """The decisions one run rates a mistake or worse and the other not: how many, how many
    played the budget's most worlds in both runs, their points lost's median standard error."""
    split = [(a, b) for a, b in pairs if (a.severity >= MISTAKE) != (b.severity >= MISTAKE)]
    if not split:
        return "none"
    most = BUDGETS["full"].max_worlds
    capped = sum(a.worlds == b.worlds == most for a, b in split)
    error = median(e for a, b in split for e in (a.points_error, b.points_error))
    return f"{len(split)}; {capped} at {most} worlds; ± {error:.1f} points"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=WRITTEN_ROUNDS)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    tasks = [(n, seat, seed) for n in range(args.rounds) for seat in (0, 1) for seed in SEEDS]
    with Pool(args.workers) as pool:
        found = pool.imap(reviewed, tasks)
        pairs: list[tuple[Judged, Judged]] = []
        for number in range(args.rounds):
            for _seat in (0, 1):
                first, second = next(found), next(found)
                pairs.extend(zip(first, second, strict=True))
            print(
                f"round {number}: {len(pairs)} decisions so far; mistake or worse in both"
                f" {agreement(pairs, MISTAKE)}, blunder {agreement(pairs, BLUNDER)}",
                flush=True,
            )

    same = sum(a.severity == b.severity for a, b in pairs)
    markdown = "\n".join(
        [
            f"`python3 benchmarks/review_agreement.py --rounds {args.rounds}` ({machine()};"
            " rami51, 2 players, hard against medium, both seats reviewed at full on seeds"
            f" {SEEDS[0]!r} and {SEEDS[1]!r}).",
            "",
            "| decisions | same verdict | mistake or worse in both, of those in either |"
            " blunder in both, of those in either | mistakes in one run only: worlds, error |",
            "|---:|---:|---:|---:|---|",
            f"| {len(pairs)} | {100 * same / max(1, len(pairs)):.1f}%"
            f" | {agreement(pairs, MISTAKE)} | {agreement(pairs, BLUNDER)}"
            f" | {split_mistakes(pairs)} |",
        ]
    )
    publish("review-agreement", markdown, args.rounds >= WRITTEN_ROUNDS)


if __name__ == "__main__":
    main()
