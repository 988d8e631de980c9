"""Duplicate scoring: one deal's result against everyone who played it from the same seat.

A result is the round's penalty (lower is better). Against a field of ``n`` results:

* **matchpoints**: 1 for each other result beaten (a higher penalty), ½ for each tie, as a
  percentage of the ``n - 1`` others (a field of one scores 50%);
* **IMPs**: the field's average penalty without one's own, minus one's own penalty, turned into
  International Match Points on :data:`IMP_SCALE` (positive: better than the field).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import TypeVar

K = TypeVar("K", bound=Hashable)

IMP_SCALE: tuple[int, ...] = (5, 15, 25, 40, 60, 80, 100, 130, 160, 200)
"""Penalty points a result must be better (or worse) than the field's average by for each
IMP: under 5 points is 0 IMPs, 5-14 is 1, 15-24 is 2, … 160-199 is 9, 200 or more is 10."""


def imps(difference: float) -> int:
    """The IMPs of a penalty ``difference`` (field average minus own; the sign is kept)."""
    size = sum(1 for step in IMP_SCALE if abs(difference) >= step)
    return size if difference >= 0 else -size


@dataclass(frozen=True, slots=True)
class DealScore:
    """One result scored against its field."""

    penalty: int
    matchpoints: float
    """Others beaten plus half the ties."""
    percentage: float
    field_average: float | None
    """The others' average penalty (None: nobody else played it)."""
    imps: int


def score_deal(penalties: Mapping[K, int]) -> dict[K, DealScore]:
    """Each player's score of one deal, from every player's penalty on it."""
    scores: dict[K, DealScore] = {}
    others = len(penalties) - 1
    total = sum(penalties.values())
    for key, own in penalties.items():
        beaten = sum(1 for other in penalties.values() if other > own)
        ties = sum(1 for other in penalties.values() if other == own) - 1
        points = beaten + ties / 2
        percentage = 50.0 if others == 0 else round(100 * points / others, 2)
        average = None if others == 0 else (total - own) / others
        won = 0 if average is None else imps(average - own)
        scores[key] = DealScore(own, points, percentage, average, won)
    return scores
