"""Typed errors: every refusal carries a stable code and a message a player understands."""

from __future__ import annotations

from typing import TypedDict


class Facts(TypedDict, total=False):
    """What a refusal is about, for words that name it (every key optional).

    Cards are card numbers (see :mod:`rami.cards`); ``meld`` is a table index (0 = the first
    meld); ``seat`` a seat index.
    """

    card: int
    """The card the refused move plays, discards or takes."""
    cards: tuple[int, ...]
    """The cards the move names that the hand does not hold."""
    meld: int
    """The table meld the move aims at."""
    stands: tuple[int, ...]
    """The cards the joker of that meld stands for."""
    points: int
    """The points the staged melds count."""
    needed: int
    """The points the opening needs."""
    count: int
    """How many jokers a meld may hold."""
    seat: int
    """The seat the refusal is about (whose turn it is, the seat asked for)."""
    player: str
    """The name of the player at that seat."""
    reason: str
    """The refusal code of the meld the cards would make (a lay-off that does not fit)."""
    kind: str
    """The kind of the meld the move aims at: ``set`` or ``run``."""


class RamiError(Exception):
    """Base of every error the project raises on purpose."""

    code: str = "rami_error"

    def __init__(self, message: str, code: str | None = None, facts: Facts | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.message = message
        self.facts: Facts = facts if facts is not None else {}

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


class InvalidCardError(RamiError, ValueError):
    """Card text that is not a card (bad notation)."""

    code = "invalid_card"


class InvalidMeldError(RamiError, ValueError):
    """Cards that do not form a valid meld."""

    code = "invalid_meld"


class InvalidRulesError(RamiError, ValueError):
    """A rule set with an unknown preset or an impossible combination of options."""

    code = "invalid_rules"


class InvalidActionError(RamiError, ValueError):
    """Action text that cannot be parsed."""

    code = "invalid_action"


class IllegalActionError(RamiError):
    """A well-formed action that the rules do not allow now."""

    code = "illegal_action"


class InvalidRecordError(RamiError, ValueError):
    """A game record that is corrupt, edited or does not replay."""

    code = "invalid_record"

    def __init__(self, message: str, line: int | None = None, code: str | None = None) -> None:
        where = f"line {line}: " if line is not None else ""
        super().__init__(where + message, code)
        self.line = line
