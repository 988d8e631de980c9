"""HTTP bodies and answers as Pydantic models (FastAPI's OpenAPI schema is built from them).

Every rule option of the create-table body is typed exactly as its :class:`RuleSet` field
(strict: no ``"13"`` or ``13.0`` for 13, no ``1`` for true); unknown keys are refused.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

from rami.rules import OPTION_TYPES, RuleSet
from rami.server.messages.outgoing import TableInfo
from rami.server.messages.protocol import Text

_STRICT = ConfigDict(strict=True, extra="forbid")
_DEFAULTS = RuleSet()


def _option_field(name: str) -> Any:
    default = getattr(_DEFAULTS, name)
    return (OPTION_TYPES[name], Field(default_factory=lambda: default))


if TYPE_CHECKING:
    RuleOptions = BaseModel
else:
    RuleOptions = create_model(
        "RuleOptions",
        __config__=_STRICT,
        __doc__="Rule options (RuleSet fields); an option left out keeps the preset's value.",
        **{name: _option_field(name) for name in OPTION_TYPES},
    )


class CreateTable(BaseModel):
    """``POST /api/tables``: the host's name, the rules, the seats and the bots."""

    model_config = _STRICT

    name: Text
    preset: Annotated[Text, Field(max_length=40)] = "rami51"
    seats: int = 2
    bots: list[Annotated[Text, Field(max_length=40)]] = Field(default_factory=list)
    """Bot levels of the last seats (``GET /api/meta`` lists the levels)."""
    options: RuleOptions = Field(default_factory=RuleOptions)
    rounds: int | None = None
    """Play this many rounds instead of the preset's end of match."""
    format: Annotated[Text, Field(max_length=20)] | None = None
    """A match format (``GET /api/meta`` lists them): the full match, ``to201``, ``rounds6``."""
    turn_timer: int | None = None
    """Seconds each seat has to act (10-600, or 3600-259200 for play over days), or none."""
    timeout_rule: Literal["bot", "forfeit"] = "bot"
    """What a timed-out turn leads to: a bot plays it, or the seat forfeits at its
    ``forfeit_after``-th timeout (a bot plays the ones before)."""
    forfeit_after: int | None = None
    """With the forfeit rule: the timeouts (1-5) that make a seat forfeit."""
    public: bool = False
    """List the table in ``GET /api/lobby``."""
    rated: bool = False
    """Rate the match (the creator must be logged in; preset rules; accounts and bots only)."""

    def rule_changes(self) -> dict[str, Any]:
        """The rule options the body sets (left-out options are not included)."""
        return self.options.model_dump(exclude_unset=True)


class CreatedTable(BaseModel):
    """The new table, the host's seat and its secret token."""

    table: str
    seat: int
    token: str


class ErrorBody(BaseModel):
    """Every HTTP refusal: a stable code and a message."""

    code: str
    message: str


class TableAnswer(TableInfo):
    """``GET /api/tables/{id}``: the public table info and its version."""

    version: int


class PresetInfo(BaseModel):
    """One preset of ``GET /api/meta``."""

    name: str
    summary: str
    min: int
    max: int
    formats: list[str] = Field(default_factory=list)
    """The match formats a table of this preset may choose (a rated one must), full first."""


class LanguageInfo(BaseModel):
    """One language of ``GET /api/meta``."""

    code: str
    name: str


class Meta(BaseModel):
    """``GET /api/meta``: presets, bot levels, languages, the browser's language."""

    presets: list[PresetInfo]
    bots: list[str]
    languages: list[LanguageInfo]
    preferred_language: str


class Replay(BaseModel):
    """``GET /api/tables/{id}/replay``: one frame per action of each finished round."""

    names: list[str]
    rules_hash: str
    public: bool
    """A public table: once the match is over anyone logged in may review any seat."""
    match_over: bool
    frames: list[dict[str, Any]]
