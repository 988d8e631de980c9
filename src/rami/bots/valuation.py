"""Rollout valuation: what a line of play is worth in one sampled world.

:func:`line_value` plays a sequence of the seat's actions in a world (a draw through
:func:`rami.bots.rollout.draw`, so candidates compared in one world see the same future stock
cards), finishes the seat's turn and the round with the fast rollout policy, and scores the
end with :func:`outcome_value`: 1 for winning the round plus ``points_weight`` per 100 points
of lead over the others' mean penalty, plus, late in a match (:class:`Standing`),
``match_weight`` times what the round's end does to the match.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from random import Random

from rami.actions import Action, DrawDiscard, DrawStock
from rami.bots.policy import Style, choose_action
from rami.bots.rollout import draw, play_turn, rollout, try_apply
from rami.rules import MatchEnd
from rami.scoring import hand_penalty
from rami.state import Phase, RoundState
from rami.views import PlayerView, round_seats, view_for

POLICY_ACTIONS = 40
"""Actions per rollout turn at most for the greedy policy (a loop guard)."""
LATE = 100
"""A score-limited match is late once its leader is this close to the limit."""


@dataclass(frozen=True, slots=True)
class Standing:
    """The match totals before this round (round-seat order), when the match is late."""

    totals: tuple[int, ...]
    end: MatchEnd
    limit: int
    last_round: bool

    def value(self, scores: Sequence[int], me: int) -> float:
        """+1 when the round's end leaves seat ``me`` winning the match, -1 when it leaves it
        losing (or eliminated), 0 when the match goes on undecided for it."""
        after = [t + s for t, s in zip(self.totals, scores, strict=True)]
        if self.end == "elimination":
            if after[me] >= self.limit:
                return -1.0
            out = sum(1 for seat, t in enumerate(after) if seat != me and t >= self.limit)
            return out / max(1, len(after) - 1)
        over = self.last_round if self.end == "rounds" else max(after) >= self.limit
        if not over:
            return 0.0
        return 1.0 if after[me] == min(after) else -1.0


def standing(view: PlayerView) -> Standing | None:
    """The match standing ``view`` shows, when the match is late enough to weigh it."""
    rules = view.rules
    seats = round_seats(view)
    totals = tuple(view.totals[s] for s in seats)
    if rules.match_end == "rounds":
        last = view.round_index >= rules.match_limit
        return Standing(totals, rules.match_end, rules.match_limit, last) if last else None
    if max(totals, default=0) + LATE < rules.match_limit:
        return None
    return Standing(totals, rules.match_end, rules.match_limit, False)


def final_scores(state: RoundState) -> tuple[int, ...]:
    """Each round seat's penalty: the round's scores, or, cut short, the hands' penalties."""
    if state.result is not None:
        return state.result.scores
    return tuple(
        hand_penalty(hand, state.rules, state.opened[seat]) for seat, hand in enumerate(state.hands)
    )


def round_won(state: RoundState, me: int) -> bool:
    """True when round seat ``me`` won (went out; cut short or without a winner: the lowest
    penalty, a tie sharing the win)."""
    scores = final_scores(state)
    if state.result is not None and state.result.winner is not None:
        return state.result.winner == me
    return scores[me] == min(scores)


def outcome_value(
    state: RoundState,
    me: int,
    points_weight: float = 1.0,
    late: Standing | None = None,
    match_weight: float = 1.0,
) -> float:
    """The value of ``state`` (over or cut short) for round seat ``me``."""
    scores = final_scores(state)
    won = round_won(state, me)
    others = [s for seat, s in enumerate(scores) if seat != me]
    lead = sum(others) / len(others) - scores[me]
    value = float(won) + points_weight * lead / 100
    if late is not None:
        value += match_weight * late.value(scores, me)
    return value


def play_line(world: RoundState, line: Sequence[Action]) -> RoundState | None:
    """``world`` after the seat's actions ``line`` (None when the rules refuse one)."""
    state: RoundState | None = world
    for action in line:
        assert state is not None
        if state.phase is Phase.OVER:
            return state
        if isinstance(action, (DrawStock, DrawDiscard)):
            state = draw(state, action)
        else:
            state = try_apply(state, action)
        if state is None:
            return None
    return state


def line_value(
    world: RoundState,
    line: Sequence[Action],
    horizon: int = 80,
    points_weight: float = 1.0,
    late: Standing | None = None,
    match_weight: float = 1.0,
    style: Style | None = None,
    policy_turns: int = 0,
) -> float | None:
    """Play ``line`` for the current seat of ``world``, finish its turn and the round (at
    most ``horizon`` more turns) and value the end for that seat. For the first
    ``policy_turns`` turns every seat plays the greedy policy at ``style`` from its own view
    (:func:`policy_rollout`), the rest with the fast policy of :mod:`rami.bots.rollout`."""
    me = world.current
    state = line_outcome(world, line, horizon, style, policy_turns)
    if state is None:
        return None
    return outcome_value(state, me, points_weight, late, match_weight)


def line_outcome(
    world: RoundState,
    line: Sequence[Action],
    horizon: int = 80,
    style: Style | None = None,
    policy_turns: int = 0,
) -> RoundState | None:
    """The end of the round (or the position after ``horizon`` more turns) once the current
    seat of ``world`` has played ``line`` and the rest is played out: the first
    ``policy_turns`` turns by :func:`policy_rollout` at ``style``, then the fast policy (None:
    the rules refuse the line)."""
    me = world.current
    state = play_line(world, line)
    if state is None:
        return None
    if style is not None and policy_turns > 0:
        end = state.turn_number + horizon
        state = policy_rollout(state, min(end, state.turn_number + policy_turns), style)
        return rollout(state, end)
    if state.phase is Phase.PLAY and state.current == me:
        state = play_turn(state)
    return rollout(state, state.turn_number + horizon)


def policy_rollout(state: RoundState, max_turn: int, style: Style) -> RoundState:
    """Finish the round (at most up to turn ``max_turn``) with every seat playing the greedy
    policy at ``style`` from its own view; a draw from the pile keeps the stock's order for
    the draws that follow (:func:`rami.bots.rollout.draw`). The style must not be sloppy, so
    the rollout is a function of the world."""
    rng = Random(0)
    turn, actions = state.turn_number, 0
    while state.phase is not Phase.OVER and state.turn_number < max_turn:
        if state.turn_number != turn:
            turn, actions = state.turn_number, 0
        actions += 1
        if actions > POLICY_ACTIONS:
            break
        action = choose_action(view_for(state, state.current), style, rng)
        if isinstance(action, (DrawStock, DrawDiscard)):
            after: RoundState | None = draw(state, action)
        else:
            after = try_apply(state, action)
        if after is None:
            break
        state = after
    return state
