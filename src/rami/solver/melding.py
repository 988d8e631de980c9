"""Least left after a turn: melds from a hand, then one discard, under opening conditions.

The general form of :func:`rami.solver.best_partition`: the same lowest-card-first search,
with the turn's conditions carried in the state — opening points still needed, a clean run
still needed, whether the discard is still to be chosen, and whether any card stays in hand.
Used for the table-aware play and hints; ``best_partition`` stays the fast special case.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from rami.cards import JOKER, Card
from rami.melds import Meld, candidate_melds
from rami.rules import RuleSet
from rami.scoring import card_penalty
from rami.solver.candidates import Shape, opening_meld, opening_points, pack, shape_of
from rami.solver.layout import COUNT, GUARDS, JOKER_SHIFT, NATURALS

_PENALTY = 1 << 32
_CARD = 1 << 16
_NONE = 1 << 60

Key = tuple[int, int, bool, bool, bool, int]
"""(cards, opening points needed, clean run needed, discard pending, a card stays, jokers the
opening may still use or -1)."""
Step = tuple[int, int, int]
"""A move: (kind, option index, copies); kind 0 keeps, 1 discards, 2 melds, 3 melds later."""


@dataclass(frozen=True, slots=True)
class Melding:
    """Melds laid from a hand, the card discarded (if any), and what stays in hand."""

    melds: tuple[Meld, ...]
    discard: Card | None
    left: tuple[Card, ...]
    """Cards still in hand after the discard."""
    penalty: int
    """What ``left`` scores at the end of a round."""
    later: tuple[Meld, ...] = ()
    """Melds not counted in the opening (laid after it, see ``opening_jokers``)."""
    laid_jokers: int = 0
    """Jokers laid off on the table (see ``free_jokers``)."""

    @property
    def goes_out(self) -> bool:
        """True when nothing stays in hand."""
        return not self.left


def least_left(
    hand: Sequence[Card],
    rules: RuleSet,
    *,
    discard_from: Collection[Card] | None = None,
    discard_required: bool = False,
    min_points: int = 0,
    need_clean: bool = False,
    need_meld: bool = False,
    opening_jokers: int | None = None,
    free_jokers: int = 0,
) -> Melding | None:
    """The melds and discard leaving the least penalty in hand, or None if none qualify.

    ``discard_from``: cards the turn may end by discarding (None: no discard, as at the end of a
    round); when given, one of them is discarded unless every card is melded, and then only if
    ``discard_required`` is false. ``min_points``/``need_clean``/``need_meld``: the melds must
    reach that many opening points, include a clean run, include at least one meld.
    ``opening_jokers``: the melds counted for those conditions hold at most that many jokers;
    melds with more are laid after the opening (``Melding.later``). ``free_jokers``: that many
    jokers may leave the hand at no cost (the table has room for them as lay-offs).
    Ties: fewest cards left, then most meld points.
    """
    jpm = rules.jokers_per_meld
    units = [card_penalty(c, rules) * _PENALTY + _CARD for c in range(53)]
    allowed = [False] * 53
    for card in discard_from or ():
        allowed[card] = True
    by_low: dict[Card, list[tuple[int, int, int, bool, int, Shape]]] = {}
    for shape in map(shape_of, candidate_melds(hand, jpm)):
        opening = opening_points(shape, rules)
        option = (shape.vector, -shape.points, opening, shape.clean, shape.jokers, shape)
        by_low.setdefault(shape.low, []).append(option)
    memo: dict[Key, tuple[int, Step]] = {}

    def moves(key: Key) -> list[tuple[int, Key, Step]]:
        """Every (score, next state, step) from ``key``."""
        state, need, clean, pending, left_any, budget = key
        out: list[tuple[int, Key, Step]] = []
        if state & NATURALS:
            card = ((state & -state).bit_length() - 1) >> 2
            shift = card << 2
        else:
            card, shift = JOKER, JOKER_SHIFT
        count = (state >> shift) & (COUNT if card != JOKER else 15)
        rest = state - (count << shift)
        laid = min(count, free_jokers) if card == JOKER else 0
        for off in range(laid + 1):
            held = count - off
            kept = (rest, need, clean, pending, left_any or held > 0, budget)
            out.append((held * units[card], kept, (0, off, count)))
            if pending and allowed[card] and held:
                after = (rest, need, clean, False, left_any or held > 1, budget)
                out.append(((held - 1) * units[card], after, (1, off, count)))
        for i, (vector, value, points, is_clean, jokers, _) in enumerate(by_low.get(card, ())):
            if ((state | GUARDS) - vector) & GUARDS != GUARDS:
                continue
            if budget < 0 or jokers <= budget:
                counted = (max(0, need - points), clean and not is_clean, pending, left_any)
                spent = budget - jokers if budget >= 0 else budget
                out.append((value, (state - vector, *counted, spent), (2, i, 1)))
            if budget >= 0 and jokers:
                later = (state - vector, need, clean, pending, left_any, budget)
                out.append((value, later, (3, i, 1)))
        return out

    def solve(key: Key) -> int:
        state, need, clean, pending, left_any, _ = key
        if not state:
            if need or clean:
                return _NONE
            if pending and (left_any or discard_required):
                return _NONE
            return 0
        found = memo.get(key)
        if found is not None:
            return found[0]
        best, step = _NONE, (0, 0, 0)
        for score, after, move in moves(key):
            rest = solve(after)
            if rest != _NONE and score + rest < best:
                best, step = score + rest, move
        memo[key] = (best, step)
        return best

    need = max(min_points, 1 if need_meld else 0)
    budget = -1 if opening_jokers is None else opening_jokers
    key: Key = (pack(hand), need, need_clean, discard_from is not None, False, budget)
    if solve(key) == _NONE:
        return None
    melds: list[Meld] = []
    later: list[Meld] = []
    left: list[Card] = []
    discard: Card | None = None
    laid_jokers = 0
    while key[0]:
        step = memo[key][1]
        after = next(nxt for _, nxt, move in moves(key) if move == step)
        state = key[0]
        card = ((state & -state).bit_length() - 1) >> 2 if state & NATURALS else JOKER
        kind, index, count = step
        if kind >= 2:
            (melds if kind == 2 else later).append(opening_meld(by_low[card][index][5], rules))
        else:
            left.extend([card] * (count - kind - index))
            discard = card if kind == 1 else discard
            laid_jokers += index
        key = after
    left.sort()
    penalty = sum(card_penalty(c, rules) for c in left)
    return Melding(tuple(melds), discard, tuple(left), penalty, tuple(later), laid_jokers)
