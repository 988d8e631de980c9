"""The fixed ratings of the bot levels, fitted to their measured strength in docs/BOTS.md.

``PUBLISHED`` holds the round win shares of the ``rami simulate`` runs published there
(reference ``rami51`` rules; the 2-player pairings as re-run with the current solver, the
4-player table as published). :func:`fit_bot_ratings` finds the ``mu`` of each level at which
openskill's Plackett-Luce update, averaged over those results, is zero: the ratings the bots
would settle at if they played those rounds against each other under this rating system, with
the sigma below. Under Plackett-Luce the update of a winner-only observation vanishes when each
level's share of wins equals its predicted share ``exp(mu / c) / sum(exp(mu_j / c))`` with
``c = sqrt(n * (beta**2 + sigma**2))``; the fit solves that for every level, each observation
weighted by its rounds. ``medium`` is anchored at 25, the rating a new account starts from, so
a newcomer is first assumed to play like ``medium``.

``random`` won 1 round of the 200 at the 4-player table and none of the others, hence its
very low rating. Every bot has ``sigma`` 1.0: far above the fit's statistical error
(below 0.2), because the measurements are single rounds of Rami 51 between bots, and the same
values serve both preset families and any match length. Bot ratings never change.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rami.accounts.ratings import BETA, MU, Rating

BOT_SIGMA = 1.0


@dataclass(frozen=True, slots=True)
class Observation:
    """Measured round win shares of ``levels`` seated together, over ``rounds`` rounds."""

    levels: tuple[str, ...]
    shares: tuple[float, ...]
    rounds: int
    command: str


PUBLISHED: tuple[Observation, ...] = (
    Observation(
        ("hard", "medium"),
        (0.600, 0.400),
        400,
        "rami simulate --bots hard,medium --rounds 200 --seed pub-hm --workers 2",
    ),
    Observation(
        ("medium", "easy"),
        (0.627, 0.373),
        400,
        "rami simulate --bots medium,easy --rounds 200 --seed pub-me --workers 2",
    ),
    Observation(
        ("hard", "easy"),
        (0.692, 0.308),
        400,
        "rami simulate --bots hard,easy --rounds 200 --seed pub-he --workers 2",
    ),
    Observation(
        ("hard", "medium", "easy", "random"),
        (0.580, 0.285, 0.130, 0.005),
        200,
        "rami simulate --bots hard,medium,easy,random --players 4 --rounds 50 --seed pub-4p "
        "--workers 2",
    ),
    Observation(
        ("expert", "hard"),
        (0.433, 0.567),
        178,
        "rami simulate --bots expert,hard --rounds 89 --seed pub-eh --workers 2",
    ),
)

ANCHOR = ("medium", MU)

BOT_RATINGS: Mapping[str, Rating] = {
    "random": Rating(-10.7, BOT_SIGMA),
    "easy": Rating(21.9, BOT_SIGMA),
    "medium": Rating(25.0, BOT_SIGMA),
    "hard": Rating(27.8, BOT_SIGMA),
    "expert": Rating(26.1, BOT_SIGMA),
}
"""The published bot ratings: :func:`fit_bot_ratings` of ``PUBLISHED``, to one decimal."""


def _predicted(observation: Observation, mus: Mapping[str, float], sigma: float) -> list[float]:
    scale = math.sqrt(len(observation.levels) * (BETA**2 + sigma**2))
    strengths = [math.exp(mus[level] / scale) for level in observation.levels]
    total = sum(strengths)
    return [s / total for s in strengths]


def _gradient(
    level: str, observations: Sequence[Observation], mus: Mapping[str, float], sigma: float
) -> float:
    total = 0.0
    for observation in observations:
        if level in observation.levels:
            seat = observation.levels.index(level)
            scale = math.sqrt(len(observation.levels) * (BETA**2 + sigma**2))
            gap = observation.shares[seat] - _predicted(observation, mus, sigma)[seat]
            total += observation.rounds / scale * gap
    return total


def fit_bot_ratings(
    observations: Sequence[Observation] = PUBLISHED,
    sigma: float = BOT_SIGMA,
    anchor: tuple[str, float] = ANCHOR,
) -> dict[str, float]:
    """The ``mu`` of every level that zeroes the mean Plackett-Luce update (see the module).

    The log-likelihood is concave in each ``mu``, so cyclic bisection on each level's gradient
    converges; ``anchor`` fixes one level's ``mu``.
    """
    levels = sorted({level for o in observations for level in o.levels})
    mus = dict.fromkeys(levels, anchor[1])
    free = [level for level in levels if level != anchor[0]]
    for _ in range(100):
        moved = 0.0
        for level in free:
            low, high = -200.0, 200.0
            while high - low > 1e-9:
                middle = (low + high) / 2
                if _gradient(level, observations, {**mus, level: middle}, sigma) > 0:
                    low = middle
                else:
                    high = middle
            moved = max(moved, abs(mus[level] - low))
            mus[level] = low
        if moved < 1e-7:
            break
    return mus
