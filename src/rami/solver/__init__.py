"""The exact meld solver: best partition, best opening, and melds plus a discard for a turn.

- :func:`best_partition` — the least deadwood a hand can be left with.
- :func:`best_opening` — the opening with the most points under the preset's conditions.
- :func:`least_left` — melds and one discard leaving the least in hand, under opening conditions.

Hand arithmetic only: the package imports the bottom layers (cards, melds, rules, scoring,
errors), so the engine can use it. Plays on the table and hints, read from a player's view,
are :mod:`rami.planning`'s.
"""

from rami.scoring import card_penalty, hand_value
from rami.solver.melding import Melding, least_left
from rami.solver.opening import Opening, best_opening
from rami.solver.partition import Partition, best_partition

__all__ = [
    "Melding",
    "Opening",
    "Partition",
    "best_opening",
    "best_partition",
    "card_penalty",
    "hand_value",
    "least_left",
]
