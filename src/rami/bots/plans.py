"""Candidate lines of play for one turn, planned from the seat's view.

A line is the table play of one style of the greedy policy (:mod:`rami.bots.policy`) followed
by one of its best discards. Lines are planned by stepping a world built from the view: after
each action the seat's next view is rebuilt from that world and the view's own log (the same
view the seat would get, since only its own cards and the public table change), so a line is
the same in every world consistent with the view.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from rami.actions import Action, Discard
from rami.bots.knowledge import read_view
from rami.bots.lookahead import best_discard
from rami.bots.policy import Style, discard_ranking, forced_play, play_step
from rami.bots.rollout import try_apply
from rami.engine import legal_actions
from rami.state import Phase, RoundState, TableMeld
from rami.views import PlayerView, ViewEvent, round_seats

MAX_STEPS = 40
"""Actions of one style's table play at most (a loop guard)."""


@dataclass(frozen=True, slots=True)
class Line:
    """A turn's actions, and the view key expected before each of them."""

    actions: tuple[Action, ...]
    keys: tuple[tuple[object, ...], ...]


def view_key(view: PlayerView) -> tuple[object, ...]:
    """What identifies the seat's position within its turn."""
    return (view.turn_number, view.phase, view.hand, view.staged, view.table, view.discard_pile)


def step_view(view: PlayerView, after: RoundState, action: Action) -> PlayerView:
    """The seat's view once it has played ``action`` and the round is ``after``."""
    seats = round_seats(view)
    assert view.seat is not None
    me = seats.index(view.seat)
    acting = after.phase is not Phase.OVER and after.current == me
    sizes = list(view.hand_sizes)
    sizes[view.seat] = len(after.hands[me]) + sum(len(m.cards) for m in after.staged)
    opened = list(view.opened)
    for round_seat, seat in enumerate(seats):
        opened[seat] = after.opened[round_seat]
    return dataclasses.replace(
        view,
        phase=after.phase,
        current=seats[after.current],
        hand=after.hands[me],
        staged=after.staged if acting else (),
        hand_sizes=tuple(sizes),
        opened=tuple(opened),
        table=tuple(TableMeld(seats[tm.owner], tm.meld) for tm in after.table),
        discard_pile=after.discard_pile,
        stock_size=len(after.stock),
        turn_number=after.turn_number,
        taken=after.taken if acting else None,
        taken_twins=after.taken_twins if acting else 0,
        opened_this_turn=after.opened_this_turn if acting else False,
        joker_debt=after.joker_debt if acting else 0,
        events=(*view.events, ViewEvent(view.seat, action, None)),
        legal=tuple(legal_actions(after)) if acting else (),
    )


def _table_play(
    view: PlayerView, world: RoundState, style: Style
) -> tuple[list[Action], list[tuple[object, ...]], PlayerView, RoundState]:
    actions: list[Action] = []
    keys: list[tuple[object, ...]] = []
    for _ in range(MAX_STEPS):
        if view.phase is not Phase.PLAY or not view.my_turn:
            break
        step = play_step(view, style)
        if step is None:
            if discard_ranking(view, style):
                break
            step = forced_play(view)
        after = try_apply(world, step)
        if after is None:
            break
        actions.append(step)
        keys.append(view_key(view))
        view, world = step_view(view, after, step), after
    return actions, keys, view, world


def turn_lines(
    view: PlayerView, world: RoundState, styles: Sequence[Style], discards: int, lookahead: int
) -> list[Line]:
    """Distinct lines for the rest of the seat's turn: each style's table play, then the
    one-draw lookahead's pick among its ``lookahead`` best discards; the first style's
    line with its lookahead pick comes first, followed by its other ``discards`` best."""
    lines: list[Line] = []
    seen: set[tuple[Action, ...]] = set()
    for number, style in enumerate(styles):
        actions, keys, end, _ = _table_play(view, world, style)
        endings: list[Discard | None] = [None]
        if end.phase is Phase.PLAY and end.my_turn:
            ranked = [d for _, d in discard_ranking(end, style)]
            if ranked:
                pick = (
                    best_discard(end, ranked[:lookahead], read_view(end))
                    if lookahead > 1
                    else ranked[0]
                )
                others = ranked[:discards] if number == 0 else []
                endings = [pick, *(d for d in others if d != pick)]
        for ending in endings:
            line = (*actions, ending) if ending is not None else tuple(actions)
            if line and line not in seen:
                seen.add(line)
                end_keys = (*keys, view_key(end)) if ending is not None else tuple(keys)
                lines.append(Line(line, end_keys))
    return lines
