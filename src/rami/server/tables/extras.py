"""Per-table state that is not part of the game record: chat lines and rematch votes.

Neither is stored: both live in the memory of the process serving the table and are gone
when the table is archived or restarted. The chat lines go with a table handed over to
another process (see :mod:`rami.server.cluster.placement`).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from itertools import count
from typing import Any, Literal
from weakref import WeakKeyDictionary

from rami.server.tables.identity import Identity

HISTORY = 50
"""Chat lines a table keeps."""

Channel = Literal["players", "spectators"]


class ChatLog:
    """The recent chat lines of a table and a number for each spectator who speaks."""

    def __init__(self) -> None:
        self.lines: deque[dict[str, Any]] = deque(maxlen=HISTORY)
        self._ids = count(1)
        self._spectators: WeakKeyDictionary[object, int] = WeakKeyDictionary()
        self._numbers = count(1)
        self.authors: dict[int, Identity] = {}
        """The account that wrote each kept line, by line id (guests' lines are not here;
        neither are the lines a table brought from its former owner)."""

    def spectator_number(self, client: object) -> int:
        """A stable number for a spectator's connection (1, 2, ... in order of first line)."""
        number = self._spectators.get(client)
        if number is None:
            number = self._spectators[client] = next(self._numbers)
        return number

    def restore(self, lines: list[dict[str, Any]]) -> None:
        """Keep the lines a table brought from its former owner (ids go on after theirs)."""
        self.lines.extend(lines)
        self._ids = count(max((int(line["id"]) for line in lines), default=0) + 1)

    def add(
        self,
        channel: Channel,
        seat: int | None,
        name: str | None,
        spectator: int | None,
        text: str,
        author: Identity | None = None,
    ) -> dict[str, Any]:
        """Keep a new line of the account ``author`` (None: a guest) and return it (the fields
        of a ``chat`` message)."""
        line_id = next(self._ids)
        line: dict[str, Any] = {
            "id": line_id,
            "channel": channel,
            "seat": seat,
            "name": name,
            "spectator": spectator,
            "text": text,
        }
        if len(self.lines) == self.lines.maxlen:
            self.authors.pop(int(self.lines[0]["id"]), None)
        self.lines.append(line)
        if author is not None:
            self.authors[line_id] = author
        return line

    def line(self, line_id: int) -> dict[str, Any] | None:
        """The kept line ``line_id`` (None: not kept, or never written)."""
        return next((line for line in self.lines if line["id"] == line_id), None)


@dataclass(slots=True)
class RematchVotes:
    """Seats that asked for a rematch; once it is made, its table id and the new seat tokens."""

    asked: set[int] = field(default_factory=set)
    table: str | None = None
    tokens: dict[int, str] = field(default_factory=dict)
