"""Solver latency per hand, its ratio to the ILP oracle, and exactness on a large seeded suite.

Run from the repository root:

    python3 benchmarks/solver.py            # full run, writes docs/PERFORMANCE.md
    python3 benchmarks/solver.py --quick    # smaller, prints only

What each table measures is described beside it in docs/PERFORMANCE.md.
"""

from __future__ import annotations

import argparse
import cProfile
import math
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "tests" / "solver"), str(ROOT)]

from solver_checks import check_opening, check_partition, opening_key, partition_key  # noqa: E402
from solver_hands import dense_hand, random_hand, suite  # noqa: E402
from solver_oracle import ilp_opening, ilp_partition  # noqa: E402

from benchmarks._report import machine, publish_blocks  # noqa: E402
from rami import melds  # noqa: E402
from rami.cards import Card  # noqa: E402
from rami.engine import apply, deal  # noqa: E402
from rami.planning import best_turn, hint  # noqa: E402
from rami.rules import RuleSet, get_rules  # noqa: E402
from rami.solver import best_opening, best_partition, candidates  # noqa: E402
from rami.state import Phase  # noqa: E402
from rami.views import view_for  # noqa: E402

Hand = tuple[Card, ...]


def timings(func: Callable[[Hand], object], hands: Sequence[Hand], repeat: int = 3) -> list[float]:
    """Seconds per call for each hand: the least of ``repeat`` calls (the machine is shared,
    so the minimum is the solver's own time without scheduler noise)."""
    out = []
    clock = time.perf_counter
    for hand in hands:
        best = float("inf")
        for _ in range(repeat):
            start = clock()
            func(hand)
            best = min(best, clock() - start)
        out.append(best)
    return out


def pct(sorted_times: Sequence[float], q: float) -> float:
    """The q-quantile (nearest rank) of sorted times, in microseconds."""
    index = min(len(sorted_times) - 1, max(0, round(q * len(sorted_times)) - 1))
    return sorted_times[index] * 1e6


SUMMARY: list[tuple[float, float, float]] = []
"""(p50 µs, p99 µs, ILP ratio) of every timed row with an ILP column."""


def row(name: str, times: list[float], ilp: list[float] | None) -> str:
    ts = sorted(times)
    cells = [f"{pct(ts, q):.0f}" for q in (0.5, 0.9, 0.99)] + [f"{ts[-1] * 1e6:.0f}"]
    mean = statistics.fmean(times) * 1e6
    ratio = ""
    if ilp is not None:
        ilp_mean = statistics.fmean(ilp) * 1e6
        # one decimal, rounded down: a row shown at 100× is at 100× or more
        ratio = f"{ilp_mean / 1000:.2f} ms | {math.floor(10 * ilp_mean / mean) / 10:.1f}×"
        SUMMARY.append((pct(ts, 0.5), pct(ts, 0.99), ilp_mean / mean))
    return f"| {name} | " + " | ".join(cells) + f" | {mean:.0f} | {ratio} |"


def targets() -> str:
    """How many of the rows with an ILP column meet each target."""
    rows = len(SUMMARY)
    p50 = sum(p <= 200 for p, _, _ in SUMMARY)
    p99 = sum(p <= 2000 for _, p, _ in SUMMARY)
    fast = sum(r >= 100 for _, _, r in SUMMARY)
    low, high = min(r for _, _, r in SUMMARY), max(r for _, _, r in SUMMARY)
    return "\n".join(
        [
            "| target | rows meeting it |",
            "|---|---|",
            f"| p50 ≤ 200 µs | {p50} of {rows} |",
            f"| p99 ≤ 2 ms | {p99} of {rows} |",
            f"| ≥ 100× the ILP | {fast} of {rows} (ratios {low:.0f}× to {high:.0f}×) |",
        ]
    )


def clear_caches() -> None:
    """Forget every lazily built table, as in a fresh process."""
    for cache in (candidates._SHAPES, candidates._RUNS, candidates._SUITS, candidates._SETS):
        cache.clear()
    for cache in (candidates._ORDERS,):
        cache.clear()
    for cached in (melds._run_melds, melds._set_melds, candidates.declared_meld):
        cached.cache_clear()
    melds._run_templates.cache_clear()
    melds._set_templates.cache_clear()


def latency(rules: RuleSet, count: int, ilp_count: int, seed: int) -> tuple[str, str]:
    """The partition table and the opening table."""
    rng = random.Random(seed)
    for _ in range(2000):  # warm-up on other hands
        for hand in (
            dense_hand(rng, 14, 2, rng.randint(0, 2)),
            random_hand(rng, 14, 2, rng.randint(0, 2)),
        ):
            best_partition(hand, rules)
            best_opening(hand, rules, ignore_threshold=True)
    header = (
        "| hands (14 cards) | p50 µs | p90 µs | p99 µs | max µs | mean µs | ILP mean | ratio |\n"
        "|---|---|---|---|---|---|---|---|"
    )
    part_rows, open_rows = [header], [header]
    cold: list[str] = []
    cold_opening: list[str] = []
    for kind, make in (("random", random_hand), ("dense", dense_hand)):
        for jokers in (0, 1, 2):
            hands = [make(rng, 14, 2, jokers) for _ in range(count)]
            name = f"{kind}, {jokers} joker{'s' if jokers != 1 else ''}"
            some = hands[:ilp_count]
            ilp_p = timings(lambda h: ilp_partition(h, rules), some)
            ilp_o = timings(lambda h: ilp_opening(h, rules), some)
            part = timings(lambda h: best_partition(h, rules), hands)
            opening = timings(lambda h: best_opening(h, rules, ignore_threshold=True), hands)
            part_rows.append(row(name, part, ilp_p))
            open_rows.append(row(name, opening, ilp_o))
            if kind == "dense" and jokers == 2:
                clear_caches()
                part = timings(lambda h: best_partition(h, rules), hands)
                cold.append(row(name + ", cold caches", part, None))
                clear_caches()
                opening = timings(lambda h: best_opening(h, rules, ignore_threshold=True), hands)
                cold_opening.append(row(name + ", cold caches", opening, None))
            print(part_rows[-1], flush=True)
    return "\n".join(part_rows + cold), "\n".join(open_rows + cold_opening)


