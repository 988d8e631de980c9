"""The review of a round in the terminal: its decisions judged in a worker, off the UI thread.

The review (:func:`rami.review.review_record`) judges the seat's decisions from its own views
only, so the screen shows nothing that seat did not see. A Textual thread worker runs it in a
process of its own (:mod:`rami.tui.reviewproc`: the judging never holds the interface's
interpreter lock) and writes its progress to two counters that a timer shows on a progress
bar (the worker never waits on the UI); closing the screen ends the process.
"""

from __future__ import annotations

import pickle
import subprocess
import sys
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import IO, ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, ProgressBar, Static
from textual.worker import Worker, WorkerState

from rami.i18n import translator
from rami.match import MatchState
from rami.records import dumps
from rami.review import BUDGETS, Review, ReviewBudget, ReviewStopped
from rami.review.decisions import Decision
from rami.review.review import Luck, Summary

VERDICT_MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
"""The chess annotators' marks, beside the verdict's word."""
VERDICT_STYLES = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}

REVIEW_CSS = """
ReviewScreen { align: center middle; }
#review {
    width: 96%; max-width: 140; height: 90%;
    border: thick $accent; background: $surface; padding: 1 2;
}
#review-title { text-style: bold; }
#review-progress { margin: 1 0; }
#review-scroll { height: 1fr; }
#review-summary { margin-top: 1; }
"""


@dataclass(frozen=True)
class ReviewRequest:
    """What to review: a match as it stands, the match seat, its rounds (None: every one)."""

    match: MatchState
    seat: int
    rounds: Collection[int] | None
    budget: ReviewBudget = BUDGETS["quick"]
    lang: str = "en"


def round_request(match: MatchState, seat: int, budget: ReviewBudget) -> ReviewRequest | None:
    """The review of ``seat``'s part in the match's current round (None: it sat the round out)."""
    if seat not in match.active:
        return None
    return ReviewRequest(match, seat, {match.round_index}, budget)


class ReviewJob:
    """One review: a Textual thread worker runs :meth:`run`, which supervises a process
    (:mod:`rami.tui.reviewproc`) and relays its progress to :attr:`done` and :attr:`total`."""

    def __init__(self, request: ReviewRequest) -> None:
        self.request = request
        self.done = 0
        self.total = 0
        self.process: subprocess.Popen[bytes] | None = None
        self.stopped = False

    def run(self) -> Review:
        """Review the request (in a worker thread); raises ReviewStopped once stopped."""
        request = self.request
        text = dumps(request.match, reveal=True)
        command = [sys.executable, "-m", "rami.tui.reviewproc"]
        pipe, quiet = subprocess.PIPE, subprocess.DEVNULL
        with subprocess.Popen(command, stdin=pipe, stdout=pipe, stderr=quiet) as process:
            self.process = process
            assert process.stdin is not None and process.stdout is not None
            try:
                args = (text, request.seat, request.budget, request.lang, request.rounds)
                pickle.dump(args, process.stdin)
                process.stdin.close()
                return self._read(process.stdout)
            finally:
                process.kill()

    def _read(self, source: IO[bytes]) -> Review:
        while True:
            try:
                message = pickle.load(source)
            except (EOFError, OSError, pickle.UnpicklingError):
                if self.stopped:
                    raise ReviewStopped from None
                raise RuntimeError("the review process ended without a review") from None
            if self.stopped:
                raise ReviewStopped
            if message[0] == "progress":
                self.done, self.total = message[1], message[2]
            elif message[0] == "done":
                review: Review = message[1]
                return review
            else:
                raise RuntimeError(message[1])

    def stop(self) -> None:
        """End the review now (its worker raises ReviewStopped)."""
        self.stopped = True
        if self.process is not None:
            self.process.kill()


def verdict_text(verdict: str | None, lang: str) -> Text:
    """A verdict's mark and word, in its colour (empty for none)."""
    if verdict is None:
        return Text("")
    tr = translator(lang)
    words = {
        "inaccuracy": tr.gettext("inaccuracy"),
        "mistake": tr.gettext("mistake"),
        "blunder": tr.gettext("blunder"),
    }
    return Text(f"{VERDICT_MARKS[verdict]} {words[verdict]}", style=VERDICT_STYLES[verdict])


def better_text(decision: Decision) -> str:
    """The better line in words ('' when the played one was as good as any)."""
    if decision.loss_points > 0:
        return decision.best.text
    if decision.loss_win > 0:
        return decision.likeliest.text
    return ""


def kind_text(kind: str, lang: str) -> str:
    """The decision's kind in words."""
    tr = translator(lang)
    words = {
        "draw": tr.gettext("the draw"),
        "play": tr.gettext("the table play"),
        "discard": tr.gettext("the discard"),
    }
    return words.get(kind, kind)


def band_text(band: str, lang: str) -> str:
    """A rating band in words."""
    tr = translator(lang)
    words = {
        "world class": tr.gettext("world class"),
        "expert": tr.gettext("expert"),
        "advanced": tr.gettext("advanced"),
        "intermediate": tr.gettext("intermediate"),
        "casual": tr.gettext("casual"),
        "beginner": tr.gettext("beginner"),
    }
    return words.get(band, band)


