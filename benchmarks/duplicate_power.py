"""The duplicate format's power: rounds needed to tell ``hard`` from ``medium`` at 95%.

Two designs play the same deals (rami51, two players, one round per table):

* **field** (the Daily Duplicate): on each deal a candidate, ``medium`` or ``hard``, sits in
  the same seat (turning with the deal, as a person's does) against the same ``hard``
  opponent, seeded alike at both tables. Plain scoring compares the candidates' own
  penalties as if every round were a different deal (variance ``σ_m² + σ_h²``); duplicate
  scoring the difference of their penalties on the same deal (``σ_d²``).
* **head-to-head**: ``hard`` against ``medium`` at one table, every deal played twice with
  the seats swapped. Plain scoring takes each round on its own (the penalty difference
  medium − hard of one round); duplicate scoring the mean of a deal's two seatings, which
  costs two rounds.

The rounds needed are those after which the 95% two-sided interval of the mean difference
``μ`` just excludes zero: ``n = (1.96·σ/μ)²`` units (a round, or a deal of two rounds), and
``((1.96 + 0.84)·σ/μ)²`` for 80% power of that test. Each deal is logged (``--log``), so a
stopped run resumes.

    python3 benchmarks/duplicate_power.py --deals 200 --seed duplicate-power   # writes docs/BOTS.md
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

from benchmarks._report import machine, write_section  # noqa: E402
from benchmarks._resume import resume  # noqa: E402
from rami.bots.tournament import Config, RoundOutcome, play_deal, play_round  # noqa: E402

BOTS = ROOT / "docs" / "BOTS.md"
Z95 = 1.96
"""Two-sided 95% normal quantile."""
Z80_POWER = 0.84
"""Normal quantile of 80% power."""


def penalty(outcome: RoundOutcome, label: str) -> int:
    """The round's penalty of the seat labelled ``label``."""
    return next(s.points for s in outcome.seats if s.label == label)


def play_field(seed: str, index: int) -> dict[str, int]:
    """Deal ``index`` played by ``medium`` and by ``hard`` from the same seat against the same
    ``hard`` opponent: each candidate's penalty."""
    rotation = index % 2
    medium = play_round(Config(("medium", "hard"), 2, "rami51", 1, seed), index, rotation)
    hard = play_round(Config(("hard", "hard"), 2, "rami51", 1, seed), index, rotation)
    return {"medium": penalty(medium, "medium"), "hard": penalty(hard, "hard")}


def play_head_to_head(seed: str, index: int) -> list[int]:
    """Deal ``index`` with ``hard`` and ``medium`` in both seatings: medium − hard per round."""
    _, rounds = play_deal(Config(("hard", "medium"), 2, "rami51", 1, seed), index)
    return [penalty(r, "medium") - penalty(r, "hard") for r in rounds]


@dataclass(frozen=True, slots=True)
class Power:
    """One scoring's mean difference, its spread per unit, and the rounds it needs."""

    design: str
    scoring: str
    mean: float
    sd: float
    rounds_per_unit: int
    played: int
    """Units played (the mean's interval is over these)."""

    def units(self, z: float) -> float:
        """Units (rounds or deals) after which ``z`` standard errors equal the mean."""
        return (z * self.sd / self.mean) ** 2 if self.mean else math.inf

    def rounds(self, z: float) -> int:
        """Rounds needed (rounded up)."""
        return math.ceil(self.units(z) * self.rounds_per_unit)

    def interval(self) -> tuple[float, float]:
        """The 95% normal interval of the mean over the units played."""
        half = Z95 * self.sd / math.sqrt(self.played)
        return self.mean - half, self.mean + half

    def variance_per_round(self) -> float:
        """The variance a single round adds (what the rounds needed scale with)."""
        return self.sd**2 * self.rounds_per_unit


def powers(field: list[dict[str, int]], head: list[list[int]]) -> list[Power]:
    """Plain and duplicate scoring of both designs."""
    medium = [d["medium"] for d in field]
    hard = [d["hard"] for d in field]
    paired = [m - h for m, h in zip(medium, hard, strict=True)]
    unpaired_sd = math.sqrt(statistics.variance(medium) + statistics.variance(hard))
    rounds = [d for deal in head for d in deal]
    deals = [sum(deal) / len(deal) for deal in head]
    n = len(field)
    return [
        Power("field", "plain", statistics.fmean(paired), unpaired_sd, 1, n),
        Power("field", "duplicate", statistics.fmean(paired), statistics.stdev(paired), 1, n),
        Power(
            "head-to-head", "plain", statistics.fmean(rounds), statistics.stdev(rounds), 1, 2 * n
        ),
        Power("head-to-head", "duplicate", statistics.fmean(deals), statistics.stdev(deals), 2, n),
    ]


def report(results: list[Power], deals: int, seed: str) -> str:
    """The Markdown block of docs/BOTS.md."""
    lines = [
        f"`python3 benchmarks/duplicate_power.py --deals {deals} --seed {seed}` "
        f"({machine()}; rami51, 2 players, {deals} deals, `medium` and `hard` at their "
        "defaults; the bots are seeded and untimed, so the command gives this table on any "
        "machine).",
        "",
        "| design | scoring | penalty difference μ (medium − hard) | its 95% interval | "
        "σ per unit | rounds for 95% | rounds for 95% at 80% power |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for p in results:
        unit = "round" if p.rounds_per_unit == 1 else f"deal of {p.rounds_per_unit} rounds"
        low, high = p.interval()
        lines.append(
            f"| {p.design} | {p.scoring} | {p.mean:+.1f} | {low:+.1f} to {high:+.1f} | "
            f"{p.sd:.1f} per {unit} | {p.rounds(Z95)} | {p.rounds(Z95 + Z80_POWER)} |"
        )
    by = {(p.design, p.scoring): p for p in results}
    for design in ("field", "head-to-head"):
        plain, duplicate = by[design, "plain"], by[design, "duplicate"]
        ratio = plain.variance_per_round() / duplicate.variance_per_round()
        lines.append("")
        lines.append(
            f"{design}: plain scoring needs **{ratio:.2f}×** the rounds duplicate scoring needs "
            "(the ratio of their variances per round, whatever μ is)."
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", default="duplicate-power")
    parser.add_argument("--log", type=Path, help="JSON lines of the deals played (resumed)")
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()

    def play(index: int) -> dict[str, Any]:
        print(f"deal {index}", file=sys.stderr, flush=True)
        return {"field": play_field(args.seed, index), "head": play_head_to_head(args.seed, index)}

    log = args.log or Path(f"/tmp/duplicate_power-{args.seed}.jsonl")
    logged = resume(log, args.deals, play)
    results = powers([d["field"] for d in logged], [d["head"] for d in logged])
    markdown = report(results, args.deals, args.seed)
    print(markdown, flush=True)
    if not args.no_write:
        write_section("duplicate-power", markdown, BOTS)


if __name__ == "__main__":
    main()
