"""How much a review computes per decision: counts only, so a seed gives the same review on
any machine."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ReviewBudget:
    """Worlds and candidates per decision."""

    name: str
    worlds: int
    """Worlds sampled per decision at first; each plays every candidate."""
    max_worlds: int
    """Worlds a decision plays at most: while its verdict is unsettled (a mistake or blunder
    threshold inside two standard errors of a loss), batches of ``worlds`` more worlds play
    the line played, the best candidate and the likeliest winner again."""
    discards: int
    """Discards of the hard ranking judged beside the one played and the lookahead's pick."""
    lookahead: int = 6
    """Discards the one-draw lookahead compares for its pick."""
    horizon: int = 80
    """Turns a rollout plays at most."""


BUDGETS = {
    "quick": ReviewBudget("quick", worlds=12, max_worlds=48, discards=2),
    "full": ReviewBudget("full", worlds=48, max_worlds=384, discards=4),
}
"""The budgets of ``rami analyze --budget``."""
