"""The host's stored events: a seat freed before the start, an away seat given to a bot, the
table closed. Each is checked against the table and applied like any other event, so a
restored table replays them (:mod:`rami.server.tables.host` holds the commands that make them).
"""

from __future__ import annotations

from typing import Any, TypeGuard

from rami.bots import LEVELS
from rami.errors import RamiError
from rami.server.tables.state import TableState

KINDS = frozenset(("remove", "stand_in", "close"))
"""Event types this module checks and applies."""


class SeatEventError(RamiError, ValueError):
    """A stored host event that does not fit the table (restoring it fails)."""

    code = "bad_event"


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _person(table: TableState, event: dict[str, Any]) -> int:
    seat = event.get("seat")
    if not _is_int(seat) or not 0 < seat < len(table.seats):
        raise SeatEventError(f"{event.get('type')} of seat {seat!r} does not fit the table")
    state = table.seats[seat]
    if state.bot is not None or not state.joined:
        raise SeatEventError(f"seat {seat} holds no person")
    return seat


def check(table: TableState, event: dict[str, Any]) -> None:
    """Raise :class:`SeatEventError` unless ``event`` fits the table now."""
    kind = event["type"]
    if kind == "remove":
        _person(table, event)
        if table.match is not None:
            raise SeatEventError("a seat is freed only before the start")
    elif kind == "stand_in":
        _person(table, event)
        if table.match is None:
            raise SeatEventError("a seat goes to a bot only after the start")
        if event.get("level") not in LEVELS:
            raise SeatEventError(f"unknown bot level {event.get('level')!r}")


def settle(table: TableState, event: dict[str, Any]) -> None:
    """Apply a checked host event to the table (the caller counts the version)."""
    kind = event["type"]
    if kind == "close":
        table.closed = True
        return
    seat = table.seats[event["seat"]]
    if kind == "remove":
        for client in table.clients:
            if client.seat == event["seat"]:
                client.seat = None
        seat.name, seat.token_hash, seat.joined, seat.account = None, "", False, None
        seat.online, seat.away_since, seat.autoplay = 0, None, False
    else:
        seat.stand_in = str(event["level"])
        seat.autoplay = True
