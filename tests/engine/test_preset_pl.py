"""``rami51-pl`` follows the Polish seed (rami51.com): the discard pile's card may be taken
only "po spełnieniu warunków", by a player who has opened or who opens with it that turn."""

from __future__ import annotations

import pytest

from rami.actions import Discard, DrawDiscard, DrawStock
from rami.engine import apply, deal, legal_actions
from rami.errors import IllegalActionError
from rami.rules import get_rules
from rami.solver import best_opening
from rami.state import RoundState


def _after_first_discard(seed: str) -> RoundState:
    """Seat 0 draws from the stock and discards its first card; seat 1, not opened, is to play."""
    state = deal(get_rules("rami51-pl"), 2, seed)
    state = apply(state, DrawStock())
    return apply(state, Discard(state.hands[state.current][0]))


def _can_open_with_top(state: RoundState) -> bool:
    hand = (*state.hands[state.current], state.discard_pile[-1])
    return best_opening(hand, state.rules) is not None


def test_the_preset_takes_the_discard_only_once_opened_or_opening() -> None:
    pl = get_rules("rami51-pl")
    assert pl.discard_pickup == "opened_or_opening" and not pl.discard_pickup_must_meld


@pytest.mark.parametrize("seed", [*(f"pl-{i}" for i in range(6)), "pl-18", "pl-43"])
def test_an_unopened_player_takes_the_discard_only_to_open_with_it(seed: str) -> None:
    """pl-18 and pl-43 deal seat 1 a hand that opens only with the discarded card."""
    state = _after_first_discard(seed)
    assert not state.opened[state.current]
    can_open = _can_open_with_top(state)
    assert (DrawDiscard() in legal_actions(state)) is can_open
    if can_open:
        taken = apply(state, DrawDiscard())
        assert taken.taken == state.discard_pile[-1]
    else:
        with pytest.raises(IllegalActionError) as refused:
            apply(state, DrawDiscard())
        assert refused.value.code == "pickup_not_usable"


def test_the_reference_rules_let_anyone_take_it() -> None:
    state = deal(get_rules("rami51").replace(initial_discard="empty"), 2, "pl-0")
    state = apply(state, DrawStock())
    state = apply(state, Discard(state.hands[state.current][0]))
    assert DrawDiscard() in legal_actions(state)
