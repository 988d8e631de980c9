"""The expert level's strength on duplicate deals: against hard, and with against without
inference. Deals are played in order and the summary of the deals done so far is saved after
each one, so a run stopped early still gives exact figures for its first N deals.

Run from the repository root:

    python3 benchmarks/expert_strength.py --versus hard --deals 1000 --seed pub-eh --save eh.json
    python3 benchmarks/expert_strength.py --versus uniform --deals 500 --seed pub-ei --save ei.json
    python3 benchmarks/expert_strength.py --render eh.json     # its table into docs/BOTS.md

``--part K/N`` plays only the deals whose index is K modulo N (one process per core, each
with its own ``--save``); ``--render a.json b.json`` merges the parts and publishes the
longest run of deals 0, 1, 2, ... that all of them together completed.

``--versus hard`` plays exactly what ``rami simulate --bots expert,hard --rounds N --seed S``
plays (the same referee, seeds and budgets). ``--versus uniform`` seats ``expert`` against
``expert-uniform``: the same bot drawing its worlds without inference.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

from benchmarks._report import write_section  # noqa: E402
from rami.bots import Bot, tournament  # noqa: E402
from rami.bots.expert import DEFAULT_BUDGET, ExpertBot  # noqa: E402
from rami.bots.hard import Budget  # noqa: E402
from rami.bots.tournament import (  # noqa: E402
    EXACT_BUDGET,
    Config,
    RoundOutcome,
    SeatResult,
    play_deal,
    summarize,
)

BOTS_MD = ROOT / "docs" / "BOTS.md"
UNIFORM_LEVEL = "expert-uniform"
PLAIN_BUILD = tournament.build_bot
FAST_ROLLOUTS = replace(DEFAULT_BUDGET, worlds=20, discards=3, prune_every=4, policy_turns=0)
"""``--fast-rollouts``: the expert search with every rollout played by the fast policy."""
EXPERT_BUDGET = {"expert": DEFAULT_BUDGET}
"""The budget the expert bots of this run get (set by ``--fast-rollouts``)."""


def build_with_uniform(level: str, seed: str, budget: Budget = EXACT_BUDGET) -> Bot:
    """The referee's bot builder, knowing the expert level without inference as well."""
    if level == UNIFORM_LEVEL:
        return ExpertBot(seed, EXPERT_BUDGET["expert"].without_inference())
    if level == "expert":
        return ExpertBot(seed, EXPERT_BUDGET["expert"])
    return PLAIN_BUILD(level, seed, budget)


def command(versus: str, deals: int, seed: str, fast: bool = False) -> str:
    """The command that replays the first ``deals`` deals of a run."""
    if versus == "hard" and not fast:
        return f"rami simulate --bots expert,hard --rounds {deals} --seed {seed} --workers 2"
    flag = " --fast-rollouts" if fast else ""
    return (
        f"python3 benchmarks/expert_strength.py --versus {versus} --deals {deals} --seed {seed}"
        + flag
    )


def config_for(versus: str, deals: int, seed: str) -> Config:
    """The referee's configuration of a run (the rival: hard, or expert without inference)."""
    rival = "hard" if versus == "hard" else UNIFORM_LEVEL
    tournament.build_bot = build_with_uniform
    return Config(("expert", rival), 2, "rami51", deals, seed, EXACT_BUDGET)


def summary_of(
    versus: str, seed: str, played: dict[int, list[RoundOutcome]], fast: bool = False
) -> dict[str, Any]:
    """The summary of deals 0..n-1, n the first deal index not played."""
    count = 0
    while count in played:
        count += 1
    results = [played[i] for i in range(count)]
    summary = summarize(config_for(versus, count, seed), results)
    summary["versus"] = versus
    summary["command"] = command(versus, count, seed, fast)
    return summary


def play(
    versus: str, deals: int, seed: str, save: Path | None, part: tuple[int, int] = (0, 1)
) -> dict[str, Any]:
    """Play the deals of ``part`` in order, saving their rounds after each."""
    config = config_for(versus, deals, seed)
    played: dict[int, list[RoundOutcome]] = {}
    for index in range(part[0], deals, part[1]):
        played[index] = play_deal(config, index)[1]
        if save is not None:
            raw = {
                "versus": versus,
                "seed": seed,
                "deals": {i: [asdict(r) for r in rounds] for i, rounds in played.items()},
            }
            save.write_text(json.dumps(raw), encoding="utf-8")
        wins = [s.won for r in played[index] for s in r.seats if s.label == "expert"]
        print(f"deal {index}: expert {sum(wins) / len(wins):.2f}", flush=True)
    fast = EXPERT_BUDGET["expert"] == FAST_ROLLOUTS
    return summary_of(versus, seed, played, fast) if part == (0, 1) else {}


def load(paths: Sequence[Path]) -> tuple[str, str, bool, dict[int, list[RoundOutcome]]]:
    """The rounds saved by one or more parts of a run (and whether it had fast rollouts)."""
    played: dict[int, list[RoundOutcome]] = {}
    versus = seed = ""
    fast = False
    for path in paths:
        raw = json.loads(path.read_text(encoding="utf-8"))
        versus, seed, fast = raw["versus"], raw["seed"], raw.get("fast", False)
        for index, rounds in raw["deals"].items():
            played[int(index)] = [
                RoundOutcome(
                    r["rotation"],
                    r["turns"],
                    r["reason"],
                    tuple(SeatResult(**seat) for seat in r["seats"]),
                )
                for r in rounds
            ]
    return versus, seed, fast, played


def table(summary: dict[str, Any]) -> str:
    """The Markdown block of a run."""
    deals, rounds = summary["deals"], summary["rounds"]
    lines = [
        f"{deals} deals × 2 seatings = {rounds} rounds, {summary['mean_turns']} turns per round "
        "on average:",
        "",
        "```",
        summary["command"],
        "```",
        "",
        "| level | rounds | round wins | 95% interval | mean penalty |",
        "|---|---:|---:|---:|---:|",
    ]
    for label, row in summary["bots"].items():
        low, high = row["ci95"]
        lines.append(
            f"| {label} | {row['rounds']} | **{100 * row['round_win_rate']:.1f}%** | "
            f"{100 * low:.1f}–{100 * high:.1f}% | {row['mean_points']:.1f} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    """Play a run, or render a saved one into docs/BOTS.md."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--versus", choices=("hard", "uniform"), default="hard")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", default="pub-eh")
    parser.add_argument("--save", type=Path, help="JSON file kept up to date while playing")
    parser.add_argument("--part", default="0/1", help="K/N: play the deals K modulo N only")
    parser.add_argument(
        "--fast-rollouts", action="store_true", help="expert bots at FAST_ROLLOUTS (see there)"
    )
    parser.add_argument(
        "--render", type=Path, nargs="+", help="write saved parts' table to docs/BOTS.md"
    )
    args = parser.parse_args(argv)
    if args.render is not None:
        versus, seed, fast, played = load(args.render)
        summary = summary_of(versus, seed, played, fast)
        block = table(summary)
        print(block)
        write_section(f"expert-{summary['versus']}", block, BOTS_MD)
        return
    if args.fast_rollouts:
        EXPERT_BUDGET["expert"] = FAST_ROLLOUTS
    k, n = (int(x) for x in args.part.split("/"))
    summary = play(args.versus, args.deals, args.seed, args.save, (k, n))
    if summary:
        print(table(summary))


if __name__ == "__main__":
    main()
