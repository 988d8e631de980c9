"""Luck, kept apart from skill, in the one-draw lookahead's unit: cards from going out.

A hand's distance (:func:`rami.bots.lookahead.outlook`, the exact solver's) is, before
opening, the cards the best opening would leave, or 8 plus one per 8 missing opening points;
once opened, the loose cards that fit no table meld. Counted as if one card is then discarded.

- **Deal**: the average distance of a dealt hand (``BASELINE_DEALS`` deals of the same rules and
  table size, every seat) minus the distance of the seat's dealt hand: positive, a better deal
  than the average.
- **Draws**: for each stock draw, the mean distance over every card the stock could have
  brought (each weighted by its unseen copies) minus the distance with the card drawn:
  positive, a better card than the expected draw. A card taken from the discard pile is a
  choice, not luck (0).
"""

from __future__ import annotations

from functools import lru_cache

from rami.bots.knowledge import read_view
from rami.bots.lookahead import after_draw, outlook
from rami.engine import deal
from rami.review.turns import Turn
from rami.rules import RuleSet
from rami.views import PlayerView, view_for

BASELINE_DEALS = 64
"""Deals the average dealt hand is measured on (fixed seeds: the same figure everywhere)."""


def deal_distance(view: PlayerView) -> float:
    """How far the seat's hand in ``view`` is from going out."""
    return outlook(view)(tuple(sorted(view.hand)))


@lru_cache(maxsize=16)
def average_deal(rules: RuleSet, players: int) -> float:
    """The mean distance of a dealt hand under ``rules`` at a table of ``players``."""
    total = 0.0
    for number in range(BASELINE_DEALS):
        state = deal(rules, players, f"review-deal-baseline|{number}")
        total += sum(deal_distance(view_for(state, seat)) for seat in range(players))
    return total / (BASELINE_DEALS * players)


def deal_luck(view: PlayerView) -> tuple[float, float]:
    """The seat's deal distance and its luck (the average distance minus it)."""
    distance = deal_distance(view)
    return distance, average_deal(view.rules, sum(view.active)) - distance


def draw_luck(turn: Turn) -> float | None:
    """What the turn's stock draw was worth against the expected draw (None: no stock
    draw)."""
    view, card = turn.draw_view, turn.drawn
    if view is None or card is None:
        return None
    distance = outlook(view)
    expected = after_draw(view.hand, read_view(view), distance)
    return expected - distance(tuple(sorted((*view.hand, card))))
