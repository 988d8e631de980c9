"""``evolve(table, event)``: the one place a stored event changes a table.

The actor calls it once the event is stored; a restored table calls it for each stored event
in order. It trusts the event (:func:`~rami.server.tables.rules.fits` checked it) and changes
the table in place: seats, the match, the closed flag, and the version, counted per stored
event. The rematch events (kept in memory only) change the rematch votes and count no version.
"""

from __future__ import annotations

from typing import TypeVar

from rami.server.tables import rules
from rami.server.tables.events import (
    ActEvent,
    AnyEvent,
    CloseEvent,
    JoinEvent,
    NextRoundEvent,
    RematchAskEvent,
    RematchMadeEvent,
    RemoveEvent,
    StandInEvent,
    StartEvent,
    TimeoutEvent,
)
from rami.server.tables.identity import Identity
from rami.server.tables.state import TableState

T = TypeVar("T", bound=TableState)


def evolve(table: T, event: AnyEvent) -> T:
    """``table`` once ``event`` happened (changed in place, and returned)."""
    match event:
        case RematchAskEvent():
            table.rematch.asked.add(event.seat)
            return table
        case RematchMadeEvent():
            table.rematch.table, table.rematch.tokens = event.table, dict(event.tokens)
            return table
        case JoinEvent():
            seat = table.seats[event.seat]
            seat.name, seat.token_hash, seat.joined = event.name, event.token_hash, True
            account = event.account
            seat.account = None if account is None else Identity(account.id, account.name)
        case StartEvent() | ActEvent() | NextRoundEvent() | TimeoutEvent():
            after = event.match_after
            match = rules.next_match(table, event) if after is None else after
            if isinstance(event, TimeoutEvent):
                table.timeouts[event.seat] += 1
                table.timed_out = table.turn_key()
            table.match = match
        case RemoveEvent():
            for client in table.clients:
                if client.seat == event.seat:
                    client.seat = None
            seat = table.seats[event.seat]
            seat.name, seat.token_hash, seat.joined, seat.account = None, "", False, None
            seat.online, seat.away_since, seat.autoplay = 0, None, False
        case StandInEvent():
            seat = table.seats[event.seat]
            seat.stand_in, seat.autoplay = event.level, True
        case CloseEvent():
            table.closed = True
    table.version += 1
    table.touch(getattr(event, "at", None))
    return table
