"""The replay viewer: a saved game stepped through action by action on the same table.

The record's rounds are dealt again from their revealed seeds and replayed through the engine;
each step is shown through one seat's view (Tab moves to the next seat). The seat's decisions
are reviewed in a worker (:mod:`rami.tui.review`); once the review is in, each judged decision
says its verdict on its step and M goes to the next one marked.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.worker import Worker, WorkerState

from rami.engine import apply, deal
from rami.i18n import translator
from rami.match import MatchState, PlayedRound
from rami.narration import narrate_log, narrate_result
from rami.review import BUDGETS, Review, ReviewBudget
from rami.review.decisions import Decision
from rami.state import Phase, RoundState
from rami.tui.dialogs import PileScreen
from rami.tui.help import HelpScreen, viewer_keys_markdown
from rami.tui.render import Marks, by_suit, face
from rami.tui.review import ReviewJob, ReviewRequest
from rami.tui.reviewmarks import mark_line, marked, step_decisions
from rami.tui.table import TableLayout
from rami.views import PlayerView, view_for


@dataclass(frozen=True)
class Step:
    """One moment of the game: the match as it stood, and where its round begins."""

    match: MatchState
    round_start: int


def replay_steps(match: MatchState) -> list[Step]:
    """Every state of the match, from each deal to each action's result."""
    rounds = list(match.finished_rounds)
    if match.round.phase is not Phase.OVER:
        rounds.append(PlayedRound(match.round_index, match.active, match.dealer, match.round))
    steps: list[Step] = []
    totals = [0] * len(match.names)
    for number, played in enumerate(rounds):
        done = tuple(match.finished_rounds[:number])
        state = played.state
        current = deal(state.rules, state.players, state.seed, state.dealer)
        start = len(steps)
        base = replace(
            match,
            round=current,
            round_index=played.index,
            active=played.seats,
            dealer=played.dealer,
            finished_rounds=done,
            totals=tuple(totals),
            winners=(),
        )
        steps.append(Step(base, start))
        for entry in state.entries():
            current = apply(current, entry.action)
            steps.append(Step(_at(base, current, played, totals), start))
        if current.result is not None:
            for round_seat, score in enumerate(current.result.scores):
                totals[played.seats[round_seat]] += score
    last = steps[-1]
    if match.finished:
        steps[-1] = Step(replace(last.match, winners=match.winners), last.round_start)
    return steps


def _at(base: MatchState, state: RoundState, played: PlayedRound, totals: list[int]) -> MatchState:
    if state.result is None:
        return replace(base, round=state)
    after = list(totals)
    for round_seat, score in enumerate(state.result.scores):
        after[played.seats[round_seat]] += score
    finished = (*base.finished_rounds, replace(played, state=state))
    return replace(base, round=state, totals=tuple(after), finished_rounds=finished)


