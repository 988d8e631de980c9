"""The websocket protocol: client messages parsed by Pydantic models, server messages typed.

Client messages are JSON objects discriminated by ``type``; anything else is refused with the
code ``malformed`` before it reaches a table, and no refusal repeats more than a short,
sanitized excerpt of what was sent. Server messages are models too
(:mod:`rami.server.messages.outgoing`).
docs/PROTOCOL.md documents every message; ``GET /api/schema`` serves their JSON Schema.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from rami.errors import RamiError
from rami.server.messages.limits import Limits
from rami.server.messages.outgoing import (
    SERVER_MESSAGES,
    ack_message,
    encode,
    error_message,
    excerpt,
)

__all__ = [
    "ACTION_MAX",
    "NAME_MAX",
    "Act",
    "Chat",
    "ClientMessage",
    "CloseTable",
    "Hello",
    "HintRequest",
    "Join",
    "NextRound",
    "Ping",
    "ProtocolError",
    "Rematch",
    "Remove",
    "StandIn",
    "Start",
    "Text",
    "ack_message",
    "clean_name",
    "describe_errors",
    "encode",
    "error_message",
    "parse_message",
    "protocol_schema",
]

NAME_MAX = 24
ACTION_MAX = 200
TOKEN_MAX = 64


class ProtocolError(RamiError):
    """A refused client message: a stable code and a plain message."""

    code = "malformed"

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message, code)


def _encodable(text: str) -> str:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("text with a lone surrogate") from None
    return text


Text = Annotated[str, AfterValidator(_encodable)]
"""A string that is valid Unicode (no lone surrogate)."""


class _ClientMessage(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class Hello(_ClientMessage):
    """Bind the connection: to a seat (with its token) or as a spectator (no token)."""

    type: Literal["hello"] = "hello"
    token: Annotated[Text, Field(max_length=TOKEN_MAX)] | None = None
    lang: Annotated[Text, Field(max_length=16)] = "en"


class Join(_ClientMessage):
    """Take a free seat with a name (``seat`` None: the first free one)."""

    type: Literal["join"] = "join"
    name: Text
    seat: int | None = None


class Start(_ClientMessage):
    """The host starts the match."""

    type: Literal["start"] = "start"


class Act(_ClientMessage):
    """Play an action (its text form) on the state of ``version``; ``seat`` is optional."""

    type: Literal["act"] = "act"
    action: Annotated[Text, Field(max_length=ACTION_MAX)]
    version: int
    seat: int | None = None


class NextRound(_ClientMessage):
    """Deal the next round (any seated player, between rounds)."""

    type: Literal["next_round"] = "next_round"
    version: int


class HintRequest(_ClientMessage):
    """Ask the solver for a suggested play."""

    type: Literal["hint"] = "hint"


class Ping(_ClientMessage):
    """Keep-alive; answered with ``pong``."""

    type: Literal["ping"] = "ping"


class Rematch(_ClientMessage):
    """Ask for a rematch once the match is over (a seated player)."""

    type: Literal["rematch"] = "rematch"


class Remove(_ClientMessage):
    """The host frees a person's seat before the start."""

    type: Literal["remove"] = "remove"
    seat: int


class StandIn(_ClientMessage):
    """The host gives an away seat to a bot of ``level`` until its player comes back."""

    type: Literal["stand_in"] = "stand_in"
    seat: int
    level: Annotated[Text, Field(max_length=40)]


class CloseTable(_ClientMessage):
    """The host closes the table for good."""

    type: Literal["close"] = "close"


class Chat(_ClientMessage):
    """One line of table chat (cleaned and bounded by :mod:`rami.server.social.chat`)."""

    type: Literal["chat"] = "chat"
    text: Text


class Report(_ClientMessage):
    """Report the player of ``seat``, or the writer of the chat line ``line``, to the
    moderators with a ``reason`` (the table's record and the line are attached)."""

    type: Literal["report"] = "report"
    seat: int | None = None
    line: int | None = None
    reason: Annotated[Text, Field(max_length=20)]
    note: Annotated[Text, Field(max_length=500)] = ""


ClientMessage = (
    Hello
    | Join
    | Start
    | Act
    | NextRound
    | HintRequest
    | Ping
    | Rematch
    | Remove
    | StandIn
    | CloseTable
    | Chat
    | Report
)
CLIENT_MESSAGES: TypeAdapter[ClientMessage] = TypeAdapter(
    Annotated[ClientMessage, Field(discriminator="type")]
)
"""Every client message, told apart by its ``type``."""


def clean_name(name: str) -> str:
    """A player name trimmed of control characters; refused when empty or too long."""
    text = " ".join("".join(ch for ch in name if ch.isprintable()).split())
    if not text or len(text) > NAME_MAX:
        raise ProtocolError("bad_name", f"a name has 1 to {NAME_MAX} characters")
    return text


_TAGS = frozenset(
    (
        *("hello", "join", "start", "act", "next_round", "hint", "ping"),
        *("rematch", "remove", "stand_in", "close", "chat", "report", "body", "query"),
        "path",
    )
)
"""Leading parts of an error's location that name the message type or the request part."""


def describe_errors(errors: Sequence[Mapping[str, Any]]) -> str:
    """The first validation problem in words, never quoting more than an excerpt of input."""
    if not errors:
        return "the request could not be read"
    first = errors[0]
    kind = first.get("type")
    if kind == "union_tag_invalid":
        return "unknown message type"
    if kind == "union_tag_not_found":
        return "a message needs a type"
    text = excerpt(str(first.get("msg", "")), 120)
    loc = [str(part) for part in first.get("loc", ())]
    if loc and loc[0] in _TAGS:
        loc = loc[1:]
    where = ".".join(excerpt(part, 24) for part in loc)
    return f"field '{where}': {text}" if where and kind != "json_invalid" else text


def parse_message(raw: str | bytes, limits: Limits | None = None) -> ClientMessage:
    """Parse one client message or raise :class:`ProtocolError` (code ``malformed``)."""
    limit = (limits or Limits()).message_bytes
    if isinstance(raw, bytes):
        raise ProtocolError("malformed", "binary frames are not read: send JSON text")
    if len(raw) > limit or len(raw.encode("utf-8", "surrogatepass")) > limit:
        raise ProtocolError("malformed", f"a message has at most {limit} bytes")
    try:
        message = CLIENT_MESSAGES.validate_json(raw)
    except ValidationError as error:
        problems = error.errors(include_input=False, include_url=False)
        raise ProtocolError("malformed", describe_errors(problems)) from None
    if isinstance(message, Join):
        return message.model_copy(update={"name": clean_name(message.name)})
    return message


def protocol_schema() -> dict[str, Any]:
    """The JSON Schema of every websocket message, client to server and server to client."""
    return {
        "title": "Rami websocket protocol",
        "client": CLIENT_MESSAGES.json_schema(),
        "server": SERVER_MESSAGES.json_schema(),
    }
