"""Stored events applied to a table: each checked against the table now, then settled.

The actor applies an event once it is stored; a restored table applies its stored events in
order. An event that does not fit the table raises :class:`BadEventError`.
"""

from __future__ import annotations

from typing import Any, TypeGuard

from rami.actions import parse_action
from rami.errors import RamiError
from rami.match import MatchState, match_apply, new_match, next_round
from rami.server.tables import seat_events
from rami.server.tables.identity import Identity
from rami.server.tables.state import TableState
from rami.state import Phase


class BadEventError(RamiError, ValueError):
    """A stored event that does not fit the table it belongs to (restoring it fails)."""

    code = "bad_event"


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def outcome(table: TableState, event: dict[str, Any]) -> MatchState | None:
    """The match once ``event`` is applied; nothing changes.

    Raises :class:`BadEventError` when the event does not fit the table now (a corrupt
    store), and whatever the engine raises when it cannot apply it.
    """
    kind = event.get("type")
    match = table.match
    if table.closed:
        raise BadEventError(f"{kind!r} after the table was closed")
    if kind in seat_events.KINDS:
        seat_events.check(table, event)
        return match
    if kind == "join":
        seat = event.get("seat")
        if match is not None or not _is_int(seat) or not 0 <= seat < len(table.seats):
            raise BadEventError(f"join of seat {seat!r} does not fit the table")
        if table.seats[seat].taken:
            raise BadEventError(f"seat {seat} is taken already")
        if not isinstance(event.get("name"), str) or not isinstance(event.get("token_hash"), str):
            raise BadEventError("a join names a player and a token hash")
        if "account" in event:
            account = Identity.from_json(event["account"])
            if account is None:
                raise BadEventError("a join's account is an id and a name")
            if table.seat_of_account(account.account_id) is not None:
                raise BadEventError(f"account {account.account_id} is seated already")
        return None
    if kind == "start":
        if match is not None or not all(seat.taken for seat in table.seats):
            raise BadEventError("start before every seat is taken, or twice")
        names = [seat.name or "?" for seat in table.seats]
        return new_match(table.config.rules, names, table.seed)
    if match is None or match.finished:
        raise BadEventError(f"{kind!r} outside a match in play")
    if kind == "act":
        action = event.get("action")
        if event.get("seat") != match.current_seat or not isinstance(action, str):
            raise BadEventError(f"act {action!r} by seat {event.get('seat')!r} out of turn")
        return match_apply(match, parse_action(action))
    if kind == "next_round":
        if match.round.phase is not Phase.OVER:
            raise BadEventError("next_round while the round is being played")
        return next_round(match)
    raise BadEventError(f"unknown event type {kind!r}")


def settle(table: TableState, event: dict[str, Any], after: MatchState | None) -> None:
    if event["type"] in seat_events.KINDS:
        seat_events.settle(table, event)
    elif event["type"] == "join":
        seat = table.seats[event["seat"]]
        seat.name, seat.token_hash, seat.joined = event["name"], event["token_hash"], True
        seat.account = Identity.from_json(event.get("account"))
    else:
        table.match = after
    table.version += 1
    table.touch()
