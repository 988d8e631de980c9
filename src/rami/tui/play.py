"""The play screen: the player's keys and clicks become engine actions; bots take their turns.

The screen keeps only what is on screen (hand order, cursor, selection, chosen meld, the hint's
marks and the card just drawn); the game itself is in the :class:`~rami.tui.session.Session`,
read through the player's view after every change. A refused action changes nothing and shows
the engine's reason in words. A hint marks its cards and meld without selecting them; the next
key clears the marks.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.timer import Timer

from rami.actions import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    LayOff,
    MeldAction,
    Open,
    Swap,
    TakeBack,
)
from rami.cards import Card
from rami.errors import RamiError
from rami.i18n import translator
from rami.review import BUDGETS, ReviewBudget
from rami.tui.dialogs import ChoiceScreen, PileScreen
from rami.tui.handorder import Sorter, carried, drawn_card, follow, indices, moved, same_cards
from rami.tui.help import HelpScreen
from rami.tui.hints import hint_for
from rami.tui.prompts import key_pairs, layoff_choices, meld_choices, status_text
from rami.tui.refusals import refusal_text
from rami.tui.render import Marks, by_rank, by_suit
from rami.tui.results import RoundEndScreen
from rami.tui.review import round_request
from rami.tui.session import Session
from rami.tui.table import TableLayout
from rami.tui.widgets import HandView, TableView
from rami.views import PlayerView


class PlayScreen(TableLayout):
    """A match against the bots; dismisses with ``"again"`` or ``"quit"``."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "cursor(-1)", show=False),
        Binding("right", "cursor(1)", show=False),
        Binding("shift+left,less_than_sign", "move(-1)", show=False),
        Binding("shift+right,greater_than_sign", "move(1)", show=False),
        Binding("home", "cursor_to(0)", show=False),
        Binding("end", "cursor_to(-1)", show=False),
        Binding("space", "select", show=False),
        Binding("escape", "clear", show=False),
        Binding("up", "target(-1)", show=False),
        Binding("down", "target(1)", show=False),
        Binding("s", "draw_stock", show=False),
        Binding("d", "draw_discard", show=False),
        Binding("m", "meld", show=False),
        Binding("o", "open", show=False),
        Binding("u", "take_back", show=False),
        Binding("l", "lay_off", show=False),
        Binding("j", "swap", show=False),
        Binding("x", "discard", show=False),
        Binding("r", "sort", show=False),
        Binding("h", "hint", show=False),
        Binding("p", "pile", show=False),
        Binding("question_mark,f1", "help", show=False),
        Binding("q", "quit_game", show=False),
    ]

    def __init__(
        self,
        session: Session,
        lang: str,
        save_path: Path | None,
        bot_delay: float,
        review_budget: ReviewBudget = BUDGETS["quick"],
    ) -> None:
        super().__init__(lang)
        self.session = session
        self.review_budget = review_budget
        self.save_path = save_path
        self.bot_delay = bot_delay
        self.order: list[Card] = []
        self.selected: set[int] = set()
        self.cursor = 0
        self.target: int | None = None
        self.hinted: set[int] = set()
        self.hinted_target: int | None = None
        self.drawn: Card | None = None
        self.sort_by_rank = False
        self.arranged = False
        """True once the player moved a card by hand: the order is theirs until R sorts again."""
        self._before_staging: list[Card] = []
        """The hand's order before the turn's first staged meld (a take back restores it)."""
        self._bot_timer: Timer | None = None
        self._results_open = False

    def on_mount(self) -> None:
        """Draw the table and let the bots play if they start."""
        self.redraw()

    # --- drawing ------------------------------------------------------------------------------

    @property
    def view(self) -> PlayerView:
        """The player's view of the game now."""
        return self.session.view()

    def redraw(self) -> None:
        """Draw the whole screen from the player's view, then let whoever is next act."""
        view = self.view
        self._arrange(follow(self.order, view.hand, self.arranged, self._sorter))
        if self.target is not None and self.target >= len(view.table):
            self.target = len(view.table) - 1 if view.table else None
        if self.drawn is not None and self.drawn not in self.order:
            self.drawn = None
        self.draw(
            view, self.order, self.marks(), self.target, self.session.levels, self.hinted_target
        )
        self.set_status(status_text(view, self.lang))
        self.set_keys(key_pairs(view, self.lang))
        self._next_step()

    @property
    def _sorter(self) -> Sorter:
        return by_rank if self.sort_by_rank else by_suit

    def _arrange(self, order: list[Card]) -> None:
        """Show the hand in ``order``, the cursor and the selection staying on their cards."""
        self.cursor, self.selected = carried(self.order, order, self.cursor, self.selected)
        self.order = order

    def marks(self) -> Marks:
        """The hand's marks now: selection, cursor, the hint's cards and the card just drawn."""
        drawn = self.order.index(self.drawn) if self.drawn in self.order else None
        return Marks(self.selected, self.cursor, self.hinted, drawn)

    # --- the game moving on -------------------------------------------------------------------

    def _next_step(self) -> None:
        if self.session.round_over:
            self._show_results()
        elif self.session.bot_to_act and self._bot_timer is None:
            if self.bot_delay <= 0:
                while self.session.bot_to_act:
                    self.session.step_bot()
                self.redraw()
            else:
                self._bot_timer = self.set_timer(self.bot_delay, self._bot_tick)

    def _bot_tick(self) -> None:
        self._bot_timer = None
        self.session.step_bot()
        self.redraw()

    def _show_results(self) -> None:
        if self._results_open or not self.is_current:
            return
        self._results_open = True
        self._save()
        review = round_request(self.session.match, self.session.human, self.review_budget)
        screen = RoundEndScreen(self.view, self.lang, review)
        self.app.push_screen(screen, self._after_results)

    def _after_results(self, choice: str | None) -> None:
        self._results_open = False
        if choice == "next" and not self.session.match.finished:
            self.session.deal_next()
            self.selected.clear()
            self.target = None
            self.say("")
            self.redraw()
        elif choice == "again":
            self.dismiss("again")
        else:
            self.action_quit_game()

    # --- playing ------------------------------------------------------------------------------

    def play(self, action: Action) -> bool:
        """Send ``action`` to the engine; on refusal say why (nothing changes)."""
        view = self.view
        before = list(self.order)
        try:
            self.session.play(action)
        except RamiError as error:
            self.say("✗ " + refusal_text(error, self.lang), "bold red")
            return False
        if isinstance(action, MeldAction) and not view.has_opened and not view.staged:
            self._before_staging = before
        if isinstance(action, TakeBack) and same_cards(self._before_staging, self.view.hand):
            self._arrange(self._before_staging)
        self.drawn = drawn_card(view.hand, self.view.hand) if isinstance(action, DRAWS) else None
        self.selected.clear()
        self.say("")
        self.redraw()
        return True

    def _chosen_cards(self) -> list[Card]:
        return [self.order[i] for i in sorted(self.selected)]

    def _one_card(self) -> Card | None:
        tr = translator(self.lang)
        if len(self.selected) > 1:
            self.say(tr.gettext("Select just one card."), "yellow")
            return None
        if self.selected:
            return self.order[next(iter(self.selected))]
        if not self.order:
            return None
        return self.order[self.cursor]

    def _chosen_meld(self) -> int | None:
        if self.target is None:
            tr = translator(self.lang)
            self.say(tr.gettext("Choose a meld on the table first (↑ ↓ or click)."), "yellow")
        return self.target

    def _pick(self, question: str, options: Sequence[tuple[str, Action]]) -> None:
        """Play the only option, or ask which one."""
        if len(options) == 1:
            self.play(options[0][1])
            return

        def chosen(index: int | None) -> None:
            if index is not None:
                self.play(options[index][1])

        self.app.push_screen(ChoiceScreen(question, [text for text, _ in options]), chosen)

    def action_draw_stock(self) -> None:
        """Draw from the stock."""
        self.play(DrawStock())

    def action_draw_discard(self) -> None:
        """Take the top card of the discard pile."""
        self.play(DrawDiscard())

    def action_meld(self) -> None:
        """Meld the selected cards (stage them before the opening)."""
        tr = translator(self.lang)
        cards = tuple(sorted(self._chosen_cards()))
        if len(cards) < 3:
            self.say(tr.gettext("Select the cards of a meld first (at least 3)."), "yellow")
            return
        options = meld_choices(self.view, cards, self.lang) or [("", MeldAction(cards))]
        self._pick(tr.gettext("Which card does the joker stand for?"), options)

    def action_open(self) -> None:
        """Open with the staged melds."""
        self.play(Open())

    def action_take_back(self) -> None:
        """Take the staged melds back into the hand."""
        self.play(TakeBack())

    def action_lay_off(self) -> None:
        """Lay the chosen card off on the chosen meld."""
        card = self._one_card()
        target = self._chosen_meld() if card is not None else None
        if card is None or target is None:
            return
        question = translator(self.lang).gettext("Which end of the meld?")
        options = layoff_choices(self.view, card, target, self.lang)
        self._pick(question, options or [("", LayOff(card, target))])

    def action_swap(self) -> None:
        """Take back the joker of the chosen meld, giving the chosen card for it."""
        card = self._one_card()
        target = self._chosen_meld() if card is not None else None
        if card is not None and target is not None:
            self.play(Swap(card, target))

    def action_discard(self) -> None:
        """Discard the chosen card, ending the turn."""
        card = self._one_card()
        if card is not None:
            self.play(Discard(card))

    # --- moving around ------------------------------------------------------------------------

    def _redraw_hand(self) -> None:
        self.query_one(HandView).show(self.order, self.lang, self.marks())

    def _clear_hint(self) -> None:
        """Take the hint's marks off the hand and the table."""
        if not self.hinted and self.hinted_target is None:
            return
        self.hinted = set()
        self.hinted_target = None
        self._redraw_hand()
        self.query_one(TableView).show(self.view, self.lang, self.target)

    def on_key(self, event: events.Key) -> None:
        """Any key but the hint key clears the hint's marks (before the key acts)."""
        if event.key != "h":
            self._clear_hint()

    def on_click(self) -> None:
        """A click clears the hint's marks too."""
        self._clear_hint()

    def action_cursor(self, step: int) -> None:
        """Move the cursor along the hand."""
        if self.order:
            self.cursor = (self.cursor + step) % len(self.order)
            self._redraw_hand()

    def action_cursor_to(self, index: int) -> None:
        """Move the cursor to the first card (0) or the last one (-1)."""
        if self.order:
            self.cursor = index % len(self.order)
            self._redraw_hand()

    def action_select(self) -> None:
        """Select or unselect the card under the cursor."""
        if self.order:
            self.selected ^= {self.cursor}
            self._redraw_hand()

    def action_clear(self) -> None:
        """Unselect every card."""
        self.selected.clear()
        self._redraw_hand()

    def on_hand_view_card_clicked(self, message: HandView.CardClicked) -> None:
        """A click selects or unselects a card."""
        self.cursor = message.index
        self.action_select()

    def action_target(self, step: int) -> None:
        """Choose the previous or next meld on the table."""
        count = len(self.view.table)
        if not count:
            return
        if self.target is None:
            self.target = 0 if step > 0 else count - 1
        else:
            self.target = (self.target + step) % count
        self.query_one(TableView).show(self.view, self.lang, self.target)

    def on_table_view_meld_clicked(self, message: TableView.MeldClicked) -> None:
        """A click chooses a meld."""
        self.target = message.index
        self.query_one(TableView).show(self.view, self.lang, self.target)

    def action_sort(self) -> None:
        """Sort the hand by rank, or back by suit (a hand arranged by hand is sorted again)."""
        self.sort_by_rank = not self.sort_by_rank
        self.arranged = False
        self.selected.clear()
        self.redraw()

    def action_move(self, step: int) -> None:
        """Move the card under the cursor one place left or right; the cursor goes with it."""
        if len(self.order) < 2:
            return
        self.arranged = True
        self._arrange(moved(self.order, self.cursor, step))
        self.cursor = max(0, min(len(self.order) - 1, self.cursor))
        self._redraw_hand()

    def action_hint(self) -> None:
        """Show the suggested play and mark (not select) its cards and meld."""
        hint = hint_for(self.view, self.lang)
        self.hinted = indices(self.order, hint.cards)
        self.hinted_target = hint.target
        self.query_one(TableView).show(self.view, self.lang, self.target, self.hinted_target)
        self._redraw_hand()
        self.say("» " + hint.text, "bold cyan")

    def action_pile(self) -> None:
        """Show the whole discard pile."""
        self.app.push_screen(PileScreen(self.view.discard_pile, self.lang))

    def action_help(self) -> None:
        """Show the keys and the rules."""
        self.app.push_screen(HelpScreen(self.view.rules, self.lang))

    def action_quit_game(self) -> None:
        """Save the match and leave."""
        self._save()
        self.dismiss("quit")

    def _save(self) -> None:
        if self.save_path is not None:
            self.session.save(self.save_path)


DRAWS = (DrawStock, DrawDiscard)
