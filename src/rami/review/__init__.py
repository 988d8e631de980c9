"""Game review: every decision of one seat judged against the best candidates, luck apart.

- :func:`review_record` (:mod:`.review`) — a loaded record reviewed for one seat at a
  :class:`ReviewBudget` (``BUDGETS["quick"]``, ``BUDGETS["full"]``).
- :func:`decide` (:mod:`.decisions`) — one decision judged over worlds of the seat's
  information set, every candidate on the same worlds (:mod:`.judge`).
- :mod:`.candidates` — what each decision is compared with; :mod:`.scale` — verdicts,
  accuracy and rating; :mod:`.luck` — deal and draw luck; :mod:`.report` — the JSON object.

The package builds on the bots (sampler, inference, rollouts) and the planning layer's
wording; clients (the command line, later the web and terminal clients) sit above it.
"""

from rami.review.budget import BUDGETS, ReviewBudget
from rami.review.decisions import Decision, Option, decide
from rami.review.report import SCHEMA, review_json
from rami.review.review import (
    DEFAULT_SEED,
    Review,
    ReviewStopped,
    RoundReview,
    review_record,
    worst_first,
)

__all__ = [
    "BUDGETS",
    "DEFAULT_SEED",
    "SCHEMA",
    "Decision",
    "Option",
    "Review",
    "ReviewBudget",
    "ReviewStopped",
    "RoundReview",
    "decide",
    "review_json",
    "review_record",
    "worst_first",
]
