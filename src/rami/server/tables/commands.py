"""What may be asked of a table, as values :func:`~rami.server.tables.decide.decide` reads.

``by`` says who asks: a seat number (a seated person), ``"spectator"`` (a connection with no
seat), or ``"table"`` (the table itself: the lobby seating a match it makes, or the stand-in
that plays for a bot or an away seat), which needs no permission and saw no version.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rami.server.tables.identity import Identity

Sender = int | Literal["spectator", "table"]


def sender_of(seat: int | None) -> Sender:
    """The sender of a connection bound to ``seat`` (None: a spectator)."""
    return "spectator" if seat is None else seat


@dataclass(frozen=True, slots=True)
class TakeSeat:
    """Sit ``name`` in ``seat`` (None: the first free seat) under ``token_hash``."""

    by: Sender
    name: str
    seat: int | None
    token_hash: str
    account: Identity | None = None


@dataclass(frozen=True, slots=True)
class StartMatch:
    """Start the match (the host, once every seat is taken)."""

    by: Sender


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``action`` having seen ``version``; ``seat`` is the seat the sender claims (the
    table names the seat it plays for)."""

    by: Sender
    action: str
    seat: int | None = None
    version: int | None = None


@dataclass(frozen=True, slots=True)
class Deal:
    """Deal the next round having seen ``version``."""

    by: Sender
    version: int | None = None


@dataclass(frozen=True, slots=True)
class RemoveSeat:
    """Free a person's seat before the start (the host)."""

    by: Sender
    seat: int


@dataclass(frozen=True, slots=True)
class GiveToBot:
    """Give a person's away seat to a bot of ``level`` (the host, after the start)."""

    by: Sender
    seat: int
    level: str


@dataclass(frozen=True, slots=True)
class CloseTable:
    """Close the table for good (the host)."""

    by: Sender


@dataclass(frozen=True, slots=True)
class AskRematch:
    """Ask for a rematch (a seated person, once the match is over)."""

    by: Sender


@dataclass(frozen=True, slots=True)
class NoteRematch:
    """Note the rematch table the lobby made (the table): its id and the people's tokens."""

    by: Sender
    table: str
    tokens: dict[int, str]


@dataclass(frozen=True, slots=True)
class TimeOut:
    """Count the timed-out turn of ``seat`` (the table, under the forfeit rule)."""

    by: Sender
    seat: int


Command = (
    TakeSeat
    | StartMatch
    | Play
    | Deal
    | RemoveSeat
    | GiveToBot
    | CloseTable
    | AskRematch
    | NoteRematch
    | TimeOut
)
"""Every command a table decides."""
