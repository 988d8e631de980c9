"""Typed errors: every refusal carries a stable code and a message a player understands."""

from __future__ import annotations


class RamiError(Exception):
    """Base of every error the project raises on purpose."""

    code: str = "rami_error"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.message = message

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
