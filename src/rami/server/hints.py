"""The hint button: the solver's suggested play for the seat to act, from its view only."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rami.actions import action_text
from rami.solver.hint import hint
from rami.views import view_for

if TYPE_CHECKING:
    from rami.server.table import Table


def hint_message(table: Table, seat: int | None) -> dict[str, Any]:
    """The ``hint`` message for ``seat``, or an ``error`` when it is not that seat's turn."""
    match = table.match
    if seat is None or match is None or match.current_seat != seat:
        return {"type": "error", "code": "no_hint", "message": "hints are for the seat to act"}
    found = hint(view_for(match, seat))
    if found is None:
        return {"type": "hint", "actions": [], "text": "No suggestion: play as you see fit."}
    return {"type": "hint", "actions": [action_text(a) for a in found.actions], "text": found.text}