class ReplayScreen(TableLayout):
    """Steps through a recorded match; dismisses with ``"quit"``."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,space", "step(1)", show=False),
        Binding("left", "step(-1)", show=False),
        Binding("pagedown,n", "round(1)", show=False),
        Binding("pageup,b", "round(-1)", show=False),
        Binding("home", "jump(0)", show=False),
        Binding("end", "jump(-1)", show=False),
        Binding("tab", "seat", show=False, priority=True),
        Binding("p", "pile", show=False),
        Binding("m", "next_mark", show=False),
        Binding("question_mark,f1", "help", show=False),
        Binding("q,escape", "leave", show=False),
    ]

    def __init__(
        self,
        match: MatchState,
        lang: str,
        seat: int = 0,
        review_budget: ReviewBudget = BUDGETS["quick"],
    ) -> None:
        super().__init__(lang)
        self.match = match
        self.steps = replay_steps(match)
        self.index = 0
        self.seat = seat
        self.review_budget = review_budget
        self.reviews: dict[int, Review] = {}
        """The reviews done, by match seat."""
        self.placed: dict[int, list[Decision]] = {}
        """The shown seat's judged decisions by step (empty until its review is in)."""
        self.job: ReviewJob | None = None
        self.worker: Worker[Review] | None = None

    def on_mount(self) -> None:
        """Show the first deal and start the review of the seat shown."""
        self.review_seat()
        self.show_step()
        self.set_interval(0.2, self._show_progress)

    def review_seat(self) -> None:
        """Mark the shown seat's decisions: from its review, or once a worker has done it."""
        review = self.reviews.get(self.seat)
        self.placed = {} if review is None else step_decisions(self.steps, review)
        if review is not None:
            if self.job is not None:
                self.job.stop()
            self.job = None
            return
        request = ReviewRequest(self.match, self.seat, None, self.review_budget, self.lang)
        if self.job is not None:
            self.job.stop()
        self.job = ReviewJob(request)
        self.worker = self.run_worker(
            self.job.run, name="review", group="review", thread=True, exclusive=True
        )

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """Keep a finished review and mark its seat's decisions if that seat is shown."""
        if event.worker is not self.worker:
            return
        review = event.worker.result
        if event.state is WorkerState.SUCCESS and isinstance(review, Review):
            self.reviews[review.seat] = review
            if review.seat == self.seat:
                self.review_seat()
                self.show_step()
        elif event.state is WorkerState.ERROR and self.job is not None:
            self.job = None
            self.show_step()

    def on_unmount(self) -> None:
        """A review under way stops with the viewer."""
        if self.job is not None:
            self.job.stop()

    def _show_progress(self) -> None:
        if self.job is not None and self.job.total:
            self.set_status(self._status())

    def _status(self) -> str:
        tr = translator(self.lang)
        status = tr.gettext(
            "Replay: step {step} of {steps}, seen by {player}",
            step=self.index + 1,
            steps=len(self.steps),
            player=self.match.names[self.seat],
        )
        return status + self._review_state()

    @property
    def view(self) -> PlayerView:
        """The chosen seat's view of the current step."""
        return view_for(self.steps[self.index].match, self.seat)

    def show_step(self) -> None:
        """Draw the current step."""
        tr = translator(self.lang)
        view = self.view
        self.draw(view, by_suit(view.hand), Marks(), None, {})
        self.set_status(self._status())
        said = narrate_log(view.events, view.names, self.lang, face)
        if view.phase is Phase.OVER and view.rounds:
            played = view.rounds[-1]
            result = narrate_result(played.result, played.seats, view.names, self.lang)
            message = Text(result, style="bold")
        else:
            message = Text(said[-1] if said else tr.gettext("The cards are dealt."))
        found = self.placed.get(self.index)
        if found:
            message.append("\n")
            message.append_text(mark_line(found, self.lang))
        self.say(message)
        self.set_keys(
            [
                ("← →", tr.gettext("step")),
                ("PgUp PgDn", tr.gettext("round")),
                ("Tab", tr.gettext("next seat")),
                ("P", tr.gettext("pile")),
                ("M", tr.gettext("next mistake")),
                ("?", tr.gettext("help")),
                ("Q", tr.gettext("leave")),
            ]
        )

    def _review_state(self) -> str:
        tr = translator(self.lang)
        name = self.match.names[self.seat]
        if self.job is not None:
            return "  ·  " + tr.gettext(
                "reviewing {player}: {done} of {total} decisions",
                player=name,
                done=self.job.done,
                total=self.job.total or "…",
            )
        count = len(marked(self.placed))
        return "  ·  " + tr.ngettext(
            "{player}: {count} decision marked",
            "{player}: {count} decisions marked",
            count,
            player=name,
            count=count,
        )

    def action_next_mark(self) -> None:
        """To the next step where the shown seat's review marks a decision (from the start
        after the last)."""
        steps = marked(self.placed)
        if not steps:
            return
        later = [i for i in steps if i > self.index]
        self.index = later[0] if later else steps[0]
        self.show_step()

    def action_step(self, delta: int) -> None:
        """One action forward or back."""
        self.index = max(0, min(len(self.steps) - 1, self.index + delta))
        self.show_step()

    def action_round(self, delta: int) -> None:
        """To the deal of the next or previous round (or this round's deal)."""
        start = self.steps[self.index].round_start
        if delta < 0:
            before = self.steps[start - 1].round_start if start > 0 else 0
            self.index = before if self.index == start else start
        else:
            later = [i for i, s in enumerate(self.steps) if s.round_start > start]
            self.index = later[0] if later else len(self.steps) - 1
        self.show_step()

    def action_jump(self, where: int) -> None:
        """To the first or the last step."""
        self.index = where % len(self.steps)
        self.show_step()

    def action_seat(self) -> None:
        """Look from the next seat."""
        self.seat = (self.seat + 1) % len(self.view.names)
        self.review_seat()
        self.show_step()

    def action_pile(self) -> None:
        """Show the whole discard pile."""
        self.app.push_screen(PileScreen(self.view.discard_pile, self.lang))

    def action_help(self) -> None:
        """Show the viewer's keys and the rules."""
        self.app.push_screen(
            HelpScreen(self.view.rules, self.lang, viewer_keys_markdown(self.lang))
        )

    def action_leave(self) -> None:
        """Close the replay."""
        self.dismiss("quit")
