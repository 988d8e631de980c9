"""What cards cost left in hand, and melds built from candidate cards (cached)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from rami.cards import JOKER, Card
from rami.melds import Meld, make_meld
from rami.rules import RuleSet


@lru_cache(maxsize=1 << 16)
def built_meld(cards: tuple[Card, ...], jokers_per_meld: int) -> Meld:
    """The meld ``cards`` form, jokers at their lowest reading (cached: melds recur a lot)."""
    return make_meld(cards, jokers_per_meld)


def card_penalty(card: Card, rules: RuleSet) -> int:
    """What ``card`` costs left in hand at the end of a round (RULES.md §4)."""
    if card == JOKER:
        return rules.joker_in_hand
    rank = card % 13 + 1
    if rank == 1:
        return rules.ace_in_hand
    return min(rank, 10)


def hand_penalty(cards: Sequence[Card], rules: RuleSet) -> int:
    """What ``cards`` cost left in hand at the end of a round."""
    return sum(card_penalty(card, rules) for card in cards)
