"""``rami simulate``: duplicate-deal tournaments between bot levels, as a table, JSON or a plot."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn
from rich.table import Table

from rami.bots import LEVELS
from rami.bots.hard import Budget
from rami.bots.matches import play_sequence, summarize_matches
from rami.bots.tournament import EXACT_BUDGET, Config, run, summarize
from rami.cli.common import JsonOption, RulesOption, emit_json, fail, load_rules, shorten


def simulate(
    bots: Annotated[
        str,
        typer.Option(
            "--bots", metavar="LEVELS", help="Bot levels, comma-separated; cycled over the seats."
        ),
    ] = "hard,medium",
    players: Annotated[
        int | None, typer.Option(metavar="N", help="Players per round (default: one per bot).")
    ] = None,
    rules: RulesOption = "rami51",
    rounds: Annotated[
        int,
        typer.Option(metavar="N", help="Deals to play; each is replayed once per seat rotation."),
    ] = 100,
    matches: Annotated[
        int | None,
        typer.Option(
            metavar="N",
            help="Play N whole matches instead of single rounds, each replayed once per seat "
            "rotation on the same deals.",
        ),
    ] = None,
    seed: Annotated[
        str, typer.Option(metavar="SEED", help="Tournament seed (deals and bots).")
    ] = "0",
    workers: Annotated[
        int, typer.Option(metavar="N", help="Worker processes (results do not depend on them).")
    ] = 1,
    as_json: JsonOption = False,
    plot: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE", help=r"Write a PNG chart of the results (needs the \[plot] extra)."
        ),
    ] = None,
    hard_worlds: Annotated[
        int,
        typer.Option(
            metavar="N", help="Hard level: sampled worlds per decision (0, the default: no search)."
        ),
    ] = EXACT_BUDGET.worlds,
    hard_ms: Annotated[
        float | None,
        typer.Option(
            metavar="MS",
            help="Hard level: a time cap per decision in ms (default: none, so a seed gives "
            "the same results on any machine).",
        ),
    ] = None,
) -> None:
    """Play bots against each other on duplicate deals and report their strength."""
    ruleset = load_rules(rules, as_json)
    levels = tuple(b.strip() for b in bots.split(",") if b.strip())
    unknown = [b for b in levels if b not in LEVELS]
    if not levels or unknown:
        named = ", ".join(f"'{shorten(b, 40)}'" for b in unknown) or "none given"
        fail("unknown_bot", f"unknown bot level {named} (known: {', '.join(LEVELS)})", as_json)
    count = players if players is not None else max(2, len(levels))
    if not ruleset.min_players <= count <= ruleset.max_players:
        limits = f"{ruleset.min_players}-{ruleset.max_players}"
        fail("bad_player_count", f"{ruleset.name} is for {limits} players, not {count}", as_json)
    if rounds < 1 or (matches is not None and matches < 1) or hard_worlds < 0:
        fail("bad_option", "rounds and matches must be positive, hard worlds not negative", as_json)
    if hard_ms is not None and hard_ms <= 0:
        fail("bad_option", "hard ms must be positive", as_json)
    if not 1 <= workers <= MAX_WORKERS:
        fail("bad_option", f"workers must be between 1 and {MAX_WORKERS}, not {workers}", as_json)
    if plot is not None and pyplot() is None:
        fail("missing_extra", PLOT_HELP, as_json)
    budget = Budget(worlds=hard_worlds, max_ms=hard_ms)
    config = Config(levels, count, ruleset.name, matches or rounds, seed, budget)
    console = Console(stderr=True)
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=as_json,
    ) as bar:
        unit = "matches" if matches else "deals"
        task = bar.add_task(f"{count}-player {unit}", total=config.deals)
        advance = lambda n: bar.advance(task, n)  # noqa: E731
        if matches:
            summary = summarize_matches(config, run(config, workers, advance, play_sequence))
        else:
            summary = summarize(config, run(config, workers, advance))
    if plot is not None:
        write_plot(summary, plot)
    if as_json:
        emit_json(summary)
    else:
        Console().print(matches_table(summary) if matches else results_table(summary))


def results_table(summary: dict[str, Any]) -> Table:
    """The results as a rich table."""
    title = (
        f"{summary['rules']} · {summary['players']} players · {summary['deals']} deals × "
        f"{summary['players']} seatings = {summary['rounds']} rounds · "
        f"{summary['mean_turns']} turns per round"
    )
    table = Table(title=title)
    for name in ("bot", "round wins", "95% CI", "mean penalty", "ms / move", "p95 ms"):
        table.add_column(name, justify="left" if name == "bot" else "right")
    for label, row in summary["bots"].items():
        low, high = row["ci95"]
        table.add_row(
            label,
            f"{100 * row['round_win_rate']:.1f}%",
            f"{100 * low:.1f}–{100 * high:.1f}%",
            f"{row['mean_points']:.1f}",
            f"{row['mean_move_ms']:.2f}",
            f"{row['p95_move_ms']:.1f}",
        )
    return table


def matches_table(summary: dict[str, Any]) -> Table:
    """The results of ``--matches`` as a rich table."""
    title = (
        f"{summary['rules']} to {summary['match_limit']} · {summary['players']} players · "
        f"{summary['sequences']} match sequences × {summary['players']} seatings = "
        f"{summary['matches']} matches · {summary['mean_rounds']} rounds per match"
    )
    caption = "95% intervals: match wins Wilson score, round wins normal over the sequences"
    table = Table(title=title, caption=caption)
    columns = ("bot", "matches won", "95% CI", "rounds won", "95% CI", "mean penalty")
    for name in (*columns, "ms / move"):
        table.add_column(name, justify="left" if name == "bot" else "right")
    for label, row in summary["bots"].items():
        table.add_row(
            label,
            f"{100 * row['match_win_rate']:.1f}%",
            _percent_range(row["match_ci95"]),
            f"{100 * row['round_win_rate']:.1f}%",
            _percent_range(row["round_ci95"]),
            f"{row['mean_points']:.1f}",
            f"{row['mean_move_ms']:.2f}",
        )
    return table


def _percent_range(bounds: list[float]) -> str:
    return f"{100 * bounds[0]:.1f}–{100 * bounds[1]:.1f}%"


MAX_WORKERS = 256
"""The most worker processes ``--workers`` starts."""
PLOT_HELP = (
    "--plot needs matplotlib, which the playing install leaves out: "
    "pip install 'rami[plot]' from a package index, or pip install -e '.[plot]' in a "
    "checkout of the source (or pip install matplotlib)"
)


def pyplot() -> ModuleType | None:
    """matplotlib's pyplot drawing to files, or None when matplotlib is not installed."""
    try:
        import matplotlib
    except ImportError:
        return None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def write_plot(summary: dict[str, Any], path: Path) -> None:
    """Round win rates with their 95% intervals, and mean penalties, side by side."""
    plt = pyplot()
    if plt is None:
        raise RuntimeError(PLOT_HELP)
    labels = list(summary["bots"])
    rows = [summary["bots"][label] for label in labels]
    unit = "match" if "matches" in summary else "round"
    ci = "match_ci95" if unit == "match" else "ci95"
    rates = [100 * r[f"{unit}_win_rate"] for r in rows]
    errors = [
        [rate - 100 * r[ci][0] for rate, r in zip(rates, rows, strict=True)],
        [100 * r[ci][1] - rate for rate, r in zip(rates, rows, strict=True)],
    ]
    fig, (wins, points) = plt.subplots(1, 2, figsize=(9, 3.6))
    wins.bar(labels, rates, yerr=errors, capsize=6, color="#4c72b0")
    wins.set_ylabel(f"{unit} win rate (%)")
    wins.set_ylim(0, 100)
    wins.axhline(100 / summary["players"], color="grey", linestyle=":", linewidth=1)
    points.bar(labels, [r["mean_points"] for r in rows], color="#dd8452")
    points.set_ylabel("mean penalty per round")
    played = f"{summary['matches']} duplicate matches" if unit == "match" else ""
    played = played or f"{summary['rounds']} duplicate rounds"
    fig.suptitle(f"{summary['rules']}, {summary['players']} players, {played}")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)


def register(app: typer.Typer) -> None:
    """Add ``simulate`` to ``app``."""
    app.command("simulate")(simulate)
