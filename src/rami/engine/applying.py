"""Applying an action: the new state, or the refusal."""

from __future__ import annotations

from rami.actions import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    LayOff,
    MeldAction,
    Open,
    Swap,
    TakeBack,
)
from rami.engine.refusals import refusal
from rami.engine.round_end import perform_discard
from rami.engine.transitions import (
    draw,
    opened,
    perform_layoff,
    perform_meld,
    perform_swap,
    take_back,
)
from rami.errors import IllegalActionError
from rami.state import RoundState


def attempt(state: RoundState, action: Action) -> RoundState | IllegalActionError:
    """The state after ``action``, or the refusal (errors as values; changes nothing)."""
    refused = refusal(state, action)
    if refused is not None:
        return refused
    return _perform(state, action)


def apply(state: RoundState, action: Action) -> RoundState:
    """The state after ``action``; raises :class:`IllegalActionError` and changes nothing."""
    refused = refusal(state, action)
    if refused is not None:
        raise refused
    return _perform(state, action)


def _perform(state: RoundState, action: Action) -> RoundState:
    """The state after ``action``, which the rules accept (the commonest actions first)."""
    match action:
        case Discard():
            return perform_discard(state, action.card)
        case DrawStock():
            return draw(state, action, state.stock[-1], stock=state.stock[:-1])
        case DrawDiscard():
            return draw(state, action, state.discard_pile[-1], pile=state.discard_pile[:-1])
        case MeldAction():
            return perform_meld(state, action)
        case LayOff():
            return perform_layoff(state, action)
        case Swap():
            return perform_swap(state, action)
        case Open():
            return opened(state, action)
        case TakeBack():
            return take_back(state, action)
    raise AssertionError(f"not an action: {action!r}")
