"""The hard bot's rollouts always end."""

from __future__ import annotations

import pytest

from rami.bots import rollout as fast
from rami.engine import deal
from rami.rules import get_rules
from rami.state import RoundState


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
