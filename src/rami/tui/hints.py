"""The hint key: the solver's suggested play, said in the player's language.

:func:`rami.planning.hints.hint` plans the rest of the turn from the player's view and
:func:`rami.planning.wording.hint_text` words it (the web app says it with the same narrator). When
the solver has no plan, the plain advice of :mod:`rami.tui.advice` is given instead.
"""

from __future__ import annotations

from collections.abc import Callable

from rami.planning import Hint as SolverHint
from rami.planning import hint, hint_text
from rami.tui.advice import Hint, plain_advice
from rami.tui.render import face
from rami.views import PlayerView

Solver = Callable[[PlayerView], SolverHint | None]


def hint_for(view: PlayerView, lang: str, solver: Solver = hint) -> Hint:
    """The suggested play for the player of ``view``, with its reason, and the cards and table
    meld its first action is about (for the screen to mark)."""
    if not view.my_turn:
        return plain_advice(view, lang)
    try:
        found = solver(view)
    except Exception:  # a failing hint must never end the game: fall back to plain advice
        return plain_advice(view, lang)
    if found is None or not found.actions:
        return plain_advice(view, lang)
    return Hint(hint_text(found, lang, face), found.cards, found.target)
