"""What a candidate meld counts toward an opening, and the meld it is laid as."""

from __future__ import annotations

from functools import lru_cache

from rami.cards import Card
from rami.melds import Meld, meld_readings
from rami.rules import RuleSet
from rami.solver.candidates import Shape


@lru_cache(maxsize=1 << 14)
def declared_meld(cards: tuple[Card, ...]) -> Meld:
    """The reading of ``cards`` worth most (ties: the lower), for rules where players declare
    what a joker stands for."""
    return max(meld_readings(cards, 2), key=lambda m: (m.points(), -m.rank))


def opening_meld(shape: Shape, rules: RuleSet) -> Meld:
    """The meld ``shape`` forms in an opening: the best declared reading when the rules allow
    declaring jokers, else the lowest."""
    return declared_meld(shape.cards) if rules.joker_position == "declared" else shape.meld


def opening_points(shape: Shape, rules: RuleSet) -> int:
    """What a candidate meld counts toward the opening under ``rules``."""
    if not rules.jokers_count_in_opening:
        return shape.natural_points
    return shape.high_points if rules.joker_position == "declared" else shape.points
