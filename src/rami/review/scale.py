"""The review's scales: verdicts, accuracy and the performance rating.

A loss counts only once it is clearly measured: above ``SIGNIFICANCE`` standard errors of
the world-by-world differences; a smaller one counts as 0 (the candidates could not be told
apart on the sampled worlds). A verdict is given with the same confidence: a decision earns
a verdict in a unit only when its loss is above that verdict's threshold by ``SIGNIFICANCE``
standard errors (a loss of 7 ± 1 points is a mistake, 7 ± 2 only an inaccuracy: it could be
below 6). A decision's verdict is the worse of its two units':

| verdict | points of expected penalty lost | round-win probability lost |
|---|---:|---:|
| inaccuracy | ≥ 3 | ≥ 5 points of percentage |
| mistake | ≥ 6 | ≥ 10 points of percentage |
| blunder | ≥ 12 | ≥ 20 points of percentage |

A decision's accuracy is ``100 × exp(−loss / 10)`` (loss in points: 0 → 100%, 3 → 74%,
6 → 55%, 12 → 30%); a round's or a match's is the mean over its judged decisions. The
performance rating is ten times the mean points lost per judged decision (lower is better),
in bands of :data:`RATING_BANDS`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

SIGNIFICANCE = 2.0
"""Standard errors a loss must exceed to count, and exceed a threshold by for its verdict."""
VERDICTS = ("inaccuracy", "mistake", "blunder")
POINTS_THRESHOLDS = (3.0, 6.0, 12.0)
"""Points of expected penalty lost for each verdict of :data:`VERDICTS`."""
WIN_THRESHOLDS = (0.05, 0.10, 0.20)
"""Round-win probability lost for each verdict of :data:`VERDICTS`."""
ACCURACY_SCALE = 10.0
"""Points lost that bring a decision's accuracy down to 1/e (37%)."""
RATING_FACTOR = 10.0
"""The rating is this times the mean points lost per judged decision."""
RATING_BANDS = (
    (2.5, "world class"),
    (5.0, "expert"),
    (8.0, "advanced"),
    (12.0, "intermediate"),
    (18.0, "casual"),
    (math.inf, "beginner"),
)
"""Upper bound (exclusive) of each band of the rating, best first."""


def counted(loss: float, error: float) -> float:
    """``loss`` when it is clearly measured (above ``SIGNIFICANCE`` standard errors), else 0."""
    return loss if loss > 0 and loss > SIGNIFICANCE * error else 0.0


def verdict(
    points: float, win: float, points_error: float = 0.0, win_error: float = 0.0
) -> str | None:
    """The verdict of a decision losing ``points`` and ``win`` (counted losses) measured with
    these standard errors, or None: in each unit the worst threshold the loss clears by
    ``SIGNIFICANCE`` standard errors."""
    rank = max(
        _rank(points, points_error, POINTS_THRESHOLDS), _rank(win, win_error, WIN_THRESHOLDS)
    )
    return VERDICTS[rank] if rank >= 0 else None


def _rank(loss: float, error: float, thresholds: Sequence[float]) -> int:
    low = loss - SIGNIFICANCE * error
    return max((i for i, t in enumerate(thresholds) if loss > 0 and low >= t), default=-1)


def severity(name: str | None) -> int:
    """0 for no verdict, then 1, 2, 3 from inaccuracy to blunder."""
    return 0 if name is None else VERDICTS.index(name) + 1


def accuracy(points: float) -> float:
    """A decision's accuracy (percent) from its counted points lost."""
    return 100.0 * math.exp(-points / ACCURACY_SCALE)


def rating(mean_loss: float) -> float:
    """The performance rating of a mean counted loss (points per judged decision)."""
    return RATING_FACTOR * mean_loss


def band(value: float) -> str:
    """The band a rating falls in."""
    return next(name for bound, name in RATING_BANDS if value < bound)
