"""Planning: the best plays for the rest of a turn and hints, read from a player's view.

- :func:`best_turn` / :func:`can_go_out` (:mod:`.plans`) — the plays, then the discard, that
  leave the hand the least; searched over the table moves of :mod:`.moves`.
- :func:`hint` (:mod:`.hints`) — where to draw, or the plan to play, with its :class:`Reason`.
- :func:`hint_text` (:mod:`.wording`) — a hint in words, in any language;
  :func:`line_text` a line of play (a review's better move) in words.

This layer sits above the views: it reads a :class:`~rami.views.PlayerView`, checks every
plan through the engine and uses the solver's hand arithmetic. Bots and clients import it;
the core never does.
"""

from rami.planning.hints import Hint, Reason, hint
from rami.planning.plans import TurnPlan, best_turn, can_go_out
from rami.planning.wording import hint_text, line_text

__all__ = [
    "Hint",
    "Reason",
    "TurnPlan",
    "best_turn",
    "can_go_out",
    "hint",
    "hint_text",
    "line_text",
]
