"""One-draw lookahead: the discard that leaves the best hand on average after the next draw.

A hand is scored by how far it is from going out, with the exact solver: once opened, the
loose cards of its best partition that fit no table meld (one of them can still be
discarded); before opening, the cards the best opening would leave, or, short of the
threshold, a distance that grows with the missing points. Each candidate discard is scored
by the mean of that value over every card the next draw could bring, each weighted by its
unseen copies. The same measure compares the draws: the discard pile's card against the mean
over the cards the stock could bring.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from rami.actions import Discard
from rami.bots.cardsense import fits_table
from rami.bots.knowledge import Knowledge
from rami.cards import Card
from rami.solver import best_opening, best_partition, card_penalty
from rami.views import PlayerView

CLOSED_BASE = 8.0
"""Distance of a hand that cannot open yet, before its missing points are added."""
POINTS_PER_CARD = 8.0
"""Missing opening points that count as one card more to go."""
PENALTY_SCALE = 200.0
"""Penalty points that count as one card more to go (a tie-break between loose cards)."""
RANK_STEP = 0.01
"""Distance added per place down the greedy ranking (ties go to the greedy choice)."""

Outlook = Callable[[tuple[Card, ...]], float]


def outlook(view: PlayerView) -> Outlook:
    """A cached scorer of hands for ``view``'s seat (lower is closer to going out)."""
    rules = view.rules
    table, per_meld = view.table, rules.jokers_per_meld

    @cache
    def fits(card: Card) -> bool:
        return fits_table(card, table, per_meld)

    @cache
    def distance(hand: tuple[Card, ...]) -> float:
        if view.has_opened:
            stuck = [c for c in best_partition(hand, rules).leftover if not fits(c)]
            penalty = sum(card_penalty(c, rules) for c in stuck)
            return max(0, len(stuck) - 1) + penalty / PENALTY_SCALE
        plan = best_opening(hand, rules, keep=1)
        if plan is not None and plan.meets_threshold:
            return float(len(hand) - len(plan.cards) - 1)
        short = best_opening(hand, rules, keep=1, ignore_threshold=True)
        points = short.points if short is not None else 0
        return CLOSED_BASE + max(0, rules.opening_points - points) / POINTS_PER_CARD

    return distance


def _with_card(hand: Sequence[Card], card: Card) -> tuple[Card, ...]:
    """``hand`` with ``card`` added, sorted (the form the scorer's cache keys on)."""
    return tuple(sorted((*hand, card)))


def after_draw(rest: Sequence[Card], know: Knowledge, distance: Outlook) -> float:
    """Mean distance of ``rest`` plus one card drawn from the unseen ones."""
    total = weighted = 0.0
    for card, copies in enumerate(know.unseen):
        if copies:
            total += copies
            weighted += copies * distance(_with_card(rest, card))
    return weighted / total if total else distance(tuple(sorted(rest)))


def best_discard(view: PlayerView, ranked: Sequence[Discard], know: Knowledge) -> Discard:
    """The discard of ``ranked`` (greedy order, best first) with the best outlook."""
    distance = outlook(view)
    scored = []
    for place, action in enumerate(ranked):
        rest = list(view.hand)
        rest.remove(action.card)
        scored.append((after_draw(rest, know, distance) + RANK_STEP * place, place))
    return ranked[min(scored)[1]]


def pile_beats_stock(view: PlayerView, know: Knowledge) -> bool:
    """True when the hand with the discard pile's top card is closer to going out than it is
    on average after drawing from the stock (each hand counted as if one card is then
    discarded)."""
    distance = outlook(view)
    taken = distance(_with_card(view.hand, view.discard_pile[-1]))
    return taken < after_draw(view.hand, know, distance)
