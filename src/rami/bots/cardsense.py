"""Card sense: how promising a loose card is to keep, and how much discarding it gives away.

``potential`` looks at the partial melds a card forms with other loose cards (a pair of one
rank, two cards of a suit one or two ranks apart) and the unseen copies of the cards that
would complete them. ``danger`` scores what a discard offers the opponents: a card that fits
a table meld, or that matches cards they picked up from the discard pile.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from rami.cards import JOKER, Card
from rami.melds import Meld, layoff_readings
from rami.state import TableMeld

COMPLETE = 1.5
"""Potential of a card that already forms a meld with loose cards."""
LOOKAHEAD_DRAWS = 4
"""Draws a partial meld is given to fill in (``potential`` is roughly its hit chance)."""


def _code(rank: int, suit: int) -> int:
    return suit * 13 + (rank - 1) % 13


def _present(have: Sequence[int], rank: int, suit: int) -> bool:
    if rank < 1 or rank > 14:
        return False
    return have[_code(rank, suit)] > 0


def _run_outs(card: Card, have: Sequence[int], unseen: Sequence[int]) -> tuple[bool, int]:
    """(is in a complete run of loose cards, unseen cards that would extend a partial run)."""
    rank, suit = card % 13 + 1, card // 13
    outs = 0
    for r in (rank, 14) if rank == 1 else (rank,):
        near = {d: _present(have, r + d, suit) for d in (-2, -1, 1, 2)}
        if (near[-1] and near[1]) or (near[1] and near[2]) or (near[-2] and near[-1]):
            return True, 0

        def out(d: int, r: int = r) -> int:
            return unseen[_code(r + d, suit)] if 1 <= r + d <= 14 else 0

        if near[1]:
            outs += out(-1) + out(2)
        if near[-1]:
            outs += out(1) + out(-2)
        if near[2] and not near[1]:
            outs += out(1)
        if near[-2] and not near[-1]:
            outs += out(-1)
    return False, outs


def _set_outs(card: Card, have: Sequence[int], unseen: Sequence[int]) -> tuple[bool, int]:
    rank, suit = card % 13 + 1, card // 13
    suits = {s for s in range(4) if s == suit or have[_code(rank, s)] > 0}
    if len(suits) >= 3:
        return True, 0
    if len(suits) < 2:
        return False, 0
    return False, sum(unseen[_code(rank, s)] for s in range(4) if s not in suits)


def potential(
    card: Card, have: Sequence[int], unseen: Sequence[int], unseen_total: int, jokers: int
) -> float:
    """How likely ``card`` is to join a meld with the loose cards counted in ``have``.

    ``have`` counts the other loose cards (``card`` itself excluded); ``jokers`` is the
    number of jokers the hand could spare to complete a partial meld.
    """
    if card == JOKER:
        return 2 * COMPLETE
    run_done, run_outs = _run_outs(card, have, unseen)
    set_done, set_outs = _set_outs(card, have, unseen)
    if run_done or set_done:
        return COMPLETE
    outs = run_outs + set_outs
    if outs and jokers:
        return COMPLETE * 0.8
    if not outs or unseen_total <= 0:
        return 0.0
    miss = max(0.0, 1.0 - outs / unseen_total)
    return 1.0 - miss**LOOKAHEAD_DRAWS


@lru_cache(maxsize=1 << 14)
def accepts(meld: Meld, jokers_per_meld: int) -> frozenset[Card]:
    """Every card that could be laid off on ``meld`` (cached: table melds recur a lot)."""
    return frozenset(c for c in range(JOKER + 1) if layoff_readings(meld, c, jokers_per_meld))


def fits_table(card: Card, table: Sequence[TableMeld], jokers_per_meld: int) -> bool:
    """True when ``card`` could be laid off on some table meld."""
    return any(card in accepts(tm.meld, jokers_per_meld) for tm in table)


def related(card: Card, other: Card) -> bool:
    """True when two natural cards could sit in one meld (same rank, or same suit and close)."""
    if card == JOKER or other == JOKER:
        return True
    rank, other_rank = card % 13, other % 13
    if rank == other_rank:
        return card != other
    if card // 13 != other // 13:
        return False
    low, high = sorted((rank, other_rank))
    return high - low <= 2 or (low == 0 and high >= 11)


def danger(
    card: Card,
    table: Sequence[TableMeld],
    jokers_per_meld: int,
    opponents_opened: bool,
    held: Sequence[Card],
    discarded: Sequence[Card],
) -> float:
    """What discarding ``card`` gives away: about 1 per way an opponent could use it."""
    if card == JOKER:
        return 10.0
    score = 0.0
    if opponents_opened and fits_table(card, table, jokers_per_meld):
        score += 1.0
    score += 0.6 * sum(1 for k in held if related(card, k))
    score -= 0.25 * sum(1 for k in discarded if related(card, k) or k == card)
    return score
