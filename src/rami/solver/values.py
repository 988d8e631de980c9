"""Melds built from candidate cards (cached) and what they count toward an opening."""

from __future__ import annotations

from functools import lru_cache

from rami.cards import Card
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
