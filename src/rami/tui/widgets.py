"""The table's widgets. Each one is drawn from a :class:`~rami.views.PlayerView` handed to it
by the screen; none keeps any game state of its own (only what is on screen, for clicks)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from rich.table import Table
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widgets import Static

from rami.cards import Card
from rami.i18n import translator
from rami.narration import narrate_log
from rami.scoring import check_opening
from rami.tui.render import SLOT, card_inline, face, hand_text, marks_text, meld_text
from rami.views import PlayerView


def level_name(level: str, lang: str) -> str:
    """A bot level in words (an unknown level as it is)."""
    tr = translator(lang)
    words = {
        "random": tr.pgettext("bot level", "random"),
        "easy": tr.pgettext("bot level", "easy"),
        "medium": tr.pgettext("bot level", "medium"),
        "hard": tr.pgettext("bot level", "hard"),
    }
    return words.get(level, level)


class HandView(Static):
    """The player's hand in display order, with the cursor and the selected cards."""

    class CardClicked(Message):
        """A card of the hand was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, id: str | None = None) -> None:
        super().__init__("", id=id)
        self._count = 0

    def show(
        self, cards: Sequence[Card], lang: str, selected: Collection[int], cursor: int | None
    ) -> None:
        """Draw ``cards`` (already in display order)."""
        self._count = len(cards)
        line = hand_text(cards, lang, selected, cursor)
        self.update(Text("\n").join([line, marks_text(len(cards), selected, cursor)]))

    def on_click(self, event: events.Click) -> None:
        """Report which card was clicked."""
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = offset.x // SLOT
        if 0 <= index < self._count and offset.x % SLOT < SLOT - 1:
            self.post_message(self.CardClicked(index))


class TableView(Static):
    """Every meld on the table grouped by its owner, with its number, points and jokers."""

    class MeldClicked(Message):
        """A meld on the table was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, id: str | None = None) -> None:
        super().__init__("", id=id)
        self._lines: list[int | None] = []

    def show(self, view: PlayerView, lang: str, target: int | None) -> None:
        """Draw the table of ``view``; the meld ``target`` is highlighted."""
        tr = translator(lang)
        lines: list[Text] = []
        self._lines = []
        for seat, name in enumerate(view.names):
            owned = [(i, tm.meld) for i, tm in enumerate(view.table) if tm.owner == seat]
            if not owned:
                continue
            lines.append(Text(name, style="bold underline"))
            self._lines.append(None)
            for index, meld in owned:
                line = Text(f"{index + 1:>3}  ", style="dim")
                line.append_text(meld_text(meld, lang))
                points = tr.ngettext("{count} point", "{count} points", meld.points())
                line.append(f"   {points}", style="cyan")
                if index == target:
                    line.stylize("reverse")
                    line.append("  ◀", style="bold yellow")
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
