"""The hint button: the solver's suggested play for the seat to act, from its view only.

When :mod:`rami.solver.hint` provides ``hint(view, rules)`` it is used; until then a small
built-in suggestion from the exact solver's best opening and best partition answers.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from rami.actions import Action, Discard, DrawDiscard, LayOff, MeldAction, Open, action_text
from rami.i18n import translator
from rami.melds import candidate_melds
from rami.scoring import card_penalty
from rami.solver import best_opening, best_partition
from rami.state import Phase
from rami.views import PlayerView, view_for

if TYPE_CHECKING:
    from rami.server.table import Table


def _solver_hint(view: PlayerView) -> tuple[list[str], str] | None:
    try:
        module: Any = importlib.import_module("rami.solver.hint")
    except ImportError:
        return None
    result = module.hint(view, view.rules)
    actions = getattr(result, "actions", None)
    if actions is None:
        single = getattr(result, "action", None)
        actions = [] if single is None else [single]
    text = ""
    for name in ("explanation", "text", "message", "reason"):
        value = getattr(result, name, None)
        if isinstance(value, str):
            text = value
            break
    return [a if isinstance(a, str) else action_text(a) for a in actions], text


def _first(legal: tuple[Action, ...], kind: type) -> Action | None:
    return next((a for a in legal if isinstance(a, kind)), None)


def _fallback(view: PlayerView, lang: str) -> tuple[list[str], str]:
    tr = translator(lang)
    legal, rules = view.legal, view.rules
    if view.phase is Phase.DRAW:
        top = view.discard_pile[-1] if view.discard_pile else None
        useful = top is not None and any(
            top in cards for cards in candidate_melds((*view.hand, top), rules.jokers_per_meld)
        )
        if useful and DrawDiscard() in legal:
            return ["draw discard"], tr.gettext("The top discard makes a meld with your hand.")
        return ["draw stock"], tr.gettext("Nothing on the discard pile helps you: draw blind.")
    if Open() in legal:
        return ["open"], tr.gettext("Your staged melds reach the opening: open now.")
    if not view.has_opened:
        opening = best_opening(view.hand, rules)
        if opening is not None:
            melds = [MeldAction(tuple(sorted(m.cards))) for m in opening.melds]
            playable = [m for m in melds if m in legal]
            if playable:
                return [action_text(playable[0])], tr.gettext(
                    "You can open with {points} points.", points=opening.points
                )
    else:
        lay = _first(legal, LayOff)
        if lay is not None:
            return [action_text(lay)], tr.gettext("Lay this card off to shed points.")
        melds = [a for a in legal if isinstance(a, MeldAction)]
        if melds:
            longest = max(melds, key=lambda m: len(m.cards))
            return [action_text(longest)], tr.gettext("Lay this meld down.")
    keep = set(c for meld in best_partition(view.hand, rules).melds for c in meld.cards)
    discards = [a for a in legal if isinstance(a, Discard)]
    if not discards:
        return [], tr.gettext("Play a card to the table before you discard.")
    worst = max(discards, key=lambda d: (d.card not in keep, card_penalty(d.card, rules)))
    return [action_text(worst)], tr.gettext("Discard the card that helps you least.")


def hint_message(table: Table, seat: int | None, lang: str) -> dict[str, Any]:
    """The ``hint`` message for ``seat``, or an ``error`` when it is not that seat's turn."""
    match = table.match
    if seat is None or match is None or match.current_seat != seat:
        return {"type": "error", "code": "no_hint", "message": "hints are for the seat to act"}
    view = view_for(match, seat)
    found = _solver_hint(view) or _fallback(view, lang)
    return {"type": "hint", "actions": found[0], "text": found[1]}
