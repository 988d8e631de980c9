"""Every meld a hand can form, as sorted tuples of card codes."""

from __future__ import annotations

from collections.abc import Sequence

from rami.cards import Card
from rami.melds import candidate_melds


def meld_multisets(hand: Sequence[Card], jokers_per_meld: int) -> list[tuple[Card, ...]]:
    """Every distinct multiset of cards of ``hand`` that forms a valid meld."""
    return candidate_melds(hand, jokers_per_meld)
