"""The table's widgets. Each one is drawn from a :class:`~rami.views.PlayerView` handed to it
by the screen; none keeps any game state of its own (only what is on screen, for clicks)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widgets import Static

from rami.cards import Card
from rami.i18n import translator
from rami.narration import narrate_log
from rami.scoring import check_opening
from rami.tui.render import SLOT, Marks, card_inline, face, hand_text, marks_text, meld_text
from rami.views import PlayerView


def level_name(level: str, lang: str) -> str:
    """A bot level in words (an unknown level as it is)."""
    tr = translator(lang)
    words = {
        "random": tr.pgettext("bot level", "random"),
        "easy": tr.pgettext("bot level", "easy"),
        "medium": tr.pgettext("bot level", "medium"),
        "hard": tr.pgettext("bot level", "hard"),
        "expert": tr.pgettext("bot level", "expert"),
    }
    return words.get(level, level)


class HandView(Static):
    """The player's hand in display order, with the cursor, the selected cards, the hint's
    cards and the card just drawn."""

    class CardClicked(Message):
        """A card of the hand was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, id: str | None = None) -> None:
        super().__init__("", id=id)
        self._count = 0

    def show(self, cards: Sequence[Card], lang: str, marks: Marks) -> None:
        """Draw ``cards`` (already in display order) with ``marks``."""
        self._count = len(cards)
        line = hand_text(cards, lang, marks)
        self.update(Text("\n").join([line, marks_text(len(cards), marks)]))

    def on_click(self, event: events.Click) -> None:
        """Report which card was clicked."""
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = offset.x // SLOT
        if 0 <= index < self._count and offset.x % SLOT < SLOT - 1:
            self.post_message(self.CardClicked(index))