def planner(games: int, seed: int) -> str:
    """Latency of the turn planner on every play-phase position of seeded hint-driven games."""
    times: list[float] = []
    for game in range(games):
        rules = get_rules(("rami51", "rami40", "scala40")[game % 3])
        state = deal(rules, 2 + game % 3, f"bench-{seed}-{game}")
        while state.phase is not Phase.OVER:
            view = view_for(state, state.current)
            if state.phase is Phase.PLAY:
                start = time.perf_counter()
                best_turn(view)
                times.append(time.perf_counter() - start)
            found = hint(view)
            assert found is not None
            for action in found.actions:
                state = apply(state, action)
    ts = sorted(times)
    cells = " | ".join(f"{pct(ts, q) / 1000:.2f}" for q in (0.5, 0.9, 0.99))
    return (
        "| games | positions | p50 ms | p90 ms | p99 ms | max ms |\n|---|---|---|---|---|---|\n"
        f"| {games} | {len(ts):,} | {cells} | {ts[-1] * 1000:.2f} |"
    )


def profile(rules: RuleSet, seed: int) -> str:
    """Where best_partition spends its time on meld-dense hands with two jokers (after a
    warm-up on other hands, as for the latency rows)."""
    rng = random.Random(seed)
    for _ in range(2000):
        best_partition(dense_hand(rng, 14, 2, 2), rules)
    hands = [dense_hand(rng, 14, 2, 2) for _ in range(1000)]
    prof = cProfile.Profile()
    prof.enable()
    for hand in hands:
        best_partition(hand, rules)
    prof.disable()
    stats = pstats.Stats(prof)
    total = sum(v[2] for v in stats.stats.values())  # type: ignore[attr-defined]
    rows = sorted(stats.stats.items(), key=lambda kv: -kv[1][2])[:4]  # type: ignore[attr-defined]
    lines = [
        f"| `{func[2]}` ({'built-in' if func[0] == '~' else Path(func[0]).name}) | "
        f"{calls[1] / len(hands):.0f} | {calls[2] / total:.0%} |"
        for func, calls in rows
    ]
    return "\n".join(["| function | calls per hand | share of time |", "|---|---|---|", *lines])


VARIANTS = [
    get_rules("rami51"),
    get_rules("rami40"),
    get_rules("scala40"),
    get_rules("rami51").replace(jokers_per_meld=2),
    get_rules("rami40").replace(jokers_count_in_opening=False),
    get_rules("rami51").replace(ace_in_hand=1, joker_in_hand=50),
]


def exactness(count: int, seed: int) -> str:
    rng = random.Random(seed)
    hands = suite(seed, count)
    start = time.perf_counter()
    for i, (hand, _decks) in enumerate(hands):
        rules = VARIANTS[i % len(VARIANTS)]
        found = best_partition(hand, rules)
        check_partition(hand, rules, found)
        if partition_key(found) != ilp_partition(hand, rules):
            raise SystemExit(f"partition disagrees with the ILP on {hand} ({rules.name})")
        must = rng.choice(hand) if rng.random() < 0.3 else None
        keep = rng.choice((0, 0, 0, 1, 4))
        opening = best_opening(hand, rules, must_include=must, keep=keep, ignore_threshold=True)
        if opening is not None:
            check_opening(hand, rules, opening, must, keep)
        if opening_key(opening) != ilp_opening(hand, rules, must, keep):
            raise SystemExit(f"opening disagrees with the ILP on {hand} ({must}, {keep})")
        if (i + 1) % 5000 == 0:
            print(f"  {i + 1} hands agree", flush=True)
    took = time.perf_counter() - start
    return (
        "| hands | seed | rule variants | disagreements | seconds |\n|---|---|---|---|---|\n"
        f"| {count:,} | {seed} | {len(VARIANTS)} | 0 | {took:.0f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000, help="hands per latency row")
    parser.add_argument("--ilp-hands", type=int, default=1000, help="hands per row for the ILP")
    parser.add_argument("--exact", type=int, default=20000, help="hands checked against the ILP")
    parser.add_argument("--games", type=int, default=30, help="games for the planner row")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--quick", action="store_true", help="small run, nothing written")
    args = parser.parse_args()
    if args.quick:
        args.hands, args.ilp_hands, args.exact, args.games = 500, 50, 500, 3
    rules = get_rules("rami51")
    partition, opening = latency(rules, args.hands, args.ilp_hands, args.seed)
    blocks = {
        "solver-run": f"Measured: {machine()}, {args.hands:,} hands per row, the ILP on the "
        f"first {args.ilp_hands:,} of each.",
        "solver-partition": partition,
        "solver-opening": opening,
        "solver-targets": targets(),
        "solver-turn": planner(args.games, args.seed),
        "solver-profile": profile(rules, args.seed),
        "solver-exact": exactness(args.exact, args.seed),
    }
    publish_blocks(blocks, write=not args.quick)


if __name__ == "__main__":
    main()
