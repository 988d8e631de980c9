"""The events of a table: a typed, versioned union, one model per kind.

A table is its configuration plus these events in order. Each is stored as a compact JSON
object with ``type`` first and its version ``v`` (rows written before ``v`` existed read as
version 1). :func:`parse_event` reads a stored row back, :func:`stored_form` writes one; the
rules an event must fit are in :mod:`rami.server.tables.rules`, its effect in
:mod:`rami.server.tables.evolve`.

The rematch events (:data:`MemoryEvent`) are not stored: they are not part of the game
record, they count no version, and they live as long as the table stays in memory.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, TypeAdapter, ValidationError

from rami.errors import RamiError
from rami.match import MatchState


class BadEventError(RamiError, ValueError):
    """A stored event that does not fit the table it belongs to (restoring it fails)."""

    code = "bad_event"


class AccountRef(BaseModel):
    """The account a seat is bound to: its id and name (no secret)."""

    model_config = ConfigDict(strict=True, frozen=True)

    id: int
    name: Annotated[str, Field(min_length=1)]


class _Event(BaseModel):
    model_config = ConfigDict(strict=True, frozen=True, extra="ignore")

    v: Literal[1] = 1
    """The version of this kind's fields."""

    _match: MatchState | None = PrivateAttr(default=None)
    """The match once the event is applied, when :mod:`.rules` computed it (never stored)."""

    def with_match(self, match: MatchState | None) -> Self:
        """Remember the match this event leads to, so applying it does not compute it again."""
        self._match = match
        return self

    @property
    def match_after(self) -> MatchState | None:
        """The match computed by :func:`rami.server.tables.rules.fits` (None: not computed)."""
        return self._match


class JoinEvent(_Event):
    """A person took a seat before the start (bound to an account when logged in)."""

    type: Literal["join"] = "join"
    seat: int
    name: str
    token_hash: str
    account: AccountRef | None = None


class _TurnEvent(_Event):
    at: float | None = None
    """Wall time (epoch seconds) it happened, stored at a table with a turn timer: a restored
    table's turn timer runs on from it instead of starting afresh."""


class StartEvent(_TurnEvent):
    """The match began: every seat was taken."""

    type: Literal["start"] = "start"


class ActEvent(_TurnEvent):
    """The seat to act played an action (its canonical text)."""

    type: Literal["act"] = "act"
    seat: int
    action: str


class NextRoundEvent(_TurnEvent):
    """The next round was dealt."""

    type: Literal["next_round"] = "next_round"


class TimeoutEvent(_TurnEvent):
    """The seat to act let its turn time out at a table with the forfeit rule (counted; the
    count that reaches the rule's number ends the match on that seat's forfeit)."""

    type: Literal["timeout"] = "timeout"
    seat: int


class RemoveEvent(_Event):
    """The host freed a person's seat before the start."""

    type: Literal["remove"] = "remove"
    seat: int


class StandInEvent(_Event):
    """The host gave a person's away seat to a bot of ``level``."""

    type: Literal["stand_in"] = "stand_in"
    seat: int
    level: str


class CloseEvent(_Event):
    """The host closed the table for good."""

    type: Literal["close"] = "close"


class RematchAskEvent(_Event):
    """A seated person asked for a rematch (the match is over)."""

    type: Literal["rematch_ask"] = "rematch_ask"
    seat: int


class RematchMadeEvent(_Event):
    """The rematch table was made: its id and each person's new seat token (secrets, which
    is one reason these events stay in memory)."""

    type: Literal["rematch_made"] = "rematch_made"
    table: str
    tokens: dict[int, str]


MemoryEvent = RematchAskEvent | RematchMadeEvent
"""The events kept in memory only: applied, never stored."""

MEMORY_EVENTS = (RematchAskEvent, RematchMadeEvent)

Event = Annotated[
    JoinEvent
    | StartEvent
    | ActEvent
    | NextRoundEvent
    | TimeoutEvent
    | RemoveEvent
    | StandInEvent
    | CloseEvent,
    Field(discriminator="type"),
]
"""Every kind of stored event, told apart by ``type``."""

AnyEvent = Event | MemoryEvent
"""What :func:`~rami.server.tables.decide.decide` returns and ``evolve`` applies."""

_EVENT: TypeAdapter[Event] = TypeAdapter(Event)

MATCH_EVENTS = (StartEvent, ActEvent, NextRoundEvent, TimeoutEvent)
TURN_EVENTS = MATCH_EVENTS
"""The kinds stored with their wall time (``at``) at a table with a turn timer."""
"""The kinds that change the match (the others change seats or the table)."""


def parse_event(row: object) -> Event:
    """The event in a stored row; raises :class:`BadEventError` for a row of no known shape."""
    if not isinstance(row, dict):
        raise BadEventError("an event is a JSON object")
    try:
        return _EVENT.validate_python(row)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise BadEventError(f"{row.get('type')!r} event: {where}: {first['msg']}") from None


def stored_form(event: Event) -> dict[str, Any]:
    """The row stored for ``event``: ``type`` first, then ``v`` and the fields set."""
    fields = event.model_dump(mode="json", exclude_none=True)
    return {"type": fields.pop("type"), **fields}
