"""Table configuration and seats: what a table was created with and who sits where."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rami.bots import LEVELS
from rami.errors import RamiError
from rami.rules import PRESETS, RuleSet, get_rules
from rami.server.protocol import ProtocolError, clean_name

TIMER_RANGE = (10, 600)


@dataclass(frozen=True, slots=True)
class TableConfig:
    """A table's fixed settings; ``bots[i]`` is the bot level of seat i, or None (a person)."""

    rules: RuleSet
    bots: tuple[str | None, ...]
    turn_timer: int | None = None
    base: str = "rami51"
    """The preset the rules were chosen from (its rules page is linked)."""

    @property
    def seats(self) -> int:
        """Number of seats."""
        return len(self.bots)

    def to_json(self) -> dict[str, Any]:
        """The stored form."""
        return {
            "preset": self.rules.name,
            "rules": self.rules.options(),
            "bots": list(self.bots),
            "turn_timer": self.turn_timer,
            "base": self.base,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableConfig:
        """Read the stored form back."""
        preset = data["preset"]
        rules = RuleSet.from_options(data["rules"], preset if preset in PRESETS else "custom")
        base = data.get("base", preset)
        return cls(rules, tuple(data["bots"]), data.get("turn_timer"), base)


@dataclass(slots=True)
class Seat:
    """One seat at run time: who sits there, how to check their token, whether they are here."""

    bot: str | None = None
    name: str | None = None
    token_hash: str = ""
    online: int = 0
    away_since: float | None = None
    autoplay: bool = False
    """True while a bot plays for a person who stayed away past the grace period."""
    joined: bool = field(default=False)

    @property
    def taken(self) -> bool:
        """True when a bot or a person holds the seat."""
        return self.bot is not None or self.joined


def _bad(message: str) -> ProtocolError:
    return ProtocolError("bad_table", message)


def parse_create(body: Any) -> tuple[TableConfig, str]:
    """Check a create-table request; returns the configuration and the host's name.

    ``{"name", "preset", "seats", "bots": [levels of the last seats], "options": {...},
    "rounds": N | null, "turn_timer": seconds | null}``
    """
    if not isinstance(body, dict):
        raise _bad("send a JSON object")
    raw_name = body.get("name")
    name = clean_name(raw_name if isinstance(raw_name, str) else "")
    try:
        rules = get_rules(str(body.get("preset", "rami51")))
        options = body.get("options") or {}
        if not isinstance(options, dict):
            raise _bad("options must be an object")
        rounds = body.get("rounds")
        if rounds is not None:
            if not isinstance(rounds, int) or not 1 <= rounds <= 50:
                raise _bad("rounds must be 1-50")
            options = {**options, "match_end": "rounds", "match_limit": rounds}
        if options:
            named = rules.name
            rules = rules.replace(**options)
            if rules == PRESETS[named]:
                rules = PRESETS[named]
    except RamiError as error:
        raise ProtocolError("bad_rules", error.message) from None
    seats = body.get("seats", 2)
    if not isinstance(seats, int) or not rules.min_players <= seats <= rules.max_players:
        raise _bad(f"these rules seat {rules.min_players}-{rules.max_players} players")
    bots = body.get("bots") or []
    if not isinstance(bots, list) or len(bots) > seats - 1:
        raise _bad("bots: a list of levels, at most one fewer than the seats")
    for level in bots:
        if level not in LEVELS:
            raise _bad(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})")
    timer = body.get("turn_timer")
    if timer is not None and (not isinstance(timer, int) or not TIMER_RANGE[0] <= timer <= 600):
        raise _bad(f"turn_timer: {TIMER_RANGE[0]}-{TIMER_RANGE[1]} seconds, or none")
    levels: list[str | None] = [None] * (seats - len(bots)) + list(bots)
    base = str(body.get("preset", "rami51"))
    return TableConfig(rules, tuple(levels), timer, base), name
