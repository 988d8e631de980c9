"""What a seat infers from its view: unseen cards and the opponents' public pickups."""

from __future__ import annotations

from bot_games import bots_for

from rami.actions import Discard, DrawDiscard, DrawStock
from rami.bots.knowledge import read_view
from rami.engine import apply, deal
from rami.rules import get_rules
from rami.state import Phase
from rami.views import view_for, visible_cards


def test_unseen_cards_are_the_other_hands_and_the_stock() -> None:
    for preset, players in (("rami51", 2), ("rami40-house", 5), ("rami51-pl", 3)):
        state = deal(get_rules(preset), players, f"k-{preset}")
        bots = bots_for(["medium"] * players, "k")
        for _ in range(150):
            if state.phase is Phase.OVER:
                break
            seat = state.current
            view = view_for(state, seat)
            know = read_view(view)
            hidden = [c for s, hand in enumerate(state.hands) if s != seat for c in hand]
            hidden += state.stock
            assert know.unseen_total == len(hidden)
            assert all(know.unseen[c] == hidden.count(c) for c in set(hidden))
            assert len(visible_cards(view)) + len(hidden) == get_rules(preset).deck_size(players)
            state = apply(state, bots[seat].choose(view))


def test_a_pickup_is_known_until_it_is_discarded() -> None:
    state = deal(get_rules("rami51"), 2, "pickup")
    state = apply(state, DrawDiscard())
    taken = state.taken
    assert taken is not None
    other = next(c for c in state.hands[0] if c != taken)
    state = apply(state, Discard(other))
    know = read_view(view_for(state, 1))
    assert know.held[0] == (taken,)
    assert know.discarded[0] == frozenset({other})
    state = apply(apply(state, DrawStock()), Discard(state.hands[1][0]))
    state = apply(apply(state, DrawStock()), Discard(taken))
    know = read_view(view_for(state, 1))
    assert know.held[0] == ()
    assert taken in know.discarded[0]