class TableView(Static):
    """Every meld on the table in table order (meld 1 first) with its owner, points and
    jokers; the chosen meld and the one a hint is about are marked."""

    class MeldClicked(Message):
        """A meld on the table was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, id: str | None = None) -> None:
        super().__init__("", id=id)
        self._lines: list[int | None] = []

    def show(
        self, view: PlayerView, lang: str, target: int | None, hinted: int | None = None
    ) -> None:
        """Draw the table of ``view``; the meld ``target`` is highlighted, ``hinted`` marked."""
        tr = translator(lang)
        lines: list[Text] = []
        self._lines = []
        width = max((len(name) for name in view.names), default=0)
        for index, placed in enumerate(view.table):
            line = Text(f"{index + 1:>3}  ", style="dim")
            owner = view.names[placed.owner]
            line.append(
                owner.ljust(width) + "  ", style="bold" if placed.owner == view.seat else ""
            )
            line.append_text(meld_text(placed.meld, lang))
            points = tr.ngettext("{count} point", "{count} points", placed.meld.points())
            line.append(f"   {points}", style="cyan")
            if index == target:
                line.stylize("reverse")
                line.append("  ◀", style="bold yellow")
            if index == hinted:
                line.append("  ?", style="bold cyan")
            lines.append(line)
            self._lines.append(index)
        if not lines:
            lines.append(Text(tr.gettext("No meld on the table yet."), style="dim italic"))
            self._lines.append(None)
        self.update(Text("\n").join(lines))

    def on_click(self, event: events.Click) -> None:
        """Report which meld was clicked."""
        offset = event.get_content_offset(self)
        if offset is not None and 0 <= offset.y < len(self._lines):
            index = self._lines[offset.y]
            if index is not None:
                self.post_message(self.MeldClicked(index))


class PlayersPanel(Static):
    """Each seat: whose turn it is, cards in hand, opened or not, total score."""

    def show(self, view: PlayerView, lang: str, levels: dict[int, str]) -> None:
        """Draw the seats of ``view`` (``levels`` names the bots' levels)."""
        tr = translator(lang)
        table = Table(box=None, padding=(0, 1), expand=True)
        table.add_column("")
        table.add_column(tr.gettext("Player"), no_wrap=True, overflow="ellipsis", ratio=1)
        table.add_column(tr.gettext("Cards"), justify="right")
        table.add_column(tr.gettext("Opened"), justify="center")
        table.add_column(tr.gettext("Score"), justify="right")
        for seat, name in enumerate(view.names):
            marker = "▶" if seat == view.current else ""
            who = Text(name, style="bold" if seat == view.seat else "")
            if seat in levels:
                who.append(" · " + level_name(levels[seat], lang), style="dim")
            if not view.active[seat]:
                who.stylize("strike dim")
            opened = Text("✓", style="green") if view.opened[seat] else Text("·", style="dim")
            table.add_row(
                Text(marker, style="bold yellow"),
                who,
                str(view.hand_sizes[seat]),
                opened,
                str(view.totals[seat]),
            )
        self.update(table)


class LogPanel(Static):
    """The last actions of the round, in words."""

    def show(self, view: PlayerView, lang: str, lines: int = 12) -> None:
        """Draw the newest ``lines`` events of the round."""
        said = narrate_log(view.events, view.names, lang, face)[-lines:]
        self.update(Text("\n").join(Text(line) for line in said))


class StagingPanel(Static):
    """The pending opening: staged melds, the live points counter and the clean-run mark."""

    def show(self, view: PlayerView, lang: str) -> None:
        """Draw the staged melds of ``view`` and how far they are from opening."""
        tr = translator(lang)
        rules = view.rules
        check = check_opening(view.staged, rules)
        counter = Text(f"{check.points} / {rules.opening_points}", style="bold")
        if rules.opening_needs_clean_run:
            if check.clean_run:
                counter.append(" — " + tr.gettext("clean run ✓"), style="green")
            else:
                counter.append(" — " + tr.gettext("needs a clean run"), style="yellow")
        if check.valid:
            counter.append(" — " + tr.gettext("ready to open (O)"), style="bold green")
        parts = [counter]
        for meld in view.staged:
            line = Text("  ")
            line.append_text(meld_text(meld, lang))
            line.append(f"   {meld.points(rules.jokers_count_in_opening)}", style="cyan")
            parts.append(line)
        if not view.staged:
            hint = tr.gettext("Select cards and press M to stage a meld for your opening.")
            parts.append(Text(hint, style="dim italic"))
        self.update(Text("\n").join(parts))


def piles_text(view: PlayerView, lang: str) -> Text:
    """Stock size, reshuffles left and the discard pile's top card."""
    tr = translator(lang)
    text = Text(tr.gettext("Stock: {count}", count=view.stock_size), style="bold")
    if view.reshuffles_left is None:
        text.append(" (" + tr.gettext("unlimited reshuffles") + ")", style="dim")
    else:
        left = tr.ngettext(
            "{count} reshuffle left", "{count} reshuffles left", view.reshuffles_left
        )
        text.append(f" ({left})", style="dim")
    text.append("    " + tr.gettext("Discard pile:") + " ", style="bold")
    if view.discard_pile:
        text.append_text(card_inline(view.discard_pile[-1], lang))
        more = tr.ngettext("{count} card", "{count} cards", len(view.discard_pile))
        text.append(f" ({more})", style="dim")
    else:
        text.append(tr.gettext("empty"), style="dim")
    return text


def brief_text(view: PlayerView, lang: str) -> Text:
    """Two lines for narrow terminals: every seat (cards, opened, score) and the last action."""
    tr = translator(lang)
    text = Text()
    for seat, name in enumerate(view.names):
        if seat:
            text.append("  │  ", style="dim")
        if seat == view.current:
            text.append("▶ ", style="bold yellow")
        text.append(name, style="bold" if seat == view.seat else "")
        cards = tr.ngettext("{count} card", "{count} cards", view.hand_sizes[seat])
        text.append(f" {cards}", style="dim")
        if view.opened[seat]:
            text.append(" ✓", style="green")
        text.append(f" {view.totals[seat]}", style="cyan")
    said = narrate_log(view.events, view.names, lang, face)
    if said:
        text.append("\n" + said[-1], style="italic")
    return text
