"""The end of a round (hands shown, points, totals) and of the match (winner, play again)."""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from rami.i18n import translator
from rami.narration import narrate_result
from rami.review import Review
from rami.tui.render import cards_inline
from rami.tui.review import ReviewRequest, ReviewScreen
from rami.views import PlayerView, RoundScore

RESULTS_CSS = """
RoundEndScreen { align: center middle; }
#results {
    width: 96%; max-width: 120; height: auto; max-height: 95%;
    border: thick $accent; background: $surface; padding: 1 2;
}
#results-title { text-style: bold; }
#winner { text-style: bold; color: $success; margin-top: 1; }
#results-buttons { height: auto; margin-top: 1; }
#results-buttons Button { margin-right: 2; }
"""


def score_table(view: PlayerView, played: RoundScore, lang: str) -> Table:
    """One row per seat of the round: hand left, note, round points and match total."""
    tr = translator(lang)
    result = played.result
    table = Table(expand=True, show_lines=False)
    table.add_column(tr.gettext("Player"))
    table.add_column(tr.gettext("Cards left in hand"), ratio=3)
    table.add_column(tr.gettext("Note"), ratio=2)
    table.add_column(tr.gettext("Round"), justify="right")
    table.add_column(tr.gettext("Total"), justify="right")
    current = played.round_index == view.round_index
    for round_seat, seat in enumerate(played.seats):
        hand = result.hands[round_seat]
        score = result.scores[round_seat]
        notes = []
        if result.winner == round_seat:
            notes.append(tr.gettext("rami sec!") if result.rami_sec else tr.gettext("went out"))
        else:
            if current and not view.opened[seat]:
                notes.append(tr.gettext("never opened"))
            if result.rami_sec and score:
                notes.append(tr.gettext("doubled by the rami sec"))
        table.add_row(
            Text(view.names[seat], style="bold" if seat == view.seat else ""),
            cards_inline(hand, lang) if hand else Text("—", style="dim"),
            ", ".join(notes),
            str(score),
            str(view.totals[seat]),
        )
    return table


class RoundEndScreen(ModalScreen[str]):
    """The score table of the round just played; dismisses with next, again or quit."""

    DEFAULT_CSS = RESULTS_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,n", "choose('next')", show=False),
        Binding("a", "choose('again')", show=False),
        Binding("q", "choose('quit')", show=False),
        Binding("r", "review", show=False),
    ]

    def __init__(self, view: PlayerView, lang: str, review: ReviewRequest | None = None) -> None:
        super().__init__()
        self.view = view
        self.lang = lang
        self.review_request = review if review is None else replace(review, lang=lang)
        """The player's round to review with R (None: no review offered)."""
        self.review: Review | None = None
        """The review once computed, shown again without computing it twice."""

    def compose(self) -> ComposeResult:
        """Title, the table, totals and what comes next."""
        tr = translator(self.lang)
        view = self.view
        played = view.rounds[-1]
        with Vertical(id="results"):
            title = tr.gettext("Round {number} is over", number=played.round_index)
            yield Label(title, id="results-title")
            said = narrate_result(played.result, played.seats, view.names, self.lang, view.seat)
            yield Label(said)
            yield Static(score_table(view, played, self.lang), id="score-table")
            if view.winners:
                names = ", ".join(view.names[s] for s in view.winners)
                won = tr.ngettext(
                    "The match is over. Winner: {names}",
                    "The match is over. Winners: {names}",
                    len(view.winners),
                    names=names,
                )
                yield Label(won, id="winner")
            with Horizontal(id="results-buttons"):
                if view.winners:
                    yield Button(tr.gettext("Play again (A)"), id="again", variant="success")
                else:
                    yield Button(tr.gettext("Next round (Enter)"), id="next", variant="success")
                if self.review_request is not None:
                    yield Button(tr.gettext("Review my round (R)"), id="review")
                yield Button(tr.gettext("Save and quit (Q)"), id="quit")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Answer with the button's choice (or open the review)."""
        assert event.button.id is not None
        if event.button.id == "review":
            self.action_review()
            return
        self.dismiss(event.button.id)

    def action_review(self) -> None:
        """Open the review of the player's round (computed once, in a worker)."""
        if self.review_request is None:
            return
        tr = translator(self.lang)
        view = self.view
        title = tr.gettext(
            "Review of round {number}: {player}",
            number=view.rounds[-1].round_index,
            player=view.names[self.review_request.seat],
        )
        self.app.push_screen(ReviewScreen(self.review_request, title, self.review, self._keep))

    def _keep(self, review: Review) -> None:
        self.review = review

    def action_choose(self, choice: str) -> None:
        """Answer from the keyboard (next is not offered once the match is over)."""
        if choice == "next" and self.view.winners:
            return
        if choice == "again" and not self.view.winners:
            return
        self.dismiss(choice)
