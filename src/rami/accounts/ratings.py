"""OpenSkill ratings (Plackett-Luce) by preset family.

Every seat of a match is its own team, placed by the match result (1 = best, equal places are
ties). The model's constants are openskill's defaults, written out so that a new openskill
version cannot change them under stored ratings. The rating shown to people (``rating``) is the
conservative estimate ``mu - 3 * sigma``: it starts at 0 and rises as games make ``sigma``
shrink.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from rami.accounts.errors import AccountError
from rami.rules import PRESETS

MU = 25.0
SIGMA = 25.0 / 3.0
BETA = 25.0 / 6.0
TAU = 25.0 / 300.0

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
        """The shown rating, ``mu - 3 * sigma``."""
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict[str, float]:
        """The API form."""
        return {
            "mu": round(self.mu, 4),
            "sigma": round(self.sigma, 4),
            "rating": round(self.ordinal, 2),
        }


MODEL = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU)


def rate(entries: Sequence[tuple[Rating, int]]) -> list[Rating]:
    """The ratings after one match of ``(rating before, place)`` seats (2 to 6 of them)."""
    if not 2 <= len(entries) <= 6:
        raise ValueError("a rated match has 2 to 6 seats")
    if any(place < 1 for _, place in entries):
        raise ValueError("places start at 1")
    teams = [[MODEL.rating(mu=rating.mu, sigma=rating.sigma)] for rating, _ in entries]
    rated = MODEL.rate(teams, ranks=[float(place) for _, place in entries])
    return [Rating(team[0].mu, team[0].sigma) for team in rated]
