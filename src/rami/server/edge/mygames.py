"""``GET /api/my/games``: the logged-in account's unfinished tables, those where it is their
turn first, each with the deadline of the turn being played."""

from __future__ import annotations

from typing import Any

from rami.server.social.lobby import Lobby
from rami.server.tables.snapshot import status_of
from rami.server.tables.state import TableState


def _game(table: TableState, seat: int) -> dict[str, Any]:
    match = table.match
    current = None if match is None or match.finished else match.current_seat
    return {
        "table": table.table_id,
        "seat": seat,
        "status": status_of(table),
        "your_turn": current == seat,
        "current": current,
        "players": [state.name for state in table.seats],
        "turn_timer": table.config.turn_timer,
        "deadline": table.turn_deadline(),
        "forfeit_after": table.config.forfeit_after,
        "timeouts": table.timeouts[seat],
    }


def my_games(lobby: Lobby, account_id: int) -> list[dict[str, Any]]:
    """The account's seats at unfinished tables this process serves: its turn first, then the
    soonest deadline, then the table id."""
    games = []
    for table in list(lobby.tables.values()):
        seat = table.seat_of_account(account_id)
        if seat is None or table.listed_status() == "finished":
            continue
        games.append(_game(table, seat))
    far = float("inf")
    games.sort(key=lambda g: (not g["your_turn"], g["deadline"] or far, g["table"]))
    return games
