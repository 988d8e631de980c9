"""Seeded random hands for the solver checks: plain deals and meld-dense ones."""

from __future__ import annotations

import random

from rami.cards import JOKER, Card, make_card


def random_hand(rng: random.Random, size: int, decks: int, jokers: int) -> tuple[Card, ...]:
    """``size`` cards dealt from ``decks`` decks with exactly ``jokers`` jokers among them."""
    naturals = [card for _ in range(decks) for card in range(52)]
    return tuple(sorted(rng.sample(naturals, size - jokers) + [JOKER] * jokers))


def dense_hand(rng: random.Random, size: int, decks: int, jokers: int) -> tuple[Card, ...]:
    """A hand drawn from few suits and a short window of ranks, so melds overlap a lot."""
    suits = rng.sample(range(4), rng.choice((2, 2, 3)))
    width = rng.randint(5, 7)
    low = rng.randint(1, 14 - width + 1)
    ranks = [r if r <= 13 else 1 for r in range(low, low + width)]
    pool = [make_card(r, s) for _ in range(decks) for s in suits for r in ranks]
    need = size - jokers
    if len(pool) < need:
        return random_hand(rng, size, decks, jokers)
    return tuple(sorted(rng.sample(pool, need) + [JOKER] * jokers))


def suite(seed: int, count: int) -> list[tuple[tuple[Card, ...], int]]:
    """``count`` hands of 13-15 cards, 2 or 3 decks, 0-4 jokers; two in three are dense.

    Each entry is (hand, decks).
    """
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        size = rng.choice((13, 14, 15))
        decks = rng.choice((2, 3))
        jokers = rng.choice((0, 0, 1, 1, 2, 3, 4))
        make = dense_hand if rng.random() < 2 / 3 else random_hand
        out.append((make(rng, size, decks, jokers), decks))
    return out
