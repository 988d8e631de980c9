"""The expert level's strength on duplicate deals: against hard, and with against without
inference. Deals are played in order and the summary of the deals done so far is saved after
each one, so a run stopped early still gives exact figures for its first N deals.

Run from the repository root:

    python3 benchmarks/expert_strength.py --versus hard --deals 1000 --seed pub-eh --save eh.json
    python3 benchmarks/expert_strength.py --versus uniform --deals 500 --seed pub-ei --save ei.json
    python3 benchmarks/expert_strength.py --render eh.json     # its table into docs/BOTS.md

``--versus hard`` plays exactly what ``rami simulate --bots expert,hard --rounds N --seed S``
plays (the same referee, seeds and budgets). ``--versus uniform`` seats ``expert`` against
``expert-uniform``: the same bot drawing its worlds without inference.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

from benchmarks._report import write_section  # noqa: E402
from rami.bots import Bot, tournament  # noqa: E402
from rami.bots.expert import DEFAULT_BUDGET, ExpertBot  # noqa: E402
from rami.bots.hard import Budget  # noqa: E402
from rami.bots.tournament import EXACT_BUDGET, Config, RoundOutcome, play_deal, summarize  # noqa: E402

BOTS_MD = ROOT / "docs" / "BOTS.md"
UNIFORM_LEVEL = "expert-uniform"
PLAIN_BUILD = tournament.build_bot


def build_with_uniform(level: str, seed: str, budget: Budget = EXACT_BUDGET) -> Bot:
    """The referee's bot builder, knowing the expert level without inference as well."""
    if level == UNIFORM_LEVEL:
        return ExpertBot(seed, DEFAULT_BUDGET.without_inference())
    return PLAIN_BUILD(level, seed, budget)


def command(versus: str, deals: int, seed: str) -> str:
    """The command that replays the first ``deals`` deals of a run."""
    if versus == "hard":
        return f"rami simulate --bots expert,hard --rounds {deals} --seed {seed} --workers 2"
    return f"python3 benchmarks/expert_strength.py --versus uniform --deals {deals} --seed {seed}"


def play(versus: str, deals: int, seed: str, save: Path | None) -> dict[str, Any]:
    """Play the deals in order, saving the summary of those done after each."""
    rival = "hard" if versus == "hard" else UNIFORM_LEVEL
    tournament.build_bot = build_with_uniform
    config = Config(("expert", rival), 2, "rami51", deals, seed, EXACT_BUDGET)
    results: list[list[RoundOutcome]] = []
    summary: dict[str, Any] = {}
    for index in range(deals):
        results.append(play_deal(config, index)[1])
        summary = summarize(replace(config, deals=len(results)), results)
        summary["versus"] = versus
        summary["command"] = command(versus, len(results), seed)
        if save is not None:
            save.write_text(json.dumps(summary, indent=1), encoding="utf-8")
        row = summary["bots"]["expert"]
        print(f"{len(results)} deals: expert {row['round_win_rate']:.3f} {row['ci95']}", flush=True)
    return summary


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
    parser.add_argument("--render", type=Path, help="write a saved run's table to docs/BOTS.md")
    args = parser.parse_args(argv)
    if args.render is not None:
        summary = json.loads(args.render.read_text(encoding="utf-8"))
        block = table(summary)
        print(block)
        write_section(f"expert-{summary['versus']}", block, BOTS_MD)
        return
    print(table(play(args.versus, args.deals, args.seed, args.save)))


if __name__ == "__main__":
    main()
