"""Inference: how likely each unseen card is to sit in each opponent's hand, from its play.

The public log says what every opponent did. Each act multiplies the weight of the cards it
makes more or less likely in that opponent's hand (the world sampler draws an opponent's
unknown cards with probability proportional to these weights):

| act | cards whose weight changes | factor |
|---|---|---:|
| took the discard pile's card X | cards that meld with X | ``take`` |
| drew from the stock while X lay on the pile | cards that meld with X | ``refuse`` |
| discarded X | cards that meld with X | ``discard`` |
| has opened (before its last turn) | cards it could lay off on the table | ``opened_fits`` |

Cards that meld with X: the same rank in another suit, the same suit one or two ranks away.
The pile's top card at each draw is rebuilt from the log by replaying it backwards from the
pile as the view shows it; where a reshuffle of the pile breaks that replay, refusals before
it are not counted. Only the view is read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rami.actions import Discard, DrawDiscard, DrawStock, Open
from rami.bots.cardsense import accepts, related
from rami.bots.knowledge import DECK_CODES
from rami.cards import JOKER, Card
from rami.views import PlayerView, ViewEvent, round_seats

Weights = dict[int, tuple[float, ...]]
"""Per opponent (match seat): a weight per card code (index 52 the joker)."""


@dataclass(frozen=True, slots=True)
class Factors:
    """Likelihood ratios of the acts the inference reads (1.0: the act says nothing)."""

    take: float = 3.0
    """An opponent who takes a card from the pile usually holds cards that meld with it."""
    refuse: float = 0.6
    """An opponent who leaves the pile's card rarely holds two cards that meld with it."""
    discard: float = 0.5
    """An opponent who throws a card rarely keeps its neighbours."""
    opened_fits: float = 0.5
    """An opponent who has opened lays off what fits the table (so it rarely holds it)."""
    floor: float = 0.05
    """Lowest weight a card can fall to (an inference is never certain)."""
    ceiling: float = 20.0
    """Highest weight a card can reach."""


FACTORS = Factors()
UNIFORM = Factors(1.0, 1.0, 1.0, 1.0)
"""No inference: every unseen card equally likely in every hand."""


def pile_tops(view: PlayerView) -> list[Card | None]:
    """The discard pile's top card before each event of ``view.events`` (None: not known)."""
    pile = list(view.discard_pile)
    before: list[Card | None] = [None] * len(view.events)
    known = True
    for index in range(len(view.events) - 1, -1, -1):
        event = view.events[index]
        if known and isinstance(event.action, Discard):
            if not pile or pile[-1] != event.action.card:
                known = False
            else:
                pile.pop()
        elif known and isinstance(event.action, DrawDiscard) and event.card is not None:
            pile.append(event.card)
        before[index] = pile[-1] if known and pile else None
    return before


def _scale(weights: list[float], cards: Sequence[Card], factor: float) -> None:
    for card in cards:
        weights[card] *= factor


def _partners(card: Card) -> list[Card]:
    """The natural cards that could share a meld with ``card``."""
    if card == JOKER:
        return []
    return [c for c in range(JOKER) if c != card and related(card, c)]


def opponent_weights(view: PlayerView, factors: Factors = FACTORS) -> Weights:
    """The weight of every card code in each opponent's hand, from ``view`` alone."""
    if view.seat is None:
        return {}
    opponents = [s for s in round_seats(view) if s != view.seat]
    weights = {seat: [1.0] * DECK_CODES for seat in opponents}
    if factors == UNIFORM:
        return {seat: tuple(w) for seat, w in weights.items()}
    tops = pile_tops(view)
    last_turn = _last_turn_start(view.events)
    for index, event in enumerate(view.events):
        mine = weights.get(event.seat)
        if mine is None:
            continue
        action = event.action
        if isinstance(action, DrawDiscard) and event.card is not None:
            _scale(mine, _partners(event.card), factors.take)
        elif isinstance(action, DrawStock) and tops[index] is not None:
            top = tops[index]
            assert top is not None
            _scale(mine, _partners(top), factors.refuse)
        elif isinstance(action, Discard):
            _scale(mine, _partners(action.card), factors.discard)
    jpm = view.rules.jokers_per_meld
    fits = sorted({c for tm in view.table for c in accepts(tm.meld, jpm) if c != JOKER})
    for seat, mine in weights.items():
        if view.opened[seat] and last_turn.get(seat, 0) > _opening_index(view.events, seat):
            _scale(mine, fits, factors.opened_fits)
    return {
        seat: tuple(min(factors.ceiling, max(factors.floor, w)) for w in mine)
        for seat, mine in weights.items()
    }


def _last_turn_start(events: Sequence[ViewEvent]) -> dict[int, int]:
    """Index of each seat's latest draw in ``events``."""
    found: dict[int, int] = {}
    for index, event in enumerate(events):
        if isinstance(event.action, (DrawStock, DrawDiscard)):
            found[event.seat] = index
    return found


def _opening_index(events: Sequence[ViewEvent], seat: int) -> int:
    """Index of the draw of the turn in which ``seat`` opened (its latest draw before its
    first table play; a large number when not seen)."""
    draw = len(events)
    for index, event in enumerate(events):
        if event.seat != seat:
            continue
        if isinstance(event.action, (DrawStock, DrawDiscard)):
            draw = index
        elif isinstance(event.action, Open):
            return draw
    return len(events)


def likely_partners(hand: Sequence[Card], card: Card) -> int:
    """How many cards of ``hand`` could share a meld with ``card`` (a test and report helper)."""
    return sum(1 for c in hand if c != JOKER and c != card and related(card, c))
