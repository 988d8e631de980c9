"""OpenSkill ratings (Plackett-Luce) by preset family.

Every seat of a match is its own team, placed by the match result (1 = best, equal places are
ties). The model's constants are openskill's defaults, written out so that a new openskill
version cannot change them under stored ratings. The stored values are ``mu`` and ``sigma``;
people see :func:`shown_rating`, an Elo-like number: 1500 for a new account, and 400 points
between two players when the stronger is expected to win ten matches in eleven (a two-seat match
between settled ratings). A rating of fewer than :data:`PROVISIONAL_GAMES` games is provisional.
A shorter match format moves ratings less: :func:`rate` takes the format's weight.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from rami.accounts.errors import AccountError
from rami.rules import PRESETS

MU = 25.0
SIGMA = 25.0 / 3.0
BETA = 25.0 / 6.0
TAU = 25.0 / 300.0

SHOWN_START = 1500
"""The shown rating of ``mu`` = :data:`MU` (a new account)."""
SHOWN_PER_MU = 400 / (math.sqrt(2) * BETA * math.log(10))
"""Shown points per unit of ``mu`` (about 29.5): 400 points = odds of 10 to 1 in a two-seat
match of settled ratings, whose win chance is ``1 / (1 + exp(-d / (sqrt 2 * BETA)))``."""
PROVISIONAL_GAMES = 5
"""Ratings of fewer rated games than this are shown as provisional."""

FORMAT_WEIGHTS: Mapping[str, float] = {"full": 1.0, "to201": 0.4, "rounds6": 0.3}
"""The rating weight of each match format of :data:`rami.match.MATCH_FORMATS`: the share of a
full match's rounds it plays. A race to 201 plays about 201/501 of the rounds of a race to 501;
six rounds are about 0.3 of the 20 or so rounds a full match lasts."""

FAMILIES: Mapping[str, tuple[str, ...]] = {
    "rami51": ("rami51", "rami51-house", "rami51-pl"),
    "rami40": ("rami40", "rami40-house", "scala40"),
}
"""One rating per family: the presets that open at 51 (with a clean run), and those at 40."""

FAMILY_OF: Mapping[str, str] = {
    preset: family for family, presets in FAMILIES.items() for preset in presets
}


def family_of(preset: str) -> str:
    """The family of a preset, or of a family's own name; :class:`AccountError` otherwise."""
    if preset in FAMILIES:
        return preset
    family = FAMILY_OF.get(preset)
    if family is None or preset not in PRESETS:
        known = ", ".join(sorted(FAMILY_OF))
        raise AccountError(400, "unknown_preset", f"unknown preset {preset!r} (known: {known})")
    return family


@dataclass(frozen=True, slots=True)
class Rating:
    """A skill estimate: mean ``mu`` and uncertainty ``sigma``."""

    mu: float = MU
    sigma: float = SIGMA

    @property
    def ordinal(self) -> float:
        """The conservative estimate ``mu - 3 * sigma``."""
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> int:
        """The rating as people see it (see :func:`shown_rating`)."""
        return shown_rating(self)

    def to_json(self, games: int | None = None) -> dict[str, float | int | bool]:
        """The API form: the stored ``mu`` and ``sigma``, the shown ``rating`` and whether it
        is ``provisional`` (``games`` rated games so far; None for a bot: never provisional)."""
        return {
            "mu": round(self.mu, 4),
            "sigma": round(self.sigma, 4),
            "rating": self.shown,
            "provisional": games is not None and games < PROVISIONAL_GAMES,
        }


def shown_rating(rating: Rating) -> int:
    """The one conversion from a stored rating to the number shown: ``1500 + 29.5 (mu - 25)``,
    rounded (accounts and bots alike)."""
    return round(SHOWN_START + SHOWN_PER_MU * (rating.mu - MU))


MODEL = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU)


def rate(entries: Sequence[tuple[Rating, int]], weight: float = 1.0) -> list[Rating]:
    """The ratings after one match of ``(rating before, place)`` seats (2 to 6 of them).

    ``weight`` (0 to 1, the match format's) scales the update: ``mu`` moves ``weight`` of the
    way to the full update and ``sigma**2`` likewise, so a match of weight 0.4 teaches 0.4 of
    what a full match does.
    """
    if not 2 <= len(entries) <= 6:
        raise ValueError("a rated match has 2 to 6 seats")
    if any(place < 1 for _, place in entries):
        raise ValueError("places start at 1")
    if not 0 < weight <= 1:
        raise ValueError("a rating weight is above 0 and at most 1")
    teams = [[MODEL.rating(mu=rating.mu, sigma=rating.sigma)] for rating, _ in entries]
    rated = MODEL.rate(teams, ranks=[float(place) for _, place in entries])
    return [
        _partial(before, Rating(team[0].mu, team[0].sigma), weight)
        for (before, _), team in zip(entries, rated, strict=True)
    ]


def _partial(before: Rating, full: Rating, weight: float) -> Rating:
    if weight == 1:
        return full
    mu = before.mu + weight * (full.mu - before.mu)
    variance = before.sigma**2 + weight * (full.sigma**2 - before.sigma**2)
    return Rating(mu, math.sqrt(variance))