def decisions_table(decisions: Collection[Decision], lang: str) -> Table:
    """One row per judged decision: what was played, the better move, the losses, the verdict."""
    tr = translator(lang)
    table = Table(expand=True)
    table.add_column(tr.gettext("Turn"), justify="right")
    table.add_column(tr.gettext("Decision"))
    table.add_column(tr.gettext("Move played"), ratio=2)
    table.add_column(tr.gettext("Better"), ratio=3)
    table.add_column(tr.gettext("Points lost"), justify="right")
    table.add_column(tr.gettext("Win % lost"), justify="right")
    table.add_column(tr.gettext("Verdict"))
    for d in decisions:
        table.add_row(
            str(d.turn),
            kind_text(d.kind, lang),
            d.played.text,
            better_text(d),
            f"{d.loss_points:.1f}",
            f"{100 * d.loss_win:.0f}",
            verdict_text(d.verdict, lang),
        )
    return table


def summary_text(summary: Summary, luck: Luck, lang: str) -> str:
    """Accuracy, mean loss, rating, and luck apart."""
    tr = translator(lang)
    accuracy, points = f"{summary.accuracy:.1f}", f"{summary.mean_loss:.2f}"
    win, value = f"{100 * summary.mean_win_loss:.1f}", f"{summary.rating:.1f}"
    deal, draws = f"{luck.deal:+.1f}", f"{luck.draw:+.1f}"
    count = summary.decisions
    lines = [
        tr.ngettext(
            "Accuracy {accuracy}% over {count} decision",
            "Accuracy {accuracy}% over {count} decisions",
            count,
            accuracy=accuracy,
            count=count,
        ),
        tr.gettext(
            "Mean loss per decision: {points} points, {win}% of the round-win chance",
            points=points,
            win=win,
        ),
        tr.gettext(
            "Rating {rating} ({band}); lower is better",
            rating=value,
            band=band_text(summary.band, lang),
        ),
        tr.gettext(
            "Luck, in cards from going out (positive: luckier than the average): "
            "the deal {deal}, the draws {draws}",
            deal=deal,
            draws=draws,
        ),
    ]
    return "\n".join(lines)


class ReviewScreen(ModalScreen[None]):
    """The review of one seat's round: a progress bar, then the decisions and the figures.

    ``result`` shows a review already computed; otherwise a worker computes it and
    ``on_result`` receives it (to keep it for the next time the screen opens).
    """

    DEFAULT_CSS = REVIEW_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,r", "close", show=False),
    ]

    def __init__(
        self,
        request: ReviewRequest,
        title: str,
        result: Review | None = None,
        on_result: Callable[[Review], None] | None = None,
    ) -> None:
        super().__init__()
        self.request = request
        self.title_text = title
        self.result = result
        self.on_result = on_result
        self.job = ReviewJob(request)

    def compose(self) -> ComposeResult:
        """Title, progress, the decisions and the figures."""
        tr = translator(self.request.lang)
        with Vertical(id="review"):
            yield Label(self.title_text, id="review-title")
            yield Label(tr.gettext("Reviewing the decisions…"), id="review-state")
            yield ProgressBar(id="review-progress", show_eta=False)
            with VerticalScroll(id="review-scroll"):
                yield Static("", id="review-table")
            yield Static("", id="review-summary")
            yield Label(tr.gettext("Close (Esc)"), id="review-keys")

    def on_mount(self) -> None:
        """Show the review, or start computing it."""
        if self.result is not None:
            self.show(self.result)
            return
        self.run_worker(self.job.run, name="review", group="review", thread=True)
        self._timer = self.set_interval(0.1, self._show_progress)

    def _show_progress(self) -> None:
        bar = self.query_one(ProgressBar)
        if self.job.total:
            bar.update(total=self.job.total, progress=self.job.done)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """Show the review once the worker has it (or say why there is none)."""
        if event.worker.name != "review":
            return
        if event.state is WorkerState.SUCCESS:
            self._timer.stop()
            self._show_progress()
            review = event.worker.result
            assert isinstance(review, Review)
            if self.on_result is not None:
                self.on_result(review)
            self.show(review)
        elif event.state is WorkerState.ERROR:
            self._timer.stop()
            tr = translator(self.request.lang)
            error = event.worker.error
            said = tr.gettext("The review failed: {error}", error=str(error))
            self.query_one("#review-state", Label).update(said)

    def show(self, review: Review) -> None:
        """Fill the screen from ``review``."""
        tr = translator(self.request.lang)
        self.query_one(ProgressBar).display = False
        decisions = [d for r in review.rounds for d in r.decisions]
        state = self.query_one("#review-state", Label)
        if not decisions:
            state.update(tr.gettext("No decision to judge: every move was forced."))
        else:
            state.update(
                tr.gettext(
                    "Each decision against the best of its candidates, over {worlds} to "
                    "{most} worlds you could not tell apart",
                    worlds=review.budget.worlds,
                    most=review.budget.max_worlds,
                )
            )
        lang = self.request.lang
        self.query_one("#review-table", Static).update(decisions_table(decisions, lang))
        rounds = review.rounds
        summary, luck = (
            (rounds[0].summary, rounds[0].luck)
            if len(rounds) == 1
            else (
                review.summary,
                review.luck,
            )
        )
        self.query_one("#review-summary", Static).update(summary_text(summary, luck, lang))

    def on_unmount(self) -> None:
        """A review under way stops with its screen."""
        self.job.stop()

    def action_close(self) -> None:
        """Back to the round's results (a review under way stops)."""
        self.dismiss(None)
