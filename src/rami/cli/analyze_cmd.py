"""``rami analyze``: a game record reviewed for one seat, decision by decision, luck apart."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn
from rich.table import Table

from rami.cli.common import FileArgument, JsonOption, emit_json, fail, fail_with, read_text
from rami.errors import RamiError
from rami.i18n import LANGUAGES, UnknownLanguageError, check_language
from rami.records import loads, replay
from rami.review import BUDGETS, DEFAULT_SEED, Review, review_json, review_record
from rami.review.review import Luck, Summary

VERDICT_STYLES = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}


def analyze(
    file: FileArgument,
    seat: Annotated[int, typer.Option(metavar="N", help="The seat to review (0 first).")] = 0,
    budget: Annotated[
        str,
        typer.Option(
            metavar="BUDGET", help="quick (12 to 48 worlds a decision) or full (48 to 384)."
        ),
    ] = "quick",
    seed: Annotated[
        str, typer.Option(metavar="SEED", help="Seed of the sampled worlds.")
    ] = DEFAULT_SEED,
    lang: Annotated[
        str, typer.Option(metavar="LANG", help=f"Language of the moves: {', '.join(LANGUAGES)}.")
    ] = "en",
    as_json: JsonOption = False,
) -> None:
    """Review every decision of one seat in a game record: the points and round-win chances
    each lost against the best candidate on the same sampled worlds, verdicts, accuracy and
    the luck of the deal and the draws."""
    if budget not in BUDGETS:
        fail("bad_budget", f"unknown budget '{budget}' (known: {', '.join(BUDGETS)})", as_json)
    try:
        check_language(lang)
    except UnknownLanguageError as error:
        fail("bad_language", str(error), as_json)
    text = read_text(file, as_json)
    try:
        record = loads(text)
        replay(record)
    except RamiError as error:
        fail_with(error, as_json)
    players = len(record.names)
    if not 0 <= seat < players:
        fail("bad_seat", f"no seat {seat}: this record has seats 0 to {players - 1}", as_json)
    if as_json:
        emit_json(review_json(review_record(record, seat, BUDGETS[budget], seed, lang)))
        return
    console = Console()
    columns = (*Progress.get_default_columns()[:1], BarColumn(), MofNCompleteColumn())
    with Progress(
        *columns, TimeElapsedColumn(), console=Console(stderr=True), transient=True
    ) as bar:
        task = bar.add_task(f"reviewing {record.names[seat]}", total=None)

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        review = review_record(record, seat, BUDGETS[budget], seed, lang, advance)
    _print(console, review)


def _print(console: Console, review: Review) -> None:
    budget = review.budget
    console.print(
        f"[bold]{review.player}[/] (seat {review.seat}) — budget {budget.name}: "
        f"{budget.worlds} worlds per decision, seed {review.seed!r}"
    )
    for rnd in review.rounds:
        result = "" if rnd.score is None else f", scored {rnd.score}{' (won)' if rnd.won else ''}"
        table = Table(title=f"Round {rnd.index}{result}", title_justify="left")
        for name, justify in (
            ("turn", "right"),
            ("decision", "left"),
            ("played", "left"),
            ("better", "left"),
            ("points lost", "right"),
            ("win lost", "right"),
            ("verdict", "left"),
        ):
            table.add_column(name, justify=justify)  # type: ignore[arg-type]
        for d in rnd.decisions:
            better = d.best.text if d.loss_points > 0 else ""
            if not better and d.loss_win > 0:
                better = d.likeliest.text
            style = VERDICT_STYLES.get(d.verdict or "", "")
            table.add_row(
                str(d.turn),
                d.kind,
                d.played.text,
                better,
                f"{d.loss_points:.1f}",
                f"{100 * d.loss_win:.0f}%",
                f"[{style}]{d.verdict}[/]" if d.verdict else "",
            )
        console.print(table)
        console.print(_summary_line(rnd.summary), _luck_line(rnd.luck))
    console.print("[bold]Match[/]", _summary_line(review.summary), _luck_line(review.luck))


def _summary_line(summary: Summary) -> str:
    tally = ", ".join(f"{n} {name}" for name, n in summary.verdicts.items() if n)
    return (
        f"accuracy {summary.accuracy:.1f}% over {summary.decisions} decisions, mean loss "
        f"{summary.mean_loss:.2f} points, rating {summary.rating:.1f} ({summary.band})"
        + (f"; {tally}" if tally else "")
    )


def _luck_line(luck: Luck) -> str:
    return (
        f"— luck: deal {luck.deal:+.2f} cards against the average deal, "
        f"draws {luck.draw:+.2f} cards over {luck.draws} stock draws"
    )


def register(app: typer.Typer) -> None:
    """Add ``analyze`` to ``app``."""
    app.command("analyze")(analyze)
