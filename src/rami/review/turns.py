"""The seat's turns in a game record: the view before each of its decisions and what it played.

The record is replayed by :func:`rami.records.replay` (every line checked), then each round is
played again action by action from its seed; before every action of the reviewed seat the
seat's own view (:func:`rami.views.view_for`) is kept. Only views leave this module: the
review never sees a card the seat could not see.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from rami.actions import Action, Discard, DrawStock
from rami.cards import Card
from rami.match import MatchState, match_apply, new_match, next_round
from rami.records import GameRecord, replay
from rami.state import LogEntry, Phase, RoundState
from rami.views import PlayerView, view_for


@dataclass
class Turn:
    """One turn of the reviewed seat: its views and actions, in the order played."""

    number: int
    """The round's turn number."""
    draw_view: PlayerView | None = None
    draw: Action | None = None
    drawn: Card | None = None
    """The card a stock draw brought (the seat sees it)."""
    play_view: PlayerView | None = None
    """The view after the draw (the start of the table play)."""
    plays: list[Action] = field(default_factory=list)
    """The table play: every action after the draw but the discard."""
    discard_view: PlayerView | None = None
    discard: Discard | None = None


@dataclass
class SeatRound:
    """The reviewed seat's part of one round."""

    index: int
    """The match's round number (1 first)."""
    deal_view: PlayerView | None
    """The seat's view at the deal (None: the seat sat the round out)."""
    turns: list[Turn]
    score: int | None
    """The seat's penalty for the round (None: the round is not over or the seat sat out)."""
    won: bool | None


def _round_states(match: MatchState) -> list[RoundState]:
    """Every round of a replayed match, the unfinished one last."""
    states = [played.state for played in match.finished_rounds]
    if match.round.phase is not Phase.OVER and match.round.entries():
        states.append(match.round)
    return states


def seat_rounds(record: GameRecord, seat: int) -> Iterator[SeatRound]:
    """The reviewed seat's rounds of ``record`` (match seat ``seat``), first round first."""
    final = replay(record)
    match: MatchState | None = None
    for state in _round_states(final):
        if match is None:
            match = new_match(
                record.rules, record.names, record.seed or "", state.seed, record.seed_commitment
            )
        else:
            match = next_round(match, state.seed)
        playing = seat in match.active
        deal_view = view_for(match, seat) if playing else None
        turns: list[Turn] = []
        for entry in state.entries():
            if playing and match.current_seat == seat:
                _note(turns, view_for(match, seat), entry)
            match = match_apply(match, entry.action)
        score, won = _outcome(match, seat) if playing else (None, None)
        yield SeatRound(match.round_index, deal_view, turns, score, won)


def _note(turns: list[Turn], view: PlayerView, entry: LogEntry) -> None:
    """Add the seat's action ``entry``, played from ``view``, to its turns."""
    if not turns or turns[-1].number != view.turn_number:
        turns.append(Turn(view.turn_number))
    turn = turns[-1]
    action = entry.action
    if view.phase is Phase.DRAW:
        turn.draw_view, turn.draw = view, action
        turn.drawn = entry.card if isinstance(action, DrawStock) else None
        return
    if turn.play_view is None:
        turn.play_view = view
    if isinstance(action, Discard):
        turn.discard_view, turn.discard = view, action
    else:
        turn.plays.append(action)


def _outcome(match: MatchState, seat: int) -> tuple[int | None, bool | None]:
    """The seat's score and win in the round just played (None while it goes on)."""
    if match.round.phase is not Phase.OVER or not match.finished_rounds:
        return None, None
    played = match.finished_rounds[-1]
    result = played.state.result
    assert result is not None
    me = played.seats.index(seat)
    won = result.winner == me if result.winner is not None else None
    if won is None:
        won = result.scores[me] == min(result.scores)
    return result.scores[me], won
