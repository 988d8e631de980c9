"""Determinization: one full round state consistent with everything a view shows.

The seat's own hand, staged melds, the table, the discard pile and every public fact are kept;
the unseen cards (the other hands and the stock) are dealt at random, except that each
opponent keeps the cards it is known to hold (its discard pickups not played since). This is
the only place a bot builds a :class:`~rami.state.RoundState`, and it builds it from a view.
"""

from __future__ import annotations

from random import Random

from rami.actions import Open
from rami.bots.knowledge import Knowledge, my_turn_events, read_view, taken_twins
from rami.cards import Card
from rami.state import RoundState, TableMeld
from rami.views import PlayerView


class InconsistentView(ValueError):
    """The view's counts do not add up (it cannot be completed into a round)."""


def round_seats(view: PlayerView) -> list[int]:
    """Match seats in round-seat order (round seat ``i`` is ``round_seats(view)[i]``)."""
    return [seat for seat, playing in enumerate(view.active) if playing]


def sample_world(view: PlayerView, rng: Random, know: Knowledge | None = None) -> RoundState:
    """A random round state that ``view`` could have come from (the seat must be seated)."""
    if view.seat is None or view.current is None:
        raise InconsistentView("a spectator's view or a finished round cannot be completed")
    know = know or read_view(view)
    seats = round_seats(view)
    pool: list[Card] = [card for card, n in enumerate(know.unseen) for _ in range(n)]
    for cards in know.held.values():
        for card in cards:
            pool.remove(card)
    rng.shuffle(pool)
    hands: list[tuple[Card, ...]] = []
    for seat in seats:
        if seat == view.seat:
            hands.append(view.hand)
            continue
        known = list(know.held.get(seat, ()))
        missing = view.hand_sizes[seat] - len(known)
        if missing < 0 or missing > len(pool):
            raise InconsistentView(f"seat {seat} cannot hold {view.hand_sizes[seat]} cards")
        known.extend(pool[len(pool) - missing :] if missing else ())
        del pool[len(pool) - missing :]
        hands.append(tuple(sorted(known)))
    if len(pool) != view.stock_size:
        raise InconsistentView(f"{len(pool)} unseen cards left for a stock of {view.stock_size}")
    limit = view.rules.stock_reshuffles
    used = 0 if limit is None or view.reshuffles_left is None else limit - view.reshuffles_left
    taken = view.taken
    return RoundState(
        rules=view.rules,
        seed=f"world-{rng.getrandbits(64):016x}",
        dealer=seats.index(view.dealer) if view.dealer in seats else 0,
        hands=tuple(hands),
        stock=tuple(pool),
        discard_pile=view.discard_pile,
        opened=tuple(view.opened[s] for s in seats),
        current=seats.index(view.current),
        table=tuple(TableMeld(seats.index(tm.owner), tm.meld) for tm in view.table),
        phase=view.phase,
        turn_number=view.turn_number,
        reshuffles=used,
        staged=view.staged if view.current == view.seat else (),
        taken=taken,
        taken_twins=taken_twins(view),
        opened_this_turn=view.current == view.seat and Open in my_turn_events(view),
        joker_debt=view.joker_debt,
    )
