"""``planning.hint`` always has a suggestion: over random positions of random games, for the
seat to play its first action is one the engine accepts; for the others it says to wait."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_plans import random_position

from rami.actions import Discard
from rami.engine import apply as apply_action
from rami.engine import deal, legal_actions, refusal
from rami.planning.hints import Hint, Reason, fallback_hint, hint
from rami.planning.wording import hint_text
from rami.rules import get_rules
from rami.state import Phase, RoundState
from rami.views import view_for

PRESETS = ("rami51", "rami40", "scala40", "rami51-pl")


def check_every_seat(state: RoundState) -> None:
    for seat in range(len(state.hands)):
        found = hint(view_for(state, seat))
        assert isinstance(found, Hint)
        assert hint_text(found, "en").strip()
        if seat == state.current and state.phase is not Phase.OVER:
            assert found.actions, (state, seat)
            assert refusal(state, found.actions[0]) is None, (found, state)
        else:
            assert found.reason is Reason.WAIT and found.actions == ()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(PRESETS),
    players=st.integers(2, 4),
    seed=st.integers(0, 10**9),
    steps=st.integers(0, 60),
)
def test_a_game_after_random_moves_always_has_a_hint(
    preset: str, players: int, seed: int, steps: int
) -> None:
    rules = get_rules(preset)
    players = max(rules.min_players, min(players, rules.max_players))
    rng = random.Random(seed)
    state = deal(rules, players, f"hint-always-{seed}")
    for _ in range(steps):
        legal = legal_actions(state)
        if state.phase is Phase.OVER or not legal:
            break
        state = apply_action(state, rng.choice(legal))
    check_every_seat(state)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(PRESETS), seed=st.integers(0, 10**9))
def test_a_made_up_play_position_always_has_a_hint(preset: str, seed: int) -> None:
    state = random_position(random.Random(seed), get_rules(preset))
    check_every_seat(state)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(PRESETS), seed=st.integers(0, 10**9))
def test_without_a_plan_the_hint_is_a_legal_discard(preset: str, seed: int) -> None:
    state = random_position(random.Random(seed), get_rules(preset))
    view = view_for(state, 0)
    found = fallback_hint(view)
    assert found.actions and refusal(state, found.actions[0]) is None
    if found.reason is Reason.DISCARD:
        assert found.card is not None and found.actions == (Discard(found.card),)
        assert "Discard" in hint_text(found, "en")
