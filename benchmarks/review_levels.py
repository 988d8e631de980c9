"""Does the review order the bot levels? Mean points lost per decision, level by level.

Run from the repository root:

    python3 benchmarks/review_levels.py --rounds 200 --write          # the target; docs/BOTS.md
    python3 benchmarks/review_levels.py --rounds 4 --workers 2         # smaller, prints only
    python3 benchmarks/review_levels.py --budget full --levels medium,hard --write  # own block

Each round is a 2-player Rami 51 round from a fixed seed, the level at seat 0 against medium
at seat 1; seat 0 is reviewed (``--budget``, quick by default) and every judged decision's
counted points lost is kept. Per level: the rounds, the decisions, the mean points lost per
decision with a 95% interval (the rounds are the independent units: a ratio estimate over
rounds, its standard error by the delta method), the mean round-win probability lost and the
accuracy. The review should find random > easy > medium > hard > expert.
"""

from __future__ import annotations

import argparse
import math
import sys
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

from benchmarks._report import machine, write_section  # noqa: E402
from rami.bots import make_bot  # noqa: E402
from rami.match import match_apply, new_match  # noqa: E402
from rami.records import dumps, loads  # noqa: E402
from rami.review import BUDGETS, review_record  # noqa: E402
from rami.rules import get_rules  # noqa: E402
from rami.state import Phase  # noqa: E402
from rami.views import view_for  # noqa: E402

LEVELS = ("random", "easy", "medium", "hard", "expert")
OPPONENT = "medium"
BOTS_MD = ROOT / "docs" / "BOTS.md"
TARGET = 200

RoundLoss = tuple[float, float, float, int]
"""Summed counted points lost, win probability lost, accuracy, and the decisions judged."""


def reviewed(task: tuple[str, int, str]) -> RoundLoss:
    """One round of ``level`` (seat 0) against medium, seat 0 reviewed at ``budget``."""
    level, number, budget = task
    seed = f"review-levels/{level}/{number}"
    match = new_match(get_rules("rami51"), [level, OPPONENT], seed)
    bots = [make_bot(level, seed), make_bot(OPPONENT, seed)]
    while match.round.phase is not Phase.OVER:
        seat = match.current_seat
        assert seat is not None
        match = match_apply(match, bots[seat].choose(view_for(match, seat)))
    review = review_record(loads(dumps(match)), 0, BUDGETS[budget], "review-levels")
    found = [d for r in review.rounds for d in r.decisions]
    return (
        sum(d.loss_points for d in found),
        sum(d.loss_win for d in found),
        sum(d.accuracy for d in found),
        len(found),
    )


def ratio(rounds: list[RoundLoss], part: int) -> tuple[float, float]:
    """The mean per decision of field ``part`` over ``rounds`` and its standard error."""
    counts = [r[3] for r in rounds]
    total = sum(counts)
    if not total:
        return 0.0, 0.0
    mean = sum(r[part] for r in rounds) / total
    k = len(rounds)
    if k < 2:
        return mean, math.inf
    mean_count = total / k
    spread = sum((r[part] - mean * r[3]) ** 2 for r in rounds) / (k - 1)
    return mean, math.sqrt(spread / k) / mean_count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=TARGET, help="rounds per level")
    parser.add_argument("--budget", choices=sorted(BUDGETS), default="quick")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--write", action="store_true", help="store the table in docs/BOTS.md")
    args = parser.parse_args()
    levels = args.levels.split(",")
    tasks = [(level, n, args.budget) for n in range(args.rounds) for level in levels]
    found: dict[str, list[RoundLoss]] = {level: [] for level in levels}
    with Pool(args.workers) as pool:
        for (level, number, _), result in zip(tasks, pool.imap(reviewed, tasks), strict=True):
            found[level].append(result)
            if level == levels[-1] and (number + 1) % 10 == 0:
                print(f"{number + 1} rounds of each level reviewed", file=sys.stderr, flush=True)
    rows = []
    for level in levels:
        rounds = found[level]
        points, points_error = ratio(rounds, 0)
        win, _ = ratio(rounds, 1)
        accuracy, _ = ratio(rounds, 2)
        low, high = points - 1.96 * points_error, points + 1.96 * points_error
        rows.append(
            f"| {level} | {len(rounds)} | {sum(r[3] for r in rounds)} | {points:.2f}"
            f" | {low:.2f} – {high:.2f} | {100 * win:.1f} | {accuracy:.1f} |"
        )
    chosen = "" if tuple(levels) == LEVELS else f" --levels {args.levels}"
    markdown = "\n".join(
        [
            f"`python3 benchmarks/review_levels.py --rounds {args.rounds} --budget {args.budget}"
            f"{chosen}`"
            f" ({machine()}; rami51, 2 players, the level at seat 0 against {OPPONENT}, seat 0"
            f" reviewed at {args.budget}; {args.rounds} rounds per level, the target is"
            f" {TARGET}).",
            "",
            "| level | rounds | decisions judged | points lost per decision |"
            " 95% interval | win % lost per decision | accuracy % |",
            "|---|---:|---:|---:|---:|---:|---:|",
            *rows,
        ]
    )
    print(markdown, flush=True)
    if args.write:
        block = "review-levels" if args.budget == "quick" else f"review-levels-{args.budget}"
        write_section(block, markdown, BOTS_MD)


if __name__ == "__main__":
    main()
