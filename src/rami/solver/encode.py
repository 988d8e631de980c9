"""A hand as one packed integer, and its candidate melds as vectors of the same shape.

Each distinct card of the hand owns a bit field (its count, plus a guard bit on top); the
fields are in card order, so the lowest set bit of a state names its lowest natural card (the
joker, code 52, always has the last field). A meld fits a state when subtracting its vector
borrows from no field, which one subtraction and one mask test decide.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from rami.cards import JOKER, Card
from rami.melds import Meld, make_meld
from rami.rules import RuleSet
from rami.solver.candidates import meld_multisets


@lru_cache(maxsize=1 << 16)
def built_meld(cards: tuple[Card, ...], jokers_per_meld: int) -> Meld:
    """The meld ``cards`` form, jokers at their lowest reading (cached: melds recur a lot)."""
    return make_meld(cards, jokers_per_meld)


def card_penalty(card: Card, rules: RuleSet) -> int:
    """What ``card`` costs left in hand at the end of a round."""
    if card == JOKER:
        return rules.joker_in_hand
    rank = card % 13 + 1
    if rank == 1:
        return rules.ace_in_hand
    return min(rank, 10)


def hand_penalty(cards: Sequence[Card], rules: RuleSet) -> int:
    """What ``cards`` cost left in hand at the end of a round."""
    return sum(card_penalty(card, rules) for card in cards)


@dataclass(frozen=True, slots=True)
class Candidate:
    """One candidate meld of a hand, packed."""

    cards: tuple[Card, ...]
    vector: int
    low: int
    """Field index of the meld's lowest natural card."""


class HandIndex:
    """The packed form of one hand and of every meld its cards can form."""

    __slots__ = ("by_low", "cards", "counts", "guards", "joker_field", "start", "width")

    def __init__(self, hand: Sequence[Card], jokers_per_meld: int) -> None:
        counts: dict[Card, int] = {}
        for card in hand:
            counts[card] = counts.get(card, 0) + 1
        self.cards: tuple[Card, ...] = tuple(sorted(counts))
        self.counts = tuple(counts[c] for c in self.cards)
        self.width = max(self.counts, default=1).bit_length() + 1
        field_of = {card: i for i, card in enumerate(self.cards)}
        w = self.width
        self.guards = sum(1 << (w * i + w - 1) for i in range(len(self.cards)))
        self.start = sum(n << (w * i) for i, n in enumerate(self.counts))
        self.joker_field = field_of.get(JOKER, -1)
        by_low: list[list[Candidate]] = [[] for _ in self.cards]
        for meld_cards in meld_multisets(hand, jokers_per_meld):
            vector = 0
            for card in meld_cards:
                vector += 1 << (w * field_of[card])
            low = field_of[meld_cards[0]]
            by_low[low].append(Candidate(meld_cards, vector, low))
        self.by_low = by_low

    def field_count(self, state: int, field: int) -> int:
        """How many copies of the card of ``field`` the state holds."""
        return (state >> (self.width * field)) & ((1 << (self.width - 1)) - 1)

    def unpack(self, state: int) -> tuple[Card, ...]:
        """The cards of a state, sorted."""
        out: list[Card] = []
        for i, card in enumerate(self.cards):
            out.extend([card] * self.field_count(state, i))
        return tuple(out)
