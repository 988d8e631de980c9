"""Where each card sits in a packed state, and so the order the searches meet the cards in.

A packed state is one integer with a 4-bit field per place: a count of up to 7 copies under
a guard bit; places 0-51 hold natural cards in four blocks of 13 (one suit each), place 52
the jokers (up to 15, guard on top). The natural layout puts card code ``c`` at place ``c``:
suit by suit, ace to king. The searches meld the card at the lowest place first, so a layout
is also an order of search: other layouts give each suit another block and may run each
suit down from its ace (ace, king, queen, ... two: the cards worth most first). The suits are
only labels and a place always holds the same rank (the natural one, or the one the downward
order puts there), so any table indexed by card code that depends on the rank alone reads by
place as it is, or through :func:`downward`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from rami.cards import JOKER, Card

BITS = 4
JOKER_SHIFT = 52 * BITS
NATURALS = (1 << JOKER_SHIFT) - 1
MOST_POINTS = [11 if c % 13 == 0 else min(c % 13 + 1, 10) for c in range(52)] + [11]
"""The most points each card (joker last) can score in a meld."""
COUNT = 7
JOKER_COUNT = 15
GUARDS = sum(8 << (BITS * c) for c in range(52)) | (16 << JOKER_SHIFT)
DOWN = 1 << 8
"""The bit of a layout's code that runs each suit down from its ace (ace, king, ... two)."""


class Layout(NamedTuple):
    """Where each card of a hand sits in its packed state."""

    code: int
    """The block of each suit, two bits per suit (suit 0 lowest), and :data:`DOWN`."""
    bits: tuple[int, ...]
    """Per card code (joker last): the unit of its count."""
    shifts: tuple[int, ...]
    """Per card code (joker last): the offset of its count."""
    slots: tuple[int, ...]
    """Per suit: where it sits, its block plus 4 when it runs down (0-7)."""
    placings: tuple[int, ...]
    """Per mask of suits (bit per suit): a number naming where those suits sit (a part of cache
    keys)."""

    @property
    def down(self) -> bool:
        """Whether each suit runs down from its ace."""
        return bool(self.code & DOWN)

    def place(self, card: Card) -> Card:
        """The place of ``card`` (as a card code: the card at that place in the natural
        layout)."""
        return self.shifts[card] // BITS


_DOWNWARD = [0] + [13 - rank for rank in range(1, 13)]
"""Per rank index (ace 0 ... king 12): its place in a suit's block when the suit runs down from
its ace; the map is its own inverse."""


def _new_layout(code: int) -> Layout:
    blocks = [code >> (2 * suit) & 3 for suit in range(4)]
    ranks = _DOWNWARD if code & DOWN else range(13)
    shifts = [BITS * (13 * blocks[c // 13] + ranks[c % 13]) for c in range(52)]
    shifts.append(JOKER_SHIFT)
    slots = tuple(block | (code & DOWN) >> 6 for block in blocks)
    held = [[suit for suit in range(4) if suits >> suit & 1] for suits in range(16)]
    placings = tuple(sum((8 | slots[suit]) << 4 * suit for suit in suits) for suits in held)
    return Layout(code, tuple(1 << shift for shift in shifts), tuple(shifts), slots, placings)


def ordered(suits: Sequence[int], down: bool) -> Layout:
    """The layout giving ``suits`` (each suit once) the blocks in that order, each suit
    running down from its ace when ``down``."""
    code = sum(block << 2 * suit for block, suit in enumerate(suits))
    return _new_layout(code | DOWN if down else code)


NATURAL = ordered(range(4), down=False)
"""Card code ``c`` at place ``c``."""


def downward(by_card: Sequence[int]) -> list[int]:
    """A table indexed by card code (joker last) whose values depend on the rank alone,
    indexed by place in the layouts that run each suit down from its ace."""
    down = [by_card[c - c % 13 + _DOWNWARD[c % 13]] for c in range(52)]
    down.append(by_card[JOKER])
    return down
