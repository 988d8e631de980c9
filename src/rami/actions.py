"""Actions: small immutable values with one text form (``draw stock``, ``meld 7S 8S 9S``).

``layoff`` and ``swap`` name a table meld by its index (``@2``), which never changes during a
round. A joker declared to stand for a card is written ``JK=6S``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rami.cards import JOKER, Card, card_text, parse_card
from rami.errors import InvalidActionError, InvalidCardError

End = Literal["", "low", "high"]


@dataclass(frozen=True, slots=True)
class DrawStock:
    """Take the top card of the stock."""


@dataclass(frozen=True, slots=True)
class DrawDiscard:
    """Take the top card of the discard pile."""


@dataclass(frozen=True, slots=True)
class MeldAction:
    """Lay down a new meld (before the opening: stage it into the pending opening).

    ``cards`` is sorted; ``jokers_as`` (sorted) names what the jokers of a run stand for when
    the rules let players declare it, and is empty otherwise.
    """

    cards: tuple[Card, ...]
    jokers_as: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class LayOff:
    """Add one card to a table meld; ``end`` is given only when both ends are possible."""

    card: Card
    target: int
    end: End = ""


@dataclass(frozen=True, slots=True)
class Swap:
    """Retrieve a joker from a table meld by putting the card it represents in its place."""

    card: Card
    target: int


@dataclass(frozen=True, slots=True)
class Open:
    """Lay the staged melds on the table as the opening."""


@dataclass(frozen=True, slots=True)
class TakeBack:
    """Return every staged meld to the hand."""


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard a card, ending the turn."""

    card: Card


Action = DrawStock | DrawDiscard | MeldAction | LayOff | Swap | Open | TakeBack | Discard


def action_text(action: Action) -> str:
    """The one text form of an action."""
    match action:
        case DrawStock():
            return "draw stock"
        case DrawDiscard():
            return "draw discard"
        case MeldAction(cards, jokers_as):
            declared = iter(jokers_as)
            parts = []
            for card in cards:
                if card == JOKER and jokers_as:
                    parts.append(f"JK={card_text(next(declared))}")
                else:
                    parts.append(card_text(card))
            return "meld " + " ".join(parts)
        case LayOff(card, target, end):
            return f"layoff {card_text(card)} @{target}" + (f" {end}" if end else "")
        case Swap(card, target):
            return f"swap {card_text(card)} @{target}"
        case Open():
            return "open"
        case TakeBack():
            return "takeback"
        case Discard(card):
            return f"discard {card_text(card)}"
    raise InvalidActionError(f"not an action: {action!r}")


def _target(token: str) -> int:
    if not token.startswith("@") or not token[1:].isdigit():
        raise InvalidActionError(f"'{token}' is not a meld reference (write e.g. @2)")
    return int(token[1:])


def _meld_action(tokens: list[str]) -> MeldAction:
    cards: list[Card] = []
    declared: list[Card] = []
    for token in tokens:
        if "=" in token:
            joker, _, stands_for = token.partition("=")
            if parse_card(joker) != JOKER:
                raise InvalidActionError(f"only a joker can stand for a card: '{token}'")
            declared.append(parse_card(stands_for))
            cards.append(JOKER)
        else:
            cards.append(parse_card(token))
    if declared and len(declared) != cards.count(JOKER):
        raise InvalidActionError("declare what every joker stands for, or none")
    return MeldAction(tuple(sorted(cards)), tuple(sorted(declared)))


def parse_action(text: str) -> Action:
    """Parse the text form of an action; raises :class:`InvalidActionError` naming the problem."""
    tokens = text.split()
    if not tokens:
        raise InvalidActionError("empty action")
    verb, args = tokens[0].lower(), tokens[1:]
    try:
        if verb == "draw" and len(args) == 1 and args[0].lower() in ("stock", "discard"):
            return DrawStock() if args[0].lower() == "stock" else DrawDiscard()
        if verb == "meld" and args:
            return _meld_action(args)
        if verb == "layoff" and len(args) in (2, 3):
            end = args[2].lower() if len(args) == 3 else ""
            if end not in ("", "low", "high"):
                raise InvalidActionError(f"'{args[2]}' is not an end (low or high)")
            return LayOff(parse_card(args[0]), _target(args[1]), end)  # type: ignore[arg-type]
        if verb == "swap" and len(args) == 2:
            return Swap(parse_card(args[0]), _target(args[1]))
        if verb == "discard" and len(args) == 1:
            return Discard(parse_card(args[0]))
        if verb in ("open", "takeback") and not args:
            return Open() if verb == "open" else TakeBack()
    except InvalidCardError as error:
        raise InvalidActionError(error.message, "invalid_card") from error
    raise InvalidActionError(f"'{text}' is not an action")
