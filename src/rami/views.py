"""Player views: the only way hidden information leaves the engine.

``view_for(state, seat)`` gives what that seat may see: its own hand, the others' hand sizes,
the table, the discard pile, the stock size, scores, the public log and, while it is to act,
the facts of its turn so far. ``seat=None`` is a spectator, who sees no hand. Stock order and
seeds never appear in a view. :func:`complete_round` is the way back: a full round state
consistent with a view, given where the unseen cards are (for search).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rami.actions import Action, DrawStock
from rami.cards import Card, build_deck
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
    """The card this seat took from the discard pile this turn (while it is to act)."""
    taken_twins: int
    """Copies of ``taken`` the hand held before taking it (twins it may not discard either)."""
    opened_this_turn: bool
    """True when this seat opened in the turn it is playing."""
    joker_debt: int
    """Jokers this seat retrieved this turn that must be played again."""
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
        taken_twins=rnd.taken_twins if acting else 0,
        opened_this_turn=rnd.opened_this_turn if acting else False,
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


class InconsistentView(ValueError):
    """The view cannot be completed into a round (a spectator's, or counts that do not add up)."""


def round_seats(view: PlayerView) -> list[int]:
    """Match seats in round-seat order (round seat ``i`` is ``round_seats(view)[i]``)."""
    return [seat for seat, playing in enumerate(view.active) if playing]


def visible_cards(view: PlayerView) -> list[Card]:
    """Every card the seat sees: its hand, its staged melds, the table, the discard pile."""
    cards = list(view.hand)
    cards.extend(c for meld in view.staged for c in meld.cards)
    cards.extend(c for tm in view.table for c in tm.meld.cards)
    cards.extend(view.discard_pile)
    return cards


def unseen_cards(view: PlayerView) -> list[Card]:
    """The cards ``view``'s seat cannot see (the other hands and the stock), sorted."""
    counts = [0] * 53
    for card in build_deck(*view.rules.deck_for(sum(view.active))):
        counts[card] += 1
    for card in visible_cards(view):
        counts[card] -= 1
    return [card for card, n in enumerate(counts) for _ in range(max(0, n))]


def complete_round(
    view: PlayerView, others: Mapping[int, Sequence[Card]], stock: Sequence[Card], seed: str
) -> RoundState:
    """The round state ``view`` shows, with ``others[seat]`` as each other seated player's
    hand (match seats) and ``stock`` as the stock (top last): the seat's own hand, staged
    melds and turn facts and every public fact are the view's."""
    if view.seat is None or view.current is None:
        raise InconsistentView("a spectator's view or a finished round cannot be completed")
    seats = round_seats(view)
    hands: list[tuple[Card, ...]] = []
    for seat in seats:
        hand = view.hand if seat == view.seat else tuple(sorted(others.get(seat, ())))
        if seat != view.seat and len(hand) != view.hand_sizes[seat]:
            raise InconsistentView(
                f"seat {seat} holds {view.hand_sizes[seat]} cards, not {len(hand)}"
            )
        hands.append(hand)
    if len(stock) != view.stock_size:
        raise InconsistentView(f"{len(stock)} cards given for a stock of {view.stock_size}")
    limit = view.rules.stock_reshuffles
    used = 0 if limit is None or view.reshuffles_left is None else limit - view.reshuffles_left
    acting = view.current == view.seat
    return RoundState(
        rules=view.rules,
        seed=seed,
        dealer=seats.index(view.dealer) if view.dealer in seats else 0,
        hands=tuple(hands),
        stock=tuple(stock),
        discard_pile=view.discard_pile,
        opened=tuple(view.opened[s] for s in seats),
        current=seats.index(view.current),
        table=tuple(TableMeld(seats.index(tm.owner), tm.meld) for tm in view.table),
        phase=view.phase,
        turn_number=view.turn_number,
        reshuffles=used,
        staged=view.staged if acting else (),
        taken=view.taken,
        taken_twins=view.taken_twins,
        opened_this_turn=view.opened_this_turn,
        joker_debt=view.joker_debt,
    )
