"""Small modal screens: a choice between a few options, and the whole discard pile."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from rami.cards import Card
from rami.i18n import translator
from rami.tui.render import cards_inline

DIALOG_CSS = """
ChoiceScreen, PileScreen { align: center middle; }
#dialog {
    width: auto; min-width: 40; max-width: 90%; height: auto;
    border: thick $accent; background: $surface; padding: 1 2;
}
#dialog Button { margin: 1 1 0 0; }
#choices { height: auto; grid-size: 2; grid-gutter: 0 1; }
"""


class ChoiceScreen(ModalScreen[int | None]):
    """Ask one question; dismisses with the index of the option chosen (None: cancelled)."""

    DEFAULT_CSS = DIALOG_CSS
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", show=False)]

    def __init__(self, question: str, options: Sequence[str]) -> None:
        super().__init__()
        self.question = question
        self.options = tuple(options)

    def compose(self) -> ComposeResult:
        """The question and one button per option."""
        with Vertical(id="dialog"):
            yield Label(self.question)
            with Grid(id="choices"):
                for index, option in enumerate(self.options):
                    yield Button(option, id=f"choice-{index}", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Answer with the option pressed."""
        assert event.button.id is not None
        self.dismiss(int(event.button.id.removeprefix("choice-")))

    def action_cancel(self) -> None:
        """Close without choosing."""
        self.dismiss(None)


class PileScreen(ModalScreen[None]):
    """Every card of the discard pile, oldest first."""

    DEFAULT_CSS = DIALOG_CSS
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,p,q,enter", "close", show=False)]

    def __init__(self, pile: Sequence[Card], lang: str) -> None:
        super().__init__()
        self.pile = tuple(pile)
        self.lang = lang

    def compose(self) -> ComposeResult:
        """The pile, and a button to close it."""
        tr = translator(self.lang)
        with Vertical(id="dialog"):
            count = tr.ngettext("{count} card", "{count} cards", len(self.pile))
            yield Label(tr.gettext("Discard pile, oldest first ({cards})", cards=count))
            body = cards_inline(self.pile, self.lang) if self.pile else Text(tr.gettext("empty"))
            yield Static(body, id="pile")
            yield Button(tr.gettext("Close"), id="close")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Close the pile."""
        self.dismiss(None)

    def action_close(self) -> None:
        """Close the pile."""
        self.dismiss(None)
