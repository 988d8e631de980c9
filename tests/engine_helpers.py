"""Helpers for engine tests: play actions from text, assert refusals change nothing."""

from collections.abc import Iterable

import pytest

from rami.actions import Action, action_text, parse_action
from rami.engine import apply, legal_actions, refusal
from rami.errors import IllegalActionError
from rami.state import RoundState


def play(state: RoundState, *actions: str) -> RoundState:
    """Apply actions given as text, checking each is listed as legal first."""
    for text in actions:
        action = parse_action(text)
        assert action in legal_actions(state), f"{text} not listed in {legal_texts(state)}"
        state = apply(state, action)
    return state


def legal_texts(state: RoundState) -> list[str]:
    return [action_text(a) for a in legal_actions(state)]


def refused(state: RoundState, text: str, code: str) -> IllegalActionError:
    """Assert the action is refused with ``code`` (by ``refusal`` and by ``apply``), is not
    listed, and changes nothing."""
    action: Action = parse_action(text)
    assert action not in legal_actions(state)
    verdict = refusal(state, action)
    assert verdict is not None and verdict.code == code, verdict
    before = state
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)
    assert info.value.code == code, info.value
    assert state == before
    return info.value


def texts(actions: Iterable[Action]) -> list[str]:
    return [action_text(a) for a in actions]
