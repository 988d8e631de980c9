"""The exact meld solver: best partition of a hand and best opening.

The core modules import only the bottom layers (cards, melds, rules, errors) so the engine can
use them; table-aware play and hints live in :mod:`rami.solver.table` and
:mod:`rami.solver.hint`, which this package does not import.
"""

from rami.solver.opening import Opening, best_opening
from rami.solver.partition import Partition, best_partition
from rami.solver.values import card_penalty, hand_penalty

__all__ = [
    "Opening",
    "Partition",
    "best_opening",
    "best_partition",
    "card_penalty",
    "hand_penalty",
]
