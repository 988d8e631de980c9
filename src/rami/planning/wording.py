"""Hints in words, in any language: ``"Open with 51 points: meld 7♠ 8♠ 9♠, press O to
open, then discard K♦."`` Both clients say a hint of :func:`rami.planning.hints.hint` this
way; the review says its better moves with :func:`line_text`."""

from __future__ import annotations

from collections.abc import Sequence

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
from rami.i18n import card_symbol, translator
from rami.narration import Face, cards_words
from rami.planning.hints import Hint


def hint_text(hint: Hint, lang: str, face: Face = card_symbol) -> str:
    """``hint`` in words: what to do, in order, and why."""
    tr = translator(lang)
    card = face(hint.card, lang) if hint.card is not None else ""
    draw = {
        "stock": tr.gettext("Draw from the stock."),
        "top_useless": tr.gettext("Draw from the stock: {card} does not help you now.", card=card),
        "take_to_go_out": tr.gettext(
            "Take {card} from the discard pile: you can go out with it.", card=card
        ),
        "take_to_open": tr.gettext(
            "Take {card} from the discard pile: it lets you open.", card=card
        ),
        "take_to_play": tr.gettext(
            "Take {card} from the discard pile: you can play it.", card=card
        ),
        "take_for_meld": tr.gettext(
            "Take {card} from the discard pile: it joins a meld in your hand.", card=card
        ),
    }
    if hint.reason in draw:
        return draw[hint.reason]
    if hint.reason == "wait":
        return tr.gettext("Wait for your turn.")
    if hint.reason == "discard":
        return tr.gettext("Discard {card}: it is your costliest loose card.", card=card)
    steps = _steps(hint.actions, lang, face)
    reason = hint.reason
    if reason == "go_out":
        return tr.gettext("Go out: {steps}.", steps=steps)
    if reason == "open" and hint.actions and isinstance(hint.actions[0], Open):
        text = tr.gettext(
            "Ready to open with {points} points: {steps}.", points=hint.points, steps=steps
        )
    elif reason == "open":
        text = tr.gettext("Open with {points} points: {steps}.", points=hint.points, steps=steps)
    elif reason == "build" and hint.short:
        text = tr.ngettext(
            "Keep building, you are {count} point short of opening: {steps}.",
            "Keep building, you are {count} points short of opening: {steps}.",
            hint.short,
            steps=steps,
        )
    elif reason == "build" and hint.short is None and hint.needs_clean_run:
        text = tr.gettext(
            "Keep building, no opening yet (it needs a clean run): {steps}.", steps=steps
        )
    elif reason == "build" and hint.short is None:
        text = tr.gettext("Keep building, no opening yet: {steps}.", steps=steps)
    elif reason == "build":
        text = tr.gettext("Keep building your opening: {steps}.", steps=steps)
    elif reason == "nothing":
        text = tr.gettext("Nothing to play: {steps}.", steps=steps)
    else:
        text = tr.gettext("Suggested: {steps}.", steps=steps)
    if hint.score is None:
        return text
    left = tr.ngettext("({count} point left in hand)", "({count} points left in hand)", hint.score)
    return f"{text} {left}"


def line_text(
    actions: Sequence[Action], lang: str, pile_top: int | None = None, face: Face = card_symbol
) -> str:
    """A line of play as one phrase, draws included: ``take 9♥ from the discard pile`` or
    ``meld 7♠ 8♠ 9♠, then discard K♦`` (``pile_top``: the discard pile's card a draw takes)."""
    tr = translator(lang)
    if actions and isinstance(actions[0], DrawStock):
        return tr.pgettext("move", "draw from the stock")
    if actions and isinstance(actions[0], DrawDiscard):
        card = face(pile_top, lang) if pile_top is not None else "?"
        return tr.pgettext("move", "take {card} from the discard pile", card=card)
    return _steps(actions, lang, face) or tr.pgettext("move", "play nothing")


def _steps(actions: Sequence[Action], lang: str, face: Face) -> str:
    """The plays of a hint as one phrase: ``meld 7♠ 8♠ 9♠, press O to open, then discard K♦``."""
    tr = translator(lang)
    said: list[str] = []
    for action in actions:
        match action:
            case MeldAction(cards):
                said.append(tr.gettext("meld {cards}", cards=cards_words(cards, lang, face)))
            case Open():
                said.append(tr.gettext("press O to open"))
            case TakeBack():
                said.append(tr.gettext("take back the staged melds"))
            case LayOff(card, target):
                said.append(
                    tr.gettext(
                        "lay off {card} on meld {number}",
                        card=face(card, lang),
                        number=target + 1,
                    )
                )
            case Swap(card, target):
                said.append(
                    tr.gettext(
                        "give {card} for the joker of meld {number}",
                        card=face(card, lang),
                        number=target + 1,
                    )
                )
            case Discard(card) if said:
                said.append(tr.gettext("then discard {card}", card=face(card, lang)))
            case Discard(card):
                said.append(tr.gettext("discard {card}", card=face(card, lang)))
    return ", ".join(said)
