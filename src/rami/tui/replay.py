"""The replay viewer: a saved game stepped through action by action on the same table.

The record's rounds are dealt again from their revealed seeds and replayed through the engine;
each step is shown through one seat's view (Tab moves to the next seat).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from textual.binding import Binding, BindingType

from rami.engine import apply, deal
from rami.i18n import translator
from rami.match import MatchState, PlayedRound
from rami.narration import narrate_log, narrate_result
from rami.state import Phase, RoundState
from rami.tui.dialogs import PileScreen
from rami.tui.help import HelpScreen, viewer_keys_markdown
from rami.tui.render import Marks, by_suit, face
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
        Binding("question_mark,f1", "help", show=False),
        Binding("q,escape", "leave", show=False),
    ]

    def __init__(self, match: MatchState, lang: str, seat: int = 0) -> None:
        super().__init__(lang)
        self.steps = replay_steps(match)
        self.index = 0
        self.seat = seat

    def on_mount(self) -> None:
        """Show the first deal."""
        self.show_step()

    @property
    def view(self) -> PlayerView:
        """The chosen seat's view of the current step."""
        return view_for(self.steps[self.index].match, self.seat)

    def show_step(self) -> None:
        """Draw the current step."""
        tr = translator(self.lang)
        view = self.view
        self.draw(view, by_suit(view.hand), Marks(), None, {})
        status = tr.gettext(
            "Replay: step {step} of {steps}, seen by {player}",
            step=self.index + 1,
            steps=len(self.steps),
            player=view.names[self.seat],
        )
        self.set_status(status)
        said = narrate_log(view.events, view.names, self.lang, face)
        if view.phase is Phase.OVER and view.rounds:
            played = view.rounds[-1]
            self.say(narrate_result(played.result, played.seats, view.names, self.lang), "bold")
        else:
            self.say(said[-1] if said else tr.gettext("The cards are dealt."))
        self.set_keys(
            [
                ("← →", tr.gettext("step")),
                ("PgUp PgDn", tr.gettext("round")),
                ("Tab", tr.gettext("next seat")),
                ("P", tr.gettext("pile")),
                ("?", tr.gettext("help")),
                ("Q", tr.gettext("leave")),
            ]
        )

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
