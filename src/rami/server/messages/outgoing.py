"""Server messages as models: every message a connection receives has a typed envelope.

:func:`encode` checks a message against these models before it is sent, so a message of an
unknown shape fails loudly in the tests instead of reaching a browser. The game part of a
``state`` stays a JSON object built by :mod:`rami.server.messages.wire` from ``view_for`` output.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter
from pydantic_core import PydanticSerializationError

from rami.cards import card_text
from rami.errors import Facts

ERROR_TEXT_MAX = 300
"""Longest message text of an ``error`` (a refusal quotes input at most this far)."""


CARD_FACTS = frozenset({"card"})
"""The facts that hold one card."""


def excerpt(text: str, limit: int = ERROR_TEXT_MAX) -> str:
    """``text`` made safe to send: lone surrogates replaced, cut to ``limit`` characters."""
    clean = text[: limit + 1].encode("utf-8", "replace").decode("utf-8")
    return clean if len(clean) <= limit else clean[: limit - 1] + "…"


class _ServerMessage(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatInfo(_ServerMessage):
    """One seat as everyone sees it."""

    name: str | None
    bot: str | None
    taken: bool
    online: bool
    autoplay: bool
    account: str | None = None
    """The name of the account holding the seat (None: a guest or a bot)."""


class TableInfo(_ServerMessage):
    """Public facts about a table: rules, seats and who is here (no secret)."""

    id: str
    preset: str
    rules_name: str
    rules_hash: str
    opening_points: int
    clean_run: bool
    hand_size: int
    upcard: bool
    deck: tuple[int, int]
    match_end: str
    match_limit: int
    turn_timer: int | None
    turn_left: float | None
    host: int
    public: bool = False
    rated: bool = False
    status: Literal["waiting", "playing", "round_over", "finished", "closed"]
    seats: list[SeatInfo]


class You(_ServerMessage):
    """Who the connection is: its seat (None: a spectator) and whether it hosts."""

    seat: int | None
    host: bool


class StateMessage(_ServerMessage):
    """The full snapshot for one connection; replaces everything it knew."""

    type: Literal["state"] = "state"
    version: int
    table: TableInfo
    you: You
    game: dict[str, Any] | None
    """Built from ``view_for`` only (docs/PROTOCOL.md lists its fields)."""


class AckMessage(_ServerMessage):
    """The sender's command was stored and applied as ``version``."""

    type: Literal["ack"] = "ack"
    version: int


class JoinedMessage(_ServerMessage):
    """The seat taken and its secret token."""

    type: Literal["joined"] = "joined"
    seat: int
    token: str


FactOnWire = int | str | list[str]
"""One fact of a refusal on the wire: a number, a name, a card or a list of cards (notation)."""


class ErrorMessage(_ServerMessage):
    """A refusal with a stable code (a ``state`` follows, except after ``rate_limited``) and the
    facts it is about (see :class:`rami.errors.Facts`; cards in notation)."""

    type: Literal["error"] = "error"
    code: str
    message: Annotated[str, AfterValidator(excerpt)]
    facts: dict[str, FactOnWire] = {}


def wire_facts(facts: Facts) -> dict[str, FactOnWire]:
    """A refusal's facts as JSON values: cards in notation (``KH``), the rest as they are."""
    found: dict[str, FactOnWire] = {}
    for name, value in facts.items():
        if name in CARD_FACTS and isinstance(value, int):
            found[name] = card_text(value)
        elif isinstance(value, tuple):
            found[name] = [card_text(card) for card in value]
        elif isinstance(value, (int, str)):
            found[name] = excerpt(value) if isinstance(value, str) else value
    return found


class HintMessage(_ServerMessage):
    """The solver's suggested actions (text form), the hand cards the first one plays (to
    mark as a suggestion) and why, in the connection's language."""

    type: Literal["hint"] = "hint"
    actions: list[str]
    cards: list[str] = []
    text: str


class PongMessage(_ServerMessage):
    """The answer to ``ping``."""

    type: Literal["pong"] = "pong"


class ChatLine(_ServerMessage):
    """One chat line: a player's (``seat``, ``name``) or a spectator's (``spectator`` number)."""

    id: int
    channel: Literal["players", "spectators"]
    seat: int | None
    name: str | None
    spectator: int | None
    text: str


class ChatMessage(ChatLine):
    """A new chat line, sent to the connections of its channel."""

    type: Literal["chat"] = "chat"


class ChatLogMessage(_ServerMessage):
    """The recent chat lines the connection may read, oldest first (after ``hello``)."""

    type: Literal["chat_log"] = "chat_log"
    lines: list[ChatLine]


class RematchVotesMessage(_ServerMessage):
    """Who asked for a rematch and whose answer is still awaited (seats)."""

    type: Literal["rematch_votes"] = "rematch_votes"
    asked: list[int]
    waiting: list[int]


class RematchReadyMessage(_ServerMessage):
    """The rematch table; ``token`` is this connection's seat token there (None: watch)."""

    type: Literal["rematch_ready"] = "rematch_ready"
    table: str
    seat: int | None
    token: str | None


class RemovedMessage(_ServerMessage):
    """The host freed this connection's seat: it now watches."""

    type: Literal["removed"] = "removed"
    seat: int


class ReportedMessage(_ServerMessage):
    """The ``report`` was kept for the moderators (its id)."""

    type: Literal["reported"] = "reported"
    report: int


ServerMessage = (
    StateMessage
    | AckMessage
    | JoinedMessage
    | ErrorMessage
    | HintMessage
    | PongMessage
    | ChatMessage
    | ChatLogMessage
    | RematchVotesMessage
    | RematchReadyMessage
    | RemovedMessage
    | ReportedMessage
)
SERVER_MESSAGES: TypeAdapter[ServerMessage] = TypeAdapter(
    Annotated[ServerMessage, Field(discriminator="type")]
)
"""Every server message, told apart by its ``type``."""


def error_message(code: str, message: str, facts: Facts | None = None) -> ErrorMessage:
    """A refusal with its facts; the server follows it with a full ``state`` (the resync)."""
    return ErrorMessage(code=code, message=message, facts=wire_facts(facts or {}))


def ack_message(version: int) -> AckMessage:
    """The acting client's command was applied and stored as ``version``."""
    return AckMessage(version=version)


def encode(message: BaseModel | dict[str, Any]) -> str:
    """JSON text of a server message (a dict is checked against :data:`SERVER_MESSAGES`)."""
    model = message if isinstance(message, BaseModel) else SERVER_MESSAGES.validate_python(message)
    try:
        return model.model_dump_json()
    except PydanticSerializationError:
        # Text that is not valid Unicode (a lone surrogate) travels escaped, never raw.
        return json.dumps(model.model_dump(mode="python"), separators=(",", ":"))
