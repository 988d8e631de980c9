"""Table configuration and seats: what a table was created with and who sits where."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rami.bots import LEVELS
from rami.errors import RamiError
from rami.match import format_of, format_rules
from rami.rules import PRESETS, RuleSet, get_rules
from rami.server.messages.protocol import ProtocolError, clean_name
from rami.server.tables.identity import Identity

if TYPE_CHECKING:
    from rami.server.messages.models import CreateTable

TIMER_RANGE = (10, 600)
ROUNDS_RANGE = (1, 50)


@dataclass(frozen=True, slots=True)
class TableConfig:
    """A table's fixed settings; ``bots[i]`` is the bot level of seat i, or None (a person)."""

    rules: RuleSet
    bots: tuple[str | None, ...]
    turn_timer: int | None = None
    base: str = "rami51"
    """The preset the rules were chosen from (its rules page is linked)."""
    public: bool = False
    """Listed by ``GET /api/lobby`` (open while seats are free, then live to watch)."""
    rated: bool = False
    """The match counts for the seats' ratings: only accounts and bots sit, preset rules."""
    bot_seed: str = ""
    """What the bots' seeds derive from (empty: the table id); equal on every table of a
    Daily Duplicate deal, so its bots are seeded alike for everyone."""

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
            "public": self.public,
            "rated": self.rated,
        } | ({"bot_seed": self.bot_seed} if self.bot_seed else {})

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableConfig:
        """Read the stored form back."""
        preset = data["preset"]
        rules = RuleSet.from_options(data["rules"], preset if preset in PRESETS else "custom")
        base = data.get("base", preset)
        public, rated = data.get("public", False), data.get("rated", False)
        if not isinstance(public, bool) or not isinstance(rated, bool):
            raise ValueError("public and rated are true or false")
        bot_seed = data.get("bot_seed", "")
        if not isinstance(bot_seed, str):
            raise ValueError("bot_seed is text")
        timer = data.get("turn_timer")
        return cls(rules, tuple(data["bots"]), timer, base, public, rated, bot_seed)


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
    stand_in: str | None = None
    """The bot level the host gave this away seat to (until its player comes back)."""
    joined: bool = field(default=False)
    account: Identity | None = None
    """The account holding the seat (None: a guest or a bot)."""

    @property
    def taken(self) -> bool:
        """True when a bot or a person holds the seat."""
        return self.bot is not None or self.joined


def _bad(message: str) -> ProtocolError:
    return ProtocolError("bad_table", message)


def parse_create(body: CreateTable) -> tuple[TableConfig, str]:
    """Check a create-table request (already typed); returns the configuration and host name."""
    name = clean_name(body.name)
    if body.format is not None and body.rounds is not None:
        raise _bad("choose a match format or a number of rounds, not both")
    try:
        rules = get_rules(body.preset)
        options = body.rule_changes()
        if body.rounds is not None:
            if not ROUNDS_RANGE[0] <= body.rounds <= ROUNDS_RANGE[1]:
                raise _bad(f"rounds must be {ROUNDS_RANGE[0]}-{ROUNDS_RANGE[1]}")
            options = {**options, "match_end": "rounds", "match_limit": body.rounds}
        if body.format is not None:
            rules = format_rules(rules, body.format)
        if options:
            rules = rules.replace(**options)
        if rules == PRESETS[body.preset]:
            rules = PRESETS[body.preset]
    except RamiError as error:
        raise ProtocolError("bad_rules", error.message) from None
    seats = body.seats
    if not rules.min_players <= seats <= rules.max_players:
        raise _bad(f"these rules seat {rules.min_players}-{rules.max_players} players")
    bots = body.bots
    if len(bots) > seats - 1:
        raise _bad("bots: a list of levels, at most one fewer than the seats")
    for level in bots:
        if level not in LEVELS:
            raise _bad(f"unknown bot level (known: {', '.join(LEVELS)})")
    timer = body.turn_timer
    if timer is not None and not TIMER_RANGE[0] <= timer <= TIMER_RANGE[1]:
        raise _bad(f"turn_timer: {TIMER_RANGE[0]}-{TIMER_RANGE[1]} seconds, or none")
    if body.rated and format_of(rules, PRESETS[body.preset]) is None:
        raise _bad("a rated table plays its preset's rules in a match format: no other options")
    levels: list[str | None] = [None] * (seats - len(bots)) + list(bots)
    config = TableConfig(rules, tuple(levels), timer, body.preset, body.public, body.rated)
    return config, name
