"""How long ``rami analyze`` takes on a 2-player Rami 51 round, and how stable its verdicts are.

Run from the repository root:

    python3 benchmarks/review_speed.py             # writes docs/PERFORMANCE.md
    python3 benchmarks/review_speed.py --rounds 1  # smaller, prints only

Each round is played by hard (seat 0) against medium (seat 1) from a fixed seed and reviewed
for seat 0 at ``quick`` and at ``full``; the figures are CPU seconds of one process (one core,
whatever the machine's load). The full review is run again on a second seed and the verdicts
compared: of the decisions either run rates a mistake or worse, the share both do. The cost
of one rollout is measured for the fast policy the review plays and for the hard level's
policy (the strongest policy measured in docs/BOTS.md) from the same positions.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from random import Random

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

from benchmarks._report import machine, publish  # noqa: E402
from rami.bots import make_bot  # noqa: E402
from rami.bots.valuation import line_outcome  # noqa: E402
from rami.engine import apply  # noqa: E402
from rami.match import match_apply, new_match  # noqa: E402
from rami.records import GameRecord, dumps, loads  # noqa: E402
from rami.review import BUDGETS, Review, review_record  # noqa: E402
from rami.review.judge import sample_worlds  # noqa: E402
from rami.review.scale import severity  # noqa: E402
from rami.rules import get_rules  # noqa: E402
from rami.state import Phase, RoundState  # noqa: E402
from rami.views import PlayerView, view_for  # noqa: E402

SEAT = 0
SEEDS = ("review", "review-second")


def played_record(seed: str) -> GameRecord:
    """One round, hard (seat 0) against medium (seat 1)."""
    match = new_match(get_rules("rami51"), ["hard", "medium"], seed)
    bots = [make_bot("hard", seed), make_bot("medium", seed)]
    while match.round.phase is not Phase.OVER:
        seat = match.current_seat
        assert seat is not None
        match = match_apply(match, bots[seat].choose(view_for(match, seat)))
    return loads(dumps(match))


def timed(record: GameRecord, budget: str, seed: str) -> tuple[Review, float]:
    start = time.process_time()
    review = review_record(record, SEAT, BUDGETS[budget], seed)
    return review, time.process_time() - start


def serious(review: Review) -> list[bool]:
    """For each judged decision, whether it is rated a mistake or worse."""
    return [severity(d.verdict) >= 2 for r in review.rounds for d in r.decisions]


def hard_rollout(world: RoundState) -> RoundState:
    """The round finished with the hard level's policy at every seat."""
    bots = [make_bot("hard", f"rollout/{seat}") for seat in range(world.players)]
    state = world
    while state.phase is not Phase.OVER and state.turn_number < world.turn_number + 80:
        state = apply(state, bots[state.current].choose(view_for(state, state.current)))
    return state


def rollout_costs(views: list[PlayerView], count: int) -> tuple[float, float]:
    """Milliseconds of CPU per rollout: the fast policy, the hard level's policy."""
    worlds = [w for view in views for w in sample_worlds(view, Random("rollouts"), count)]
    start = time.process_time()
    for world in worlds:
        line_outcome(world, ())
    fast = time.process_time() - start
    start = time.process_time()
    for world in worlds:
        hard_rollout(world)
    hard = time.process_time() - start
    return 1000 * fast / len(worlds), 1000 * hard / len(worlds)


def decision_views(record: GameRecord) -> list[PlayerView]:
    """The reviewed seat's views at the start of a few of its turns."""
    from rami.review.turns import seat_rounds

    turns = [t for r in seat_rounds(record, SEAT) for t in r.turns if t.play_view is not None]
    return [t.play_view for t in turns[:: max(1, len(turns) // 3)] if t.play_view is not None]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="rounds reviewed (default 3)")
    args = parser.parse_args()
    write = args.rounds == 3
    rows, quick_times, full_times = [], [], []
    either = both = 0
    views: list[PlayerView] = []
    for number in range(args.rounds):
        record = played_record(f"review-bench/{number}")
        _, quick_s = timed(record, "quick", SEEDS[0])
        full, full_s = timed(record, "full", SEEDS[0])
        second, _ = timed(record, "full", SEEDS[1])
        pairs = list(zip(serious(full), serious(second), strict=True))
        either += sum(a or b for a, b in pairs)
        both += sum(a and b for a, b in pairs)
        turns = max((d.turn for r in full.rounds for d in r.decisions), default=0)
        rows.append(
            f"| {number} | {turns} | {full.summary.decisions} | {quick_s:.2f} | {full_s:.2f} |"
            f" {sum(a for a, _ in pairs)} / {sum(b for _, b in pairs)} |"
        )
        quick_times.append(quick_s)
        full_times.append(full_s)
        views.extend(decision_views(record))
    fast_ms, hard_ms = rollout_costs(views[:6], 2)
    agreement = f"{100 * both / either:.0f}%" if either else "— (no mistake in either run)"
    markdown = "\n".join(
        [
            f"`python3 benchmarks/review_speed.py` ({machine()}; rami51, 2 players, hard at seat"
            f" 0 against medium, seat 0 reviewed; CPU seconds of one process).",
            "",
            "| round | last turn judged | decisions judged | quick (s) | full (s) |"
            " mistakes or worse, seed 1 / seed 2 |",
            "|---:|---:|---:|---:|---:|---:|",
            *rows,
            "",
            f"Mean **{statistics.mean(quick_times):.2f} s** at quick (max"
            f" {max(quick_times):.2f} s; target ≤ 5 s), **{statistics.mean(full_times):.2f} s**"
            f" at full (max {max(full_times):.2f} s; target ≤ 30 s).",
            "",
            f"Verdicts at full on two seeds ({SEEDS[0]!r}, {SEEDS[1]!r}): of the {either}"
            f" decisions either run rates a mistake or worse, both do for **{agreement}**"
            " (target ≥ 90%).",
            "",
            f"One rollout from the same positions: **{fast_ms:.1f} ms** with the fast policy the"
            f" review plays, **{hard_ms:.0f} ms** with the hard level's policy at every seat.",
        ]
    )
    publish("review", markdown, write)


if __name__ == "__main__":
    main()
