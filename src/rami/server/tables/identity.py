"""A logged-in player as a table knows it: the account's id and name (no secret)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Identity:
    """A logged-in player as a table knows it."""

    account_id: int
    name: str

    def to_json(self) -> dict[str, Any]:
        """The stored form (in a join event and a relay envelope)."""
        return {"id": self.account_id, "name": self.name}

    @classmethod
    def from_json(cls, data: object) -> Identity | None:
        """The identity in ``data`` (None when absent or not of this shape)."""
        if not isinstance(data, Mapping):
            return None
        account_id, name = data.get("id"), data.get("name")
        if not isinstance(account_id, int) or isinstance(account_id, bool):
            return None
        return cls(account_id, name) if isinstance(name, str) and name else None
