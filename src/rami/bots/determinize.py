"""Determinization: one full round state consistent with everything a view shows.

The seat's own hand, staged melds, the table, the discard pile and every public fact are kept;
the unseen cards (the other hands and the stock) are dealt at random, except that each
opponent keeps the cards it is known to hold (its discard pickups not played since). With
``weights`` (:mod:`rami.bots.inference`) an opponent's other cards are drawn with probability
proportional to their weight for that opponent (weighted sampling without replacement), the
stock getting the rest; without, every unseen card is equally likely anywhere. The state
itself is built by :func:`rami.views.complete_round`, the one way back from a view to a round.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from random import Random

from rami.bots.knowledge import Knowledge, read_view
from rami.cards import Card
from rami.state import RoundState
from rami.views import InconsistentView, PlayerView, complete_round, round_seats

__all__ = ["InconsistentView", "round_seats", "sample_world"]


def sample_world(
    view: PlayerView,
    rng: Random,
    know: Knowledge | None = None,
    weights: Mapping[int, Sequence[float]] | None = None,
) -> RoundState:
    """A random round state that ``view`` could have come from (the seat must be seated).

    ``weights[seat][card]`` (match seats, card codes) biases which unseen cards each opponent
    gets; None deals them uniformly.
    """
    if view.seat is None or view.current is None:
        raise InconsistentView("a spectator's view or a finished round cannot be completed")
    know = know or read_view(view)
    pool: list[Card] = [card for card, n in enumerate(know.unseen) for _ in range(n)]
    for cards in know.held.values():
        for card in cards:
            pool.remove(card)
    rng.shuffle(pool)
    others: dict[int, tuple[Card, ...]] = {}
    for seat in round_seats(view):
        if seat == view.seat:
            continue
        known = list(know.held.get(seat, ()))
        missing = view.hand_sizes[seat] - len(known)
        if missing < 0 or missing > len(pool):
            raise InconsistentView(f"seat {seat} cannot hold {view.hand_sizes[seat]} cards")
        if weights is not None and seat in weights and missing:
            _weighted_tail(pool, weights[seat], missing, rng)
        known.extend(pool[len(pool) - missing :] if missing else ())
        del pool[len(pool) - missing :]
        others[seat] = tuple(known)
    if len(pool) != view.stock_size:
        raise InconsistentView(f"{len(pool)} unseen cards left for a stock of {view.stock_size}")
    return complete_round(view, others, pool, f"world-{rng.getrandbits(64):016x}")


def _weighted_tail(pool: list[Card], weight: Sequence[float], count: int, rng: Random) -> None:
    """Reorder ``pool`` in place so that its last ``count`` cards are a weighted sample
    without replacement (Efraimidis-Spirakis keys), the others keeping their random order."""
    keyed = [
        (math.log(1.0 - rng.random()) / max(weight[card], 1e-9), i) for i, card in enumerate(pool)
    ]
    chosen = {i for _, i in sorted(keyed, reverse=True)[:count]}
    rest = [card for i, card in enumerate(pool) if i not in chosen]
    picked = [card for i, card in enumerate(pool) if i in chosen]
    pool[:] = rest + picked
