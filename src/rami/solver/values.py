"""What cards cost left in hand, and melds built from candidate cards (cached)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from rami.cards import JOKER, Card
from rami.melds import Meld, make_meld, meld_readings
from rami.rules import RuleSet
from rami.solver.candidates import Shape


@lru_cache(maxsize=1 << 16)
def built_meld(cards: tuple[Card, ...], jokers_per_meld: int) -> Meld:
    """The meld ``cards`` form, jokers at their lowest reading (cached: melds recur a lot)."""
    return make_meld(cards, jokers_per_meld)


@lru_cache(maxsize=1 << 14)
def declared_meld(cards: tuple[Card, ...], jokers_per_meld: int) -> Meld:
    """The reading of ``cards`` worth most (ties: the lower), for rules where players declare
    what a joker stands for."""
    return max(meld_readings(cards, jokers_per_meld), key=lambda m: (m.points(), -m.rank))


def opening_meld(cards: tuple[Card, ...], rules: RuleSet) -> Meld:
    """The meld ``cards`` form in an opening: the best declared reading when the rules allow
    declaring jokers, else the lowest."""
    if rules.joker_position == "declared":
        return declared_meld(cards, rules.jokers_per_meld)
    return built_meld(cards, rules.jokers_per_meld)


def opening_points(shape: Shape, rules: RuleSet) -> int:
    """What a candidate meld counts toward the opening under ``rules``."""
    if not rules.jokers_count_in_opening:
        return shape.natural_points
    return shape.high_points if rules.joker_position == "declared" else shape.points


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
