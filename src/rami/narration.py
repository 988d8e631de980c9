"""Actions in words for a game log: ``"Ana took 7♥ from the discard pile"``, in any language.

Clients render a view's public log with :func:`narrate_log`, which also knows which melds were
only staged (laid before the player's opening). Meld numbers are shown from 1, so the table
meld ``@0`` is "meld 1". Hints are said by :func:`rami.planning.wording.hint_text`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

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
from rami.i18n import card_symbol, translator
from rami.state import EndReason, RoundResult
from rami.views import ViewEvent

Face = Callable[[Card, str], str]
"""How a card is written in a sentence (default: :func:`rami.i18n.card_symbol`)."""


def cards_words(cards: Iterable[Card], lang: str, face: Face = card_symbol) -> str:
    """Cards as short faces separated by spaces: ``"7♠ 8♠ 9♠"`` (French ``"R♥"`` for K♥)."""
    return " ".join(face(card, lang) for card in cards)


def narrate(
    seat: int,
    action: Action,
    card: Card | None,
    names: Sequence[str],
    lang: str,
    staged: bool = False,
    face: Face = card_symbol,
    viewer: int | None = None,
) -> str:
    """One action in words; ``card`` is the card drawn when the viewer may know it, and
    ``staged`` says a meld was put into a pending opening rather than on the table. The
    ``viewer``'s own actions are said to them ("You drew…"), every other seat's by name."""
    if seat == viewer:
        return _yours(action, card, lang, staged, face)
    tr = translator(lang)
    who = names[seat]
    match action:
        case DrawStock():
            if card is None:
                return tr.gettext("{player} drew from the stock", player=who)
            return tr.gettext(
                "{player} drew {card} from the stock", player=who, card=face(card, lang)
            )
        case DrawDiscard():
            shown = face(card, lang) if card is not None else "?"
            return tr.gettext("{player} took {card} from the discard pile", player=who, card=shown)
        case MeldAction(cards):
            if staged:
                return tr.gettext(
                    "{player} staged {cards} for the opening",
                    player=who,
                    cards=cards_words(cards, lang, face),
                )
            return tr.gettext(
                "{player} laid down {cards}", player=who, cards=cards_words(cards, lang, face)
            )
        case Open():
            return tr.gettext("{player} opened", player=who)
        case TakeBack():
            return tr.gettext("{player} took back the staged melds", player=who)
        case LayOff(laid, target):
            return tr.gettext(
                "{player} laid off {card} on meld {number}",
                player=who,
                card=face(laid, lang),
                number=target + 1,
            )
        case Swap(given, target):
            return tr.gettext(
                "{player} took the joker from meld {number}, putting {card} in its place",
                player=who,
                card=face(given, lang),
                number=target + 1,
            )
        case Discard(thrown):
            return tr.gettext("{player} discarded {card}", player=who, card=face(thrown, lang))
    return str(action)


def _yours(action: Action, card: Card | None, lang: str, staged: bool, face: Face) -> str:
    """The viewer's own action, said to them (a sentence of its own in every language)."""
    tr = translator(lang)
    match action:
        case DrawStock():
            if card is None:
                return tr.gettext("You drew from the stock")
            return tr.gettext("You drew {card} from the stock", card=face(card, lang))
        case DrawDiscard():
            shown = face(card, lang) if card is not None else "?"
            return tr.gettext("You took {card} from the discard pile", card=shown)
        case MeldAction(cards):
            shown = cards_words(cards, lang, face)
            if staged:
                return tr.gettext("You staged {cards} for the opening", cards=shown)
            return tr.gettext("You laid down {cards}", cards=shown)
        case Open():
            return tr.gettext("You opened")
        case TakeBack():
            return tr.gettext("You took back the staged melds")
        case LayOff(laid, target):
            return tr.gettext(
                "You laid off {card} on meld {number}", card=face(laid, lang), number=target + 1
            )
        case Swap(given, target):
            return tr.gettext(
                "You took the joker from meld {number}, putting {card} in its place",
                card=face(given, lang),
                number=target + 1,
            )
        case Discard(thrown):
            return tr.gettext("You discarded {card}", card=face(thrown, lang))
    return str(action)


def narrate_log(
    events: Sequence[ViewEvent],
    names: Sequence[str],
    lang: str,
    face: Face = card_symbol,
    viewer: int | None = None,
) -> list[str]:
    """A round's events in words, oldest first (melds before a player's opening are staged;
    the ``viewer``'s own actions are said to them)."""
    opened: set[int] = set()
    lines = []
    for event in events:
        staged = isinstance(event.action, MeldAction) and event.seat not in opened
        if isinstance(event.action, Open):
            opened.add(event.seat)
        lines.append(
            narrate(event.seat, event.action, event.card, names, lang, staged, face, viewer)
        )
    return lines


def narrate_result(
    result: RoundResult,
    seats: Sequence[int],
    names: Sequence[str],
    lang: str,
    viewer: int | None = None,
) -> str:
    """How a round ended, in one sentence (``seats`` maps round seats to match seats; the
    ``viewer``, a match seat, is told of their own going out)."""
    tr = translator(lang)
    if result.winner is None:
        if result.reason is EndReason.TURN_LIMIT:
            return tr.gettext("The round hit the turn limit: the lowest hand wins.")
        return tr.gettext("The stock ran out: the lowest hand wins.")
    if seats[result.winner] == viewer:
        if result.rami_sec:
            return tr.gettext("You went out in one go: rami sec!")
        return tr.gettext("You went out.")
    who = names[seats[result.winner]]
    if result.rami_sec:
        return tr.gettext("{player} went out in one go: rami sec!", player=who)
    return tr.gettext("{player} went out.", player=who)
