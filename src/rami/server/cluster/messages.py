"""The messages between server processes, one model per kind, told apart by ``op``.

Two directions, each a discriminated union parsed on receipt (:mod:`rami.server.cluster.bus`):

* :data:`ToOwner`, on a table's channel, from a process relaying connections to the table's
  owner: a connection opens, sends text, closes; the relay paused for a handover.
* :data:`ToRelay`, on a process's channel, from a table's owner to the relaying process:
  text for a connection, its end; the handover's ``pause``, ``resume`` and ``handover``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


class _Message(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Open(_Message):
    """A connection relayed by process ``proc`` opens at ``table`` (bound to ``account``;
    ``addr``: its client's address, which the owner counts against the table's caps)."""

    op: Literal["open"] = "open"
    conn: str
    proc: str
    table: str
    account: dict[str, Any] | None = None
    addr: str | None = None


class Text(_Message):
    """A message the relayed connection's client sent."""

    op: Literal["text"] = "text"
    conn: str
    proc: str
    table: str
    text: str


class Leave(_Message):
    """The relayed connection ended at the relay."""

    op: Literal["close"] = "close"
    conn: str
    proc: str
    table: str


class Paused(_Message):
    """The relay ``proc`` paused the table's connections (step 2 of the handover)."""

    op: Literal["paused"] = "paused"
    table: str
    proc: str


ToOwner = Annotated[Open | Text | Leave | Paused, Field(discriminator="op")]


class Send(_Message):
    """Text the owner's session sends to a relayed connection."""

    op: Literal["send"] = "send"
    conn: str
    text: str


class Closed(_Message):
    """The owner ended a relayed connection's session; the relay closes the websocket with
    ``code`` (None: 1012, the client reconnects)."""

    op: Literal["close"] = "close"
    conn: str
    code: int | None = None


class Pause(_Message):
    """The owner asks the relay to pause the table's connections (step 1)."""

    op: Literal["pause"] = "pause"
    table: str


class Resume(_Message):
    """The handover does not happen: the connections go on relayed."""

    op: Literal["resume"] = "resume"
    table: str


class Binding(_Message):
    """How a connection was bound at the former owner."""

    seat: int | None = None
    lang: str = "en"
    greeted: bool = False


class Handover(_Message):
    """The table is the relay's now (step 3): each connection's binding and the chat."""

    op: Literal["handover"] = "handover"
    table: str
    conns: dict[str, Binding]
    chat: list[dict[str, Any]] = []


ToRelay = Annotated[Send | Closed | Pause | Resume | Handover, Field(discriminator="op")]

TO_OWNER: TypeAdapter[Open | Text | Leave | Paused] = TypeAdapter(ToOwner)
TO_RELAY: TypeAdapter[Send | Closed | Pause | Resume | Handover] = TypeAdapter(ToRelay)
