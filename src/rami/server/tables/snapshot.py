"""Snapshots: the full ``state`` message one connection receives after every change."""

from __future__ import annotations

from typing import Any

from rami.server.messages.fairness import fairness_of
from rami.server.messages.wire import game_wire
from rami.server.tables.state import TableState
from rami.state import Phase
from rami.views import view_for


def status_of(table: TableState) -> str:
    """waiting, playing, round_over, finished or closed."""
    if table.closed:
        return "closed"
    match = table.match
    if match is None:
        return "waiting"
    if match.finished:
        return "finished"
    return "round_over" if match.round.phase is Phase.OVER else "playing"


def table_info(table: TableState) -> dict[str, Any]:
    """Public facts about the table: rules, seats and who is here (no secret)."""
    config = table.config
    rules = config.rules
    decks, jokers = rules.deck_for(config.seats)
    return {
        "id": table.table_id,
        "preset": config.base,
        "rules_name": rules.name,
        "rules_hash": rules.hash,
        "opening_points": rules.opening_points,
        "clean_run": rules.opening_needs_clean_run,
        "hand_size": rules.hand_size,
        "upcard": rules.initial_discard == "upcard",
        "deck": [decks, jokers],
        "match_end": rules.match_end,
        "match_limit": rules.match_limit,
        "turn_timer": config.turn_timer,
        "turn_left": table.turn_left(),
        "host": 0,
        "public": config.public,
        "rated": config.rated,
        "status": status_of(table),
        "seats": [
            {
                "name": seat.name,
                "bot": seat.bot,
                "taken": seat.taken,
                "online": seat.bot is not None or seat.online > 0,
                "autoplay": seat.autoplay,
                "account": None if seat.account is None else seat.account.name,
            }
            for seat in table.seats
        ],
    }


def snapshot(table: TableState, seat: int | None, lang: str) -> dict[str, Any]:
    """The ``state`` message for ``seat`` (None: a spectator) in ``lang``.

    The game part is built from ``view_for(match, seat)`` only.
    """
    game = None
    if table.match is not None:
        bots = [s.bot for s in table.seats]
        game = game_wire(view_for(table.match, seat), fairness_of(table.match), lang, bots)
    return {
        "type": "state",
        "version": table.version,
        "table": table_info(table),
        "you": {"seat": seat, "host": seat == 0},
        "game": game,
    }
