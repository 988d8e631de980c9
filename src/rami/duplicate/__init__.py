"""The Daily Duplicate's pure parts: editions fixed by committed seeds, and duplicate scoring.

Nothing here reads a clock, a database or a bot: :mod:`~rami.duplicate.editions` says what an
edition's deals are and checks a closed edition against its commitments, and
:mod:`~rami.duplicate.scores` turns a field's penalties into matchpoints and IMPs.
"""

from rami.duplicate.editions import (
    DEALS_PER_EDITION,
    EDITION_KINDS,
    EditionKind,
    deal_commitment,
    deal_rules,
    edition_kind,
    person_seat,
    verify_edition,
)
from rami.duplicate.scores import IMP_SCALE, DealScore, imps, score_deal

__all__ = [
    "DEALS_PER_EDITION",
    "EDITION_KINDS",
    "IMP_SCALE",
    "DealScore",
    "EditionKind",
    "deal_commitment",
    "deal_rules",
    "edition_kind",
    "imps",
    "person_seat",
    "score_deal",
    "verify_edition",
]
