"""Inference: what an opponent did shifts the cards the sampled worlds give it."""

from __future__ import annotations

import dataclasses
import random

from bot_games import bots_for

from rami.actions import Discard, DrawDiscard, DrawStock
from rami.bots.cardsense import related
from rami.bots.determinize import sample_world
from rami.bots.inference import UNIFORM, opponent_weights, pile_tops
from rami.bots.knowledge import read_view
from rami.cards import Card, parse_cards
from rami.engine import apply, deal
from rami.rules import get_rules
from rami.state import Phase, RoundState
from rami.views import PlayerView, view_for

RULES = get_rules("rami51")
NINE_HEARTS = parse_cards("9H")[0]
SAMPLES = 300


def _opponent_to_draw(top: Card) -> RoundState:
    """A 2-player round where seat 1 is to draw and ``top`` lies on the pile."""
    base = deal(RULES, 2, "inference")
    rest = [*base.stock, *base.discard_pile]
    if top in rest:
        rest.remove(top)
    else:
        hand = list(base.hands[1])
        hand.remove(top)
        hand.append(rest.pop())
        base = dataclasses.replace(base, hands=(base.hands[0], tuple(sorted(hand))))
    return dataclasses.replace(
        base, discard_pile=(top,), stock=tuple(rest), current=1, phase=Phase.DRAW
    )


def _far_card(hand: tuple[Card, ...], *away: Card) -> Card:
    """A card of ``hand`` that shares no meld with any of ``away``."""
    return next(c for c in hand if all(c != a and not related(a, c) for a in away))


def _partners_held(view: PlayerView, card: Card, weighted: bool) -> float:
    """Mean number of cards in seat 1's sampled hand (its known pickups aside) that could
    share a meld with ``card``."""
    rng = random.Random(f"partners-{weighted}")
    know = read_view(view)
    weights = opponent_weights(view) if weighted else None
    total = 0
    for _ in range(SAMPLES):
        hand = list(sample_world(view, rng, know, weights).hands[1])
        for known in know.held.get(1, ()):
            hand.remove(known)
        total += sum(1 for c in hand if related(card, c))
    return total / SAMPLES


def test_a_pickup_makes_the_cards_that_meld_with_it_more_likely() -> None:
    state = apply(_opponent_to_draw(NINE_HEARTS), DrawDiscard())
    state = apply(state, Discard(_far_card(state.hands[1], NINE_HEARTS)))
    view = view_for(state, 0)
    assert read_view(view).held[1] == (NINE_HEARTS,)
    uniform = _partners_held(view, NINE_HEARTS, weighted=False)
    inferred = _partners_held(view, NINE_HEARTS, weighted=True)
    assert inferred > uniform * 1.5, (uniform, inferred)


def test_a_refused_card_makes_its_partners_less_likely() -> None:
    state = apply(_opponent_to_draw(NINE_HEARTS), DrawStock())
    state = apply(state, Discard(_far_card(state.hands[1], NINE_HEARTS)))
    view = view_for(state, 0)
    assert pile_tops(view)[-2] == NINE_HEARTS
    uniform = _partners_held(view, NINE_HEARTS, weighted=False)
    inferred = _partners_held(view, NINE_HEARTS, weighted=True)
    assert inferred < uniform * 0.85, (uniform, inferred)


def test_a_discarded_card_makes_its_neighbours_less_likely() -> None:
    top = parse_cards("2C")[0]
    state = apply(_opponent_to_draw(top), DrawDiscard())
    thrown = _far_card(state.hands[1], top)
    state = apply(state, Discard(thrown))
    view = view_for(state, 0)
    uniform = _partners_held(view, thrown, weighted=False)
    inferred = _partners_held(view, thrown, weighted=True)
    assert inferred < uniform * 0.85, (uniform, inferred)


def test_without_inference_every_weight_is_one() -> None:
    state = apply(_opponent_to_draw(NINE_HEARTS), DrawDiscard())
    state = apply(state, Discard(_far_card(state.hands[1], NINE_HEARTS)))
    weights = opponent_weights(view_for(state, 0), UNIFORM)
    assert set(weights) == {1}
    assert set(weights[1]) == {1.0}


def test_weighted_worlds_still_show_the_seat_its_view() -> None:
    state = apply(_opponent_to_draw(NINE_HEARTS), DrawDiscard())
    state = apply(state, Discard(_far_card(state.hands[1], NINE_HEARTS)))
    view = view_for(state, 0)
    rng = random.Random(5)
    for _ in range(20):
        world = sample_world(view, rng, weights=opponent_weights(view))
        assert view_for(world, 0) == dataclasses.replace(view, events=())
        assert NINE_HEARTS in world.hands[1]


def test_the_pile_tops_rebuilt_from_the_log_are_the_real_ones() -> None:
    state = deal(RULES, 3, "tops")
    drivers = bots_for(["medium"] * 3, "tops")
    tops: list[Card | None] = []
    """The real top card before each event seat 0 sees (others' staging is private)."""
    known = 0
    while state.phase is not Phase.OVER:
        view = view_for(state, state.current)
        top = state.discard_pile[-1] if state.discard_pile else None
        state = apply(state, drivers[state.current].choose(view))
        seen = view_for(state, 0)
        if len(seen.events) > len(tops):
            tops.append(top)
        assert len(seen.events) == len(tops)
        for real, found in zip(tops, pile_tops(seen), strict=True):
            if found is not None:
                assert found == real
                known += 1
    assert known > 100
