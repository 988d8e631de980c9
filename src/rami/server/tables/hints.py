"""The hint button: the solver's suggested play for the seat to act, from its view only.

The message carries the actions (in the protocol's notation), the cards of the hand its first
action plays (for the page to mark as a suggestion) and the same words as the terminal's hint
(:func:`rami.planning.wording.hint_text`) in the connection's language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rami.actions import action_text
from rami.cards import card_text
from rami.planning import hint, hint_text
from rami.views import view_for

if TYPE_CHECKING:
    from rami.server.tables.actor import Table


def hint_message(table: Table, seat: int | None, lang: str = "en") -> dict[str, Any]:
    """The ``hint`` message for ``seat`` in ``lang``, or an ``error`` when it is not that
    seat's turn."""
    match = table.match
    if seat is None or match is None or match.current_seat != seat:
        return {"type": "error", "code": "no_hint", "message": "hints are for the seat to act"}
    found = hint(view_for(match, seat))
    return {
        "type": "hint",
        "actions": [action_text(a) for a in found.actions],
        "cards": [card_text(c) for c in found.cards],
        "text": hint_text(found, lang),
    }
