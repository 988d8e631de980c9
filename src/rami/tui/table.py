"""The table's layout, shared by play and replay: drawn entirely from one player's view."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from rami.cards import Card
from rami.i18n import translator
from rami.rulespage.context import Context
from rami.rulespage.page import game_name
from rami.state import Phase
from rami.tui.render import Marks
from rami.tui.widgets import (
    HandView,
    LogPanel,
    PlayersPanel,
    StagingPanel,
    TableView,
    brief_text,
    piles_text,
)
from rami.views import PlayerView

TABLE_CSS = """
TableLayout {
    #title { height: 1; background: $primary; color: $text; text-style: bold; padding: 0 1; }
    #main { height: 1fr; }
    #left { width: 1fr; }
    #right { width: 44; }
    #table-scroll { height: 1fr; border: round $primary; border-title-color: $text; }
    #piles { height: auto; padding: 0 1; }
    #staging { height: auto; max-height: 7; border: round $warning; padding: 0 1; }
    #staging.-hidden { display: none; }
    #hand { height: 4; border: round $success; padding: 0 1; }
    #status { height: auto; max-height: 2; padding: 0 1; text-style: bold; }
    #message { height: 2; padding: 0 1; }
    #players { height: auto; border: round $primary; }
    #log { height: 1fr; border: round $primary; padding: 0 1; }
    #keys { height: auto; max-height: 2; background: $panel; padding: 0 1; }
    #brief { height: auto; padding: 0 1; display: none; }
    &.-narrow #right { display: none; }
    &.-narrow #brief { display: block; }
}
"""


class TableLayout(Screen[str]):
    """Title, table melds, piles, staging area, hand, status; players and log on the right."""

    CSS = TABLE_CSS
    SCOPED_CSS = False
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]  # noqa: RUF012
    """Below 110 columns the side panels give way to a two-line summary above the table."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang
        self._key_pairs: list[tuple[str, str]] = []

    def compose(self) -> ComposeResult:
        """The widgets; :meth:`draw` fills them."""
        tr = translator(self.lang)
        yield Static("", id="title")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield Static("", id="brief")
                with VerticalScroll(id="table-scroll") as scroll:
                    scroll.border_title = tr.gettext("Table")
                    yield TableView(id="table")
                yield Static("", id="piles")
                staging = StagingPanel("", id="staging")
                staging.border_title = tr.gettext("Your opening")
                yield staging
                yield HandView(id="hand")
                yield Static("", id="status")
                yield Static("", id="message")
            with Vertical(id="right"):
                players = PlayersPanel("", id="players")
                players.border_title = tr.gettext("Players")
                yield players
                log = LogPanel("", id="log")
                log.border_title = tr.gettext("Log")
                yield log
        yield Static("", id="keys")

    def draw(
        self,
        view: PlayerView,
        hand: Sequence[Card],
        marks: Marks,
        target: int | None,
        levels: dict[int, str],
        hinted: int | None = None,
    ) -> None:
        """Draw everything from ``view``; ``hand`` is the hand in display order, ``target``
        the chosen table meld and ``hinted`` the one a hint is about."""
        tr = translator(self.lang)
        self.query_one("#title", Static).update(self.title_text(view))
        self.query_one(TableView).show(view, self.lang, target, hinted)
        self.query_one("#piles", Static).update(piles_text(view, self.lang))
        staging = self.query_one(StagingPanel)
        showing = view.my_turn and not view.has_opened and view.phase is Phase.PLAY
        staging.set_class(not showing, "-hidden")
        if showing:
            staging.show(view, self.lang)
        hand_view = self.query_one(HandView)
        who = view.names[view.seat] if view.seat is not None else ""
        hand_view.border_title = tr.ngettext(
            "{name}: {count} card", "{name}: {count} cards", len(hand), name=who
        )
        hand_view.show(hand, self.lang, marks)
        self.query_one(PlayersPanel).show(view, self.lang, levels)
        self.query_one(LogPanel).show(view, self.lang)
        self.query_one("#brief", Static).update(brief_text(view, self.lang))

    def title_text(self, view: PlayerView) -> Text:
        """The title bar: game, round, rule set and its fingerprint."""
        tr = translator(self.lang)
        text = Text(game_name(Context(view.rules, self.lang)) + "  ·  ")
        text.append(tr.gettext("Round {number}", number=view.round_index))
        rules = view.rules
        text.append(
            "  ·  " + tr.gettext("rules {name} ({hash})", name=rules.name, hash=rules.hash),
            style="dim",
        )
        return text

    def say(self, message: str | Text, style: str = "") -> None:
        """Show a message under the hand (a refusal in red, news in green)."""
        body = message if isinstance(message, Text) else Text(message, style=style)
        self.query_one("#message", Static).update(body)

    def set_status(self, status: str | Text) -> None:
        """The line saying whose turn it is and what to do."""
        self.query_one("#status", Static).update(status)

    def set_keys(self, keys: Sequence[tuple[str, str]]) -> None:
        """The key bar: ``(key, what it does)`` pairs, wrapped between pairs only."""
        self._key_pairs = list(keys)
        bar = self.query_one("#keys", Static)
        width = bar.content_region.width or self.size.width - 2
        text = Text()
        used = 0
        for key, what in keys:
            pair = Text.assemble((f" {key} ", "reverse bold"), f" {what}  ")
            if used and used + pair.cell_len > width:
                text.append("\n")
                used = 0
            text.append_text(pair)
            used += pair.cell_len
        bar.update(text)

    def on_resize(self) -> None:
        """Wrap the key bar again for the new width."""
        if self._key_pairs:
            self.set_keys(self._key_pairs)
