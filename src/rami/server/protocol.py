"""The wire protocol: client messages parsed and checked for shape, server messages built.

Client messages are JSON objects with a ``type``; anything else is refused with the code
``malformed`` before it reaches a table. Server messages are plain dicts ready for JSON.
docs/PROTOCOL.md documents every message.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

MAX_MESSAGE_BYTES = 4096
NAME_MAX = 24


class ProtocolError(Exception):
    """A refused client message: a stable code and a plain message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class Hello:
    """Bind the connection: to a seat (with its token) or as a spectator (no token)."""

    token: str | None
    lang: str


@dataclass(frozen=True, slots=True)
class Join:
    """Take a free seat with a name (``seat`` None: the first free one)."""

    name: str
    seat: int | None


@dataclass(frozen=True, slots=True)
class Start:
    """The host starts the match."""


@dataclass(frozen=True, slots=True)
class Act:
    """Play an action (its text form) on the state of ``version``; ``seat`` is optional."""

    action: str
    version: int
    seat: int | None


@dataclass(frozen=True, slots=True)
class NextRound:
    """Deal the next round (any seated player, between rounds)."""

    version: int


@dataclass(frozen=True, slots=True)
class HintRequest:
    """Ask the solver for a suggested play."""


@dataclass(frozen=True, slots=True)
class Ping:
    """Keep-alive; answered with ``pong``."""


ClientMessage = Hello | Join | Start | Act | NextRound | HintRequest | Ping


def _field(obj: dict[str, Any], key: str, kind: type, required: bool = True) -> Any:
    value = obj.get(key)
    if value is None:
        if required:
            raise ProtocolError("malformed", f"field '{key}' is missing")
        return None
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ProtocolError("malformed", f"field '{key}' has the wrong type")
    return value


def clean_name(name: str) -> str:
    """A player name trimmed of control characters; refused when empty or too long."""
    text = " ".join("".join(ch for ch in name if ch.isprintable()).split())
    if not text or len(text) > NAME_MAX:
        raise ProtocolError("bad_name", f"a name has 1 to {NAME_MAX} characters")
    return text


def parse_message(raw: str | bytes) -> ClientMessage:
    """Parse one client message or raise :class:`ProtocolError` (code ``malformed``)."""
    if len(raw) > MAX_MESSAGE_BYTES:
        raise ProtocolError("malformed", "message too long")
    try:
        obj = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise ProtocolError("malformed", "not JSON") from None
    if not isinstance(obj, dict):
        raise ProtocolError("malformed", "a message is a JSON object")
    kind = obj.get("type")
    if kind == "hello":
        lang = _field(obj, "lang", str, required=False) or "en"
        return Hello(_field(obj, "token", str, required=False), lang)
    if kind == "join":
        return Join(clean_name(_field(obj, "name", str)), _field(obj, "seat", int, False))
    if kind == "start":
        return Start()
    if kind == "act":
        action = _field(obj, "action", str)
        return Act(action, _field(obj, "version", int), _field(obj, "seat", int, False))
    if kind == "next_round":
        return NextRound(_field(obj, "version", int))
    if kind == "hint":
        return HintRequest()
    if kind == "ping":
        return Ping()
    raise ProtocolError("malformed", f"unknown message type {kind!r}")


def error_message(code: str, message: str) -> dict[str, Any]:
    """A refusal; the server follows it with a full ``state`` (the resync)."""
    return {"type": "error", "code": code, "message": message}


def ack_message(version: int) -> dict[str, Any]:
    """The acting client's command was applied and stored as ``version``."""
    return {"type": "ack", "version": version}


def encode(message: dict[str, Any]) -> str:
    """JSON text of a server message."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))
