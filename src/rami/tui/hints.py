"""The hint key: the planner's suggested play, said in the player's language.

:func:`rami.planning.hints.hint` plans the rest of the turn from the player's view (it always
has a suggestion) and :func:`rami.planning.wording.hint_text` words it, with the cards as the
terminal shows them (the web app says it with the same words).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rami.cards import Card
from rami.planning import Hint as PlannedHint
from rami.planning import hint, hint_text
from rami.tui.render import face
from rami.views import PlayerView

Planner = Callable[[PlayerView], PlannedHint]


@dataclass(frozen=True)
class Hint:
    """A hint in words, the cards it is about and the table meld it names (for the screen)."""

    text: str
    cards: tuple[Card, ...] = ()
    target: int | None = None


def hint_for(view: PlayerView, lang: str, solver: Planner = hint) -> Hint:
    """The suggested play for the player of ``view``, with its reason, and the cards and table
    meld its first action is about (for the screen to mark)."""
    found = solver(view)
    return Hint(hint_text(found, lang, face), found.cards, found.target)
