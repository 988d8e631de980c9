"""What the play screen tells the player to do: the status line and the key bar, from the view.

Both follow what the engine allows now (``view.legal``): a key is offered only when its action
may be played, so the screen never invites a move the rules refuse.
"""

from __future__ import annotations

from rami.actions import Action, Discard, LayOff, MeldAction, TakeBack
from rami.cards import Card
from rami.i18n import translator
from rami.narration import cards_words
from rami.state import Phase
from rami.tui.render import face
from rami.views import PlayerView


def status_text(view: PlayerView, lang: str) -> str:
    """The line saying whose turn it is and what may be done."""
    tr = translator(lang)
    if view.phase is Phase.OVER:
        return tr.gettext("The round is over.")
    if not view.my_turn:
        assert view.current is not None
        return tr.gettext("{player} is playing…", player=view.names[view.current])
    if view.phase is Phase.DRAW:
        if view.discard_pile:
            top = face(view.discard_pile[-1], lang)
            return tr.gettext("Your turn: draw from the stock (S) or take {card} (D).", card=top)
        return tr.gettext("Your turn: draw from the stock (S).")
    if not view.has_opened:
        if view.staged:
            return tr.gettext("Stage more melds (M), open (O) or take the staged melds back (U).")
        return tr.gettext("Stage melds (M) and open (O), or discard (X) to end your turn.")
    return tr.gettext("Meld (M), lay off (L), take back a joker (J), then discard (X).")


def key_pairs(view: PlayerView, lang: str) -> list[tuple[str, str]]:
    """The key bar: ``(key, what it does)`` for the keys that may act now."""
    tr = translator(lang)
    keys: list[tuple[str, str]] = []
    legal = view.legal if view.my_turn else ()
    if view.my_turn and view.phase is Phase.DRAW:
        keys += [("S", tr.gettext("stock")), ("D", tr.gettext("discard pile"))]
    elif view.my_turn and view.phase is Phase.PLAY:
        keys += [(tr.pgettext("key", "Space"), tr.gettext("select")), ("M", tr.gettext("meld"))]
        if view.has_opened:
            keys += [("↑↓", tr.gettext("choose meld")), ("L", tr.gettext("lay off"))]
            keys += [("J", tr.gettext("joker"))]
        else:
            keys += [("O", tr.gettext("open"))]
        if any(isinstance(action, TakeBack) for action in legal):
            keys += [("U", tr.gettext("undo"))]
        if any(isinstance(action, Discard) for action in legal):
            keys += [("X", tr.gettext("discard"))]
    keys += [("H", tr.gettext("hint")), ("?", tr.gettext("help"))]
    keys += [("Q", tr.gettext("save and quit"))]
    keys += [("R", tr.gettext("sort")), ("P", tr.gettext("pile"))]
    return keys


Choice = tuple[str, Action]
"""An action the player may choose, in words."""


def meld_choices(view: PlayerView, cards: tuple[Card, ...], lang: str) -> list[Choice]:
    """The melds of ``cards`` the engine allows now: one per card a joker may stand for."""
    tr = translator(lang)
    return [
        (tr.gettext("joker = {cards}", cards=cards_words(a.jokers_as, lang, face)), a)
        for a in view.legal
        if isinstance(a, MeldAction) and a.cards == cards
    ]


def layoff_choices(view: PlayerView, card: Card, target: int, lang: str) -> list[Choice]:
    """The lay-offs of ``card`` on meld ``target`` the engine allows now: one per end."""
    tr = translator(lang)
    names = {"low": tr.gettext("low end"), "high": tr.gettext("high end")}
    return [
        (names.get(a.end, a.end), a)
        for a in view.legal
        if isinstance(a, LayOff) and (a.card, a.target) == (card, target)
    ]
