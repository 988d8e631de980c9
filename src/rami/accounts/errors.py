"""The one error type of the accounts package: an HTTP status, a stable code and a message."""

from __future__ import annotations


class AccountError(Exception):
    """A refused accounts request; the API answers ``{"code", "message"}`` with ``status``."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
