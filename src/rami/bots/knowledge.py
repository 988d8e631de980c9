"""What a seat can infer from its view: unseen cards and cards known to sit in other hands.

Every card of the deck is either visible to the seat (its hand, its staged melds, the table,
the discard pile) or unseen (another hand or the stock); the turn's own facts (the card taken
and its twins, an opening this turn, jokers to replay) come with the view. Cards an opponent
took from the discard pile are public; they stay "known held" until that opponent is seen to
play them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

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
from rami.cards import JOKER, Card
from rami.views import PlayerView, unseen_cards

DECK_CODES = 53
"""Card codes 0-51 and the joker (52)."""


@dataclass(frozen=True, slots=True)
class Knowledge:
    """The seat's inference from a view.

    ``unseen[c]`` counts copies of card ``c`` it cannot see; ``held[seat]`` lists the cards
    known to be in that seat's hand (public discard pickups not played since);
    ``discarded[seat]`` the cards that seat has discarded this round.
    """

    unseen: tuple[int, ...]
    held: dict[int, tuple[Card, ...]]
    discarded: dict[int, frozenset[Card]]

    @property
    def unseen_total(self) -> int:
        """Number of cards the seat cannot see."""
        return sum(self.unseen)


def counts(cards: Iterable[Card]) -> list[int]:
    """Copies of each card code (index 52 is the joker)."""
    out = [0] * DECK_CODES
    for card in cards:
        out[card] += 1
    return out


def _remove(cards: list[Card], card: Card) -> None:
    if card in cards:
        cards.remove(card)


def read_view(view: PlayerView) -> Knowledge:
    """Unseen cards and the opponents' known cards, from ``view`` alone."""
    unseen = counts(unseen_cards(view))
    held: dict[int, list[Card]] = {}
    discarded: dict[int, set[Card]] = {}
    owned: dict[int, list[Card]] = {}
    for tm in view.table:
        owned.setdefault(tm.owner, []).extend(tm.meld.cards)
    for event in view.events:
        seat = event.seat
        if seat == view.seat:
            continue
        known = held.setdefault(seat, [])
        action = event.action
        if isinstance(action, DrawDiscard) and event.card is not None:
            known.append(event.card)
        elif isinstance(action, MeldAction):
            for card in action.cards:
                _remove(known, card)
        elif isinstance(action, LayOff):
            _remove(known, action.card)
        elif isinstance(action, Swap):
            _remove(known, action.card)
            known.append(JOKER)
        elif isinstance(action, Discard):
            _remove(known, action.card)
            discarded.setdefault(seat, set()).add(action.card)
        elif isinstance(action, Open):
            for card in owned.get(seat, ()):
                _remove(known, card)
    return Knowledge(
        unseen=tuple(max(0, n) for n in unseen),
        held=_clip(held, unseen, view.hand_sizes),
        discarded={seat: frozenset(cards) for seat, cards in discarded.items()},
    )


def _clip(
    held: dict[int, list[Card]], unseen: list[int], sizes: tuple[int, ...]
) -> dict[int, tuple[Card, ...]]:
    """Known cards limited to what is unseen and to each hand's size (latest pickups kept)."""
    left = [max(0, n) for n in unseen]
    out: dict[int, tuple[Card, ...]] = {}
    for seat in sorted(held):
        kept: list[Card] = []
        for card in reversed(held[seat]):
            if left[card] > 0 and len(kept) < sizes[seat]:
                left[card] -= 1
                kept.append(card)
        out[seat] = tuple(sorted(kept))
    return out


def my_turn_actions(view: PlayerView) -> list[Action]:
    """The seat's actions since its last draw, newest first, the draw included last."""
    actions: list[Action] = []
    for event in reversed(view.events):
        if event.seat != view.seat:
            break
        actions.append(event.action)
        if isinstance(event.action, (DrawStock, DrawDiscard)):
            break
    return actions


def my_turn_events(view: PlayerView) -> list[type]:
    """Action types the seat played since its last draw (its current turn so far)."""
    return [type(action) for action in my_turn_actions(view)]


def took_back_this_turn(view: PlayerView) -> bool:
    """True when the seat already took back staged melds this turn."""
    return TakeBack in my_turn_events(view)
