"""A slow, obviously right oracle for the turn planner: every legal sequence, via the engine.

From a state in the play phase it tries every legal action the engine lists (taking back
staged melds aside, which only returns to an earlier state), down to the discard or the end
of the round, and keeps the best (score, cards left), scored like the planner: the flat
never-opened penalty for a player still closed, else the cards left in hand.
"""

from __future__ import annotations

from rami.actions import Discard, TakeBack
from rami.engine import apply, legal_actions
from rami.solver import hand_value
from rami.state import Phase, RoundState


def _score(state: RoundState, seat: int) -> tuple[int, int]:
    hand = state.hands[seat]
    flat = state.rules.never_opened_penalty
    if not state.opened[seat] and flat is not None:
        return flat, len(hand)
    return hand_value(hand, state.rules), len(hand)


def best_score(state: RoundState) -> tuple[int, int]:
    """The best (score, cards left) the player to act can reach by the end of the turn."""
    seat = state.current
    memo: dict[tuple[object, ...], tuple[int, int]] = {}

    def search(state: RoundState) -> tuple[int, int]:
        if state.phase is Phase.OVER:
            return _score(state, seat)
        key = (
            state.hands[seat],
            state.table,
            state.staged,
            state.opened[seat],
            state.joker_debt,
            state.opened_this_turn,
        )
        if key in memo:
            return memo[key]
        best = (1 << 30, 1 << 30)
        for action in legal_actions(state):
            if isinstance(action, TakeBack):
                continue
            after = apply(state, action)
            found = _score(after, seat) if isinstance(action, Discard) else search(after)
            best = min(best, found)
        memo[key] = best
        return best

    return search(state)
