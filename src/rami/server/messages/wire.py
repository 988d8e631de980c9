"""Player views on the wire: :class:`~rami.views.PlayerView` turned into plain JSON values.

Every game field a seat or a spectator receives is built here from ``view_for`` output; the
only other inputs are the public seed commitments and the seeds of finished rounds (see
:mod:`rami.server.messages.fairness`). Cards travel in their text notation (``QH``, ``10S``,
``JK``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from rami.actions import Action, MeldAction, Open, action_text
from rami.cards import Card, card_text
from rami.i18n import bot_seat_name
from rami.melds import Meld, make_meld
from rami.narration import narrate, narrate_result
from rami.scoring import check_opening
from rami.server.messages.fairness import Fairness
from rami.views import PlayerView, RoundScore

LOG_LIMIT = 40
"""How many of the newest log entries a snapshot carries."""


def cards(values: tuple[Card, ...] | list[Card]) -> list[str]:
    """Card codes as text."""
    return [card_text(card) for card in values]


@lru_cache(maxsize=8192)
def _meld_parts(meld: Meld, count_jokers: bool) -> tuple[str, list[str], list[str], int]:
    return str(meld.kind), cards(meld.cards), cards(meld.represented()), meld.points(count_jokers)


def meld_wire(meld: Meld, rules_count_jokers: bool = True) -> dict[str, Any]:
    """A meld: its kind, cards in table order, what each position stands for, its points."""
    kind, shown, represents, points = _meld_parts(meld, rules_count_jokers)
    return {"kind": kind, "cards": list(shown), "represents": list(represents), "points": points}


def _meld_points(view: PlayerView) -> dict[str, int]:
    """The points each legal new meld would count in an opening (for the live total)."""
    points: dict[str, int] = {}
    rules = view.rules
    for action in view.legal:
        if isinstance(action, MeldAction):
            points[action_text(action)] = _opening_points(
                action, rules.jokers_per_meld, rules.jokers_count_in_opening
            )
    return points


@lru_cache(maxsize=8192)
def _opening_points(action: MeldAction, jokers_per_meld: int, count_jokers: bool) -> int:
    meld = make_meld(action.cards, jokers_per_meld, action.jokers_as or None)
    return meld.points(count_jokers)


def _opening(view: PlayerView) -> dict[str, Any] | None:
    if not view.my_turn or view.has_opened:
        return None
    check = check_opening(view.staged, view.rules)
    return {
        "points": check.points,
        "needed": view.rules.opening_points,
        "clean_run": check.clean_run,
        "needs_clean_run": view.rules.opening_needs_clean_run,
        "valid": check.valid,
        "code": check.code,
        "message": check.message,
    }


def _round(
    score: RoundScore, view: PlayerView, fair: Fairness, lang: str, names: tuple[str, ...]
) -> dict[str, Any]:
    result = score.result
    seats = score.seats
    return {
        "round": score.round_index,
        "seats": list(seats),
        "reason": str(result.reason),
        "winner": None if result.winner is None else seats[result.winner],
        "rami_sec": result.rami_sec,
        "hands": [cards(hand) for hand in result.hands],
        "scores": list(result.scores),
        "text": narrate_result(result, seats, names, lang, view.seat),
        "deck": list(view.rules.deck_for(len(seats))),
        "seed": fair.revealed.get(score.round_index),
        "commitment": fair.commitments.get(score.round_index),
    }


def _log(view: PlayerView, lang: str, names: tuple[str, ...]) -> list[dict[str, Any]]:
    """The newest :data:`LOG_LIMIT` events in words (only those are narrated), the viewer's
    own in the second person."""
    events = view.events
    opened: set[int] = set()
    first = max(0, len(events) - LOG_LIMIT)
    entries = []
    for index, event in enumerate(events):
        staged = isinstance(event.action, MeldAction) and event.seat not in opened
        if isinstance(event.action, Open):
            opened.add(event.seat)
        if index < first:
            continue
        text = _narrate(event.seat, event.action, event.card, names, lang, staged, view.seat)
        entries.append(
            {
                "seat": event.seat,
                "action": action_text(event.action),
                "card": None if event.card is None else card_text(event.card),
                "text": text,
            }
        )
    return entries


@lru_cache(maxsize=65536)
def _narrate(
    seat: int,
    action: Action,
    card: Card | None,
    names: tuple[str, ...],
    lang: str,
    staged: bool,
    viewer: int | None,
) -> str:
    return narrate(seat, action, card, names, lang, staged, viewer=viewer)


def shown_names(names: Sequence[str], bots: Sequence[str | None], lang: str) -> tuple[str, ...]:
    """The seats' names as ``lang`` says them: a bot seat's ("Bot 2 (medium)") translated."""
    return tuple(
        bot_seat_name(seat + 1, bots[seat], lang)  # type: ignore[arg-type]
        if seat < len(bots) and bots[seat] is not None
        else name
        for seat, name in enumerate(names)
    )


def legal_texts(legal: tuple[Action, ...]) -> list[str]:
    """The legal actions in their text form, in the engine's order."""
    return [action_text(action) for action in legal]


def game_wire(
    view: PlayerView, fair: Fairness, lang: str, bots: Sequence[str | None] = ()
) -> dict[str, Any]:
    """The game part of a snapshot for one seat (or a spectator); ``bots[i]`` is the level of a
    bot in seat i (its name is said in ``lang``)."""
    rules = view.rules
    names = shown_names(view.names, bots, lang)
    return {
        "round": view.round_index,
        "dealer": view.dealer,
        "current": view.current,
        "phase": str(view.phase),
        "turn": view.turn_number,
        "hand": cards(view.hand),
        "staged": [meld_wire(m, rules.jokers_count_in_opening) for m in view.staged],
        "hand_sizes": list(view.hand_sizes),
        "opened": list(view.opened),
        "active": list(view.active),
        "table": [{"owner": tm.owner, **meld_wire(tm.meld)} for tm in view.table],
        "discard": cards(view.discard_pile),
        "stock": view.stock_size,
        "reshuffles_left": view.reshuffles_left,
        "taken": None if view.taken is None else card_text(view.taken),
        "joker_debt": view.joker_debt,
        "totals": list(view.totals),
        "log": _log(view, lang, names),
        "log_count": len(view.events),
        "rounds": [_round(score, view, fair, lang, names) for score in view.rounds],
        "winners": list(view.winners),
        "legal": legal_texts(view.legal),
        "meld_points": _meld_points(view),
        "opening": _opening(view),
        "jokers_per_meld": rules.jokers_per_meld,
        "commitment": fair.current,
        "match_commitment": fair.match,
        "binding": fair.binding,
    }
