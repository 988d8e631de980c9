"""Player views: the only way hidden information leaves the engine.

``view_for(state, seat)`` gives what that seat may see: its own hand, the others' hand sizes,
the table, the discard pile, the stock size, scores and the public log. ``seat=None`` is a
spectator, who sees no hand. Stock order and seeds never appear in a view.
"""

from __future__ import annotations

from dataclasses import dataclass

from rami.actions import Action, DrawStock
from rami.cards import Card
from rami.engine import legal_actions
from rami.match import MatchState
from rami.melds import Meld
from rami.rules import RuleSet
from rami.state import Phase, RoundResult, RoundState, TableMeld


@dataclass(frozen=True, slots=True)
class ViewEvent:
    """One logged action as a seat may see it (match seats; a stock draw's card only to its
    drawer; staging and taking back only to the player who staged)."""

    seat: int
    action: Action
    card: Card | None


@dataclass(frozen=True, slots=True)
class RoundScore:
    """A finished round as everybody sees it (hands are revealed at the end of a round)."""

    round_index: int
    result: RoundResult
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What one seat (or a spectator, ``seat is None``) may know. Seats are match seats."""

    rules: RuleSet
    seat: int | None
    names: tuple[str, ...]
    round_index: int
    dealer: int
    current: int | None
    phase: Phase
    hand: tuple[Card, ...]
    staged: tuple[Meld, ...]
    hand_sizes: tuple[int, ...]
    opened: tuple[bool, ...]
    active: tuple[bool, ...]
    table: tuple[TableMeld, ...]
    discard_pile: tuple[Card, ...]
    stock_size: int
    reshuffles_left: int | None
    turn_number: int
    taken: Card | None
    joker_debt: int
    totals: tuple[int, ...]
    events: tuple[ViewEvent, ...]
    rounds: tuple[RoundScore, ...]
    winners: tuple[int, ...]
    legal: tuple[Action, ...]
    """The seat's legal actions when it is to act; empty otherwise."""

    @property
    def my_turn(self) -> bool:
        """True when this view's seat is to act."""
        return self.seat is not None and self.seat == self.current

    @property
    def has_opened(self) -> bool:
        """True when this view's seat has opened."""
        return self.seat is not None and self.opened[self.seat]


def _as_match(state: MatchState | RoundState) -> MatchState:
    if isinstance(state, MatchState):
        return state
    players = state.players
    return MatchState(
        rules=state.rules,
        names=tuple(f"Seat {i + 1}" for i in range(players)),
        seed="",
        totals=(0,) * players,
        active=tuple(range(players)),
        dealer=state.dealer,
        round_index=1,
        round=state,
    )


def view_for(state: MatchState | RoundState, seat: int | None) -> PlayerView:
    """The view of match seat ``seat`` (None: a spectator)."""
    match = _as_match(state)
    players = len(match.names)
    if seat is not None and not 0 <= seat < players:
        raise ValueError(f"no seat {seat} at this table")
    rnd = match.round
    to_match = match.active
    mine = match.round_seat(seat) if seat is not None else None
    sizes = [0] * players
    opened = [False] * players
    for round_seat, match_seat in enumerate(to_match):
        staged = sum(len(m.cards) for m in rnd.staged) if round_seat == rnd.current else 0
        sizes[match_seat] = len(rnd.hands[round_seat]) + staged
        opened[match_seat] = rnd.opened[round_seat]
    acting = mine is not None and mine == rnd.current and rnd.phase is not Phase.OVER
    limit = match.rules.stock_reshuffles
    return PlayerView(
        rules=match.rules,
        seat=seat,
        names=match.names,
        round_index=match.round_index,
        dealer=match.dealer,
        current=match.current_seat,
        phase=rnd.phase,
        hand=rnd.hands[mine] if mine is not None else (),
        staged=rnd.staged if acting else (),
        hand_sizes=tuple(sizes),
        opened=tuple(opened),
        active=tuple(s in to_match for s in range(players)),
        table=tuple(TableMeld(to_match[tm.owner], tm.meld) for tm in rnd.table),
        discard_pile=rnd.discard_pile,
        stock_size=len(rnd.stock),
        reshuffles_left=None if limit is None else limit - rnd.reshuffles,
        turn_number=rnd.turn_number,
        taken=rnd.taken if acting else None,
        joker_debt=rnd.joker_debt if acting else 0,
        totals=match.totals,
        events=_events(rnd, to_match, mine),
        rounds=_round_scores(match),
        winners=match.winners,
        legal=tuple(legal_actions(rnd)) if acting else (),
    )


def _events(rnd: RoundState, to_match: tuple[int, ...], mine: int | None) -> tuple[ViewEvent, ...]:
    events = []
    for entry in rnd.entries():
        own = entry.seat == mine
        if entry.private and not own:
            continue
        card = entry.card if own or not isinstance(entry.action, DrawStock) else None
        events.append(ViewEvent(to_match[entry.seat], entry.action, card))
    return tuple(events)


def _round_scores(match: MatchState) -> tuple[RoundScore, ...]:
    scores = []
    for played in match.finished_rounds:
        assert played.state.result is not None
        scores.append(RoundScore(played.index, played.state.result, played.seats))
    return tuple(scores)
