"""Plain advice when the solver's hint is not available: a play and a reason, from the view.

Built from :func:`~rami.solver.best_opening`, :func:`~rami.solver.best_partition` and the
view's legal actions: take the discard when it helps, open when possible, lay down, lay off or
take back a joker when the engine allows it, else throw the costliest card that fits no meld.
"""

from __future__ import annotations

from dataclasses import dataclass

from rami.actions import Discard, DrawDiscard, LayOff, MeldAction, Open, Swap
from rami.cards import Card
from rami.i18n import translator
from rami.melds import candidate_melds, layoff_readings
from rami.narration import cards_words
from rami.solver import best_opening, best_partition, card_penalty
from rami.state import Phase
from rami.tui.render import face
from rami.views import PlayerView


@dataclass(frozen=True)
class Hint:
    """Advice in words, the cards it is about and the table meld it names (for the screen)."""

    text: str
    cards: tuple[Card, ...] = ()
    target: int | None = None


def plain_advice(view: PlayerView, lang: str) -> Hint:
    """The suggested play for the player of ``view``."""
    tr = translator(lang)
    if not view.my_turn:
        return Hint(tr.gettext("Wait for your turn."))
    if view.phase is Phase.DRAW:
        return _draw_hint(view, lang)
    if not view.has_opened:
        return _opening_hint(view, lang)
    return _play_hint(view, lang)


def _draw_hint(view: PlayerView, lang: str) -> Hint:
    tr = translator(lang)
    if DrawDiscard() in view.legal and view.discard_pile:
        top = view.discard_pile[-1]
        shown = face(top, lang)
        hand = (*view.hand, top)
        if not view.has_opened:
            if best_opening(view.hand, view.rules) is None and best_opening(
                hand, view.rules, must_include=top, keep=1
            ):
                return Hint(
                    tr.gettext("Take {card} from the discard pile: it lets you open.", card=shown)
                )
        elif _useful(view, top, hand):
            return Hint(
                tr.gettext("Take {card} from the discard pile: you can play it.", card=shown)
            )
    return Hint(tr.gettext("Draw from the stock."))


def _useful(view: PlayerView, card: Card, hand: tuple[Card, ...]) -> bool:
    jpm = view.rules.jokers_per_meld
    if any(card in cards for cards in candidate_melds(hand, jpm)):
        return True
    return any(layoff_readings(tm.meld, card, jpm) for tm in view.table)


def _opening_hint(view: PlayerView, lang: str) -> Hint:
    tr = translator(lang)
    if Open() in view.legal:
        return Hint(tr.gettext("Open now with the staged melds."))
    opening = best_opening(view.hand, view.rules, keep=1)
    if view.staged:
        staged_cards = tuple(c for meld in view.staged for c in meld.cards)
        whole = best_opening((*view.hand, *staged_cards), view.rules, keep=1)
        if whole is not None and opening is None:
            return Hint(tr.gettext("Take back the staged melds: a better opening exists."))
    if opening is not None:
        first = opening.melds[0]
        return Hint(
            tr.gettext(
                "You can open with {points} points: stage {cards} first.",
                points=opening.points,
                cards=cards_words(first.cards, lang, face),
            ),
            first.cards,
        )
    short = best_opening(view.hand, view.rules, ignore_threshold=True, keep=1)
    discard = _discard_advice(view, lang)
    if short is None:
        return Hint(tr.gettext("You cannot open yet.") + " " + discard.text, discard.cards)
    text = tr.gettext(
        "You cannot open yet: your best is {points} / {needed}.",
        points=short.points,
        needed=view.rules.opening_points,
    )
    return Hint(text + " " + discard.text, discard.cards)


def _play_hint(view: PlayerView, lang: str) -> Hint:
    tr = translator(lang)
    melds = [a for a in view.legal if isinstance(a, MeldAction)]
    if melds:
        best = max(melds, key=lambda a: len(a.cards))
        words = cards_words(best.cards, lang, face)
        return Hint(tr.gettext("Lay down {cards}.", cards=words), best.cards)
    for action in view.legal:
        if isinstance(action, Swap):
            shown = face(action.card, lang)
            number = action.target + 1
            text = tr.gettext(
                "Take back the joker of meld {number} with {card}.", number=number, card=shown
            )
            return Hint(text, (action.card,), action.target)
    for action in view.legal:
        if isinstance(action, LayOff):
            shown = face(action.card, lang)
            number = action.target + 1
            text = tr.gettext("Lay off {card} on meld {number}.", card=shown, number=number)
            return Hint(text, (action.card,), action.target)
    return _discard_advice(view, lang)


def _discard_advice(view: PlayerView, lang: str) -> Hint:
    tr = translator(lang)
    choices = [a.card for a in view.legal if isinstance(a, Discard)]
    if not choices:
        return Hint(tr.gettext("Play your melds before you discard."))
    leftover = set(best_partition(view.hand, view.rules).leftover)
    loose = [c for c in choices if c in leftover] or choices
    card = max(loose, key=lambda c: (card_penalty(c, view.rules), c))
    shown = face(card, lang)
    return Hint(tr.gettext("Discard {card}: it is your costliest loose card.", card=shown), (card,))
