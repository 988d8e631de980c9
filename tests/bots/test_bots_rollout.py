"""The hard bot's rollouts always end."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rami.actions import DrawDiscard
from rami.bots import rollout as fast
from rami.cards import parse_card, parse_cards
from rami.engine import deal
from rami.rules import get_rules
from rami.state import Phase, RoundState


def taken_card_must_open() -> RoundState:
    """Scala 40, seat 0 has just taken the 8S to open with it. Its best opening leaves only
    the 8S (9S-QS, the kings, 2-4D and the fives use all 13 other cards), and the taken card
    cannot be the discard: it must open with 8S-JS and keep the QS."""
    state = deal(get_rules("scala40"), 3, "taken-card")
    hand = parse_cards("9S TS JS QS KH KD KC 2D 3D 4D 5H 5D 5C")
    state = replace(
        state,
        hands=(tuple(sorted(hand)), *state.hands[1:]),
        discard_pile=(*state.discard_pile, parse_card("8S")),
        current=0,
        phase=Phase.DRAW,
    )
    return fast.draw(state, DrawDiscard())


def test_a_rollout_opens_with_the_card_it_took() -> None:
    state = taken_card_must_open()
    after = fast.play_turn(state)
    assert after.opened[0]
    assert after.turn_number == state.turn_number + 1
    assert parse_card("8S") not in after.hands[0]


def test_the_fallback_ends_a_turn_the_plan_cannot(monkeypatch: pytest.MonkeyPatch) -> None:
    def never_opens(position: RoundState, must: int | None = None) -> RoundState:
        return position

    monkeypatch.setattr(fast, "_open", never_opens)
    state = taken_card_must_open()
    after = fast.play_turn(state)
    assert after.turn_number == state.turn_number + 1
    assert after.opened[0]


def test_a_rollout_that_cannot_finish_a_turn_stops(monkeypatch: pytest.MonkeyPatch) -> None:
    state = deal(get_rules("rami51"), 2, "stuck")
    calls: list[RoundState] = []

    def no_progress(position: RoundState) -> RoundState:
        calls.append(position)
        if len(calls) > 5 * fast.STUCK_TURNS:
            raise AssertionError("the rollout kept retrying a turn that never ends")
        return position

    monkeypatch.setattr(fast, "play_turn", no_progress)
    assert fast.rollout(state, state.turn_number + 80) is state
    assert len(calls) == fast.STUCK_TURNS
