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
LONG_TIMER_RANGE = (3600, 3 * 86400)
"""A long turn timer, for a match played over days: an hour to three days a turn."""
FORFEIT_RANGE = (1, 5)
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
    forfeit_after: int | None = None
    """The timeout rule: None, a bot plays a timed-out turn; N, a seat forfeits the match at
    its N-th timed-out turn (the turns before are played by a bot)."""

    @property
    def waits_for_timer(self) -> bool:
        """True when an away person's turn waits for the turn timer (a long timer or the
        forfeit rule) instead of going to a bot after the grace period."""
        long = self.turn_timer is not None and self.turn_timer >= LONG_TIMER_RANGE[0]
        return long or self.forfeit_after is not None

    @property
    def seats(self) -> int:
        """Number of seats."""
        return len(self.bots)

    def to_json(self) -> dict[str, Any]:
        """The stored form."""
        return (
            {
                "preset": self.rules.name,
                "rules": self.rules.options(),
                "bots": list(self.bots),
                "turn_timer": self.turn_timer,
                "base": self.base,
                "public": self.public,
                "rated": self.rated,
            }
            | ({"bot_seed": self.bot_seed} if self.bot_seed else {})
            | ({} if self.forfeit_after is None else {"forfeit_after": self.forfeit_after})
        )

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
        forfeit = data.get("forfeit_after")
        if forfeit is not None and not isinstance(forfeit, int):
            raise ValueError("forfeit_after is a number")
        return cls(rules, tuple(data["bots"]), timer, base, public, rated, bot_seed, forfeit)


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
    if timer is not None and not any(low <= timer <= high for low, high in TIMER_RANGES):
        raise ProtocolError(
            "bad_turn_timer", "turn_timer: 10-600 seconds, 3600-259200 (an hour to 3 days), or none"
        )
    forfeit = _timeout_rule(body, timer)
    if body.rated and format_of(rules, PRESETS[body.preset]) is None:
        raise _bad("a rated table plays its preset's rules in a match format: no other options")
    levels: list[str | None] = [None] * (seats - len(bots)) + list(bots)
    config = TableConfig(
        rules, tuple(levels), timer, body.preset, body.public, body.rated, forfeit_after=forfeit
    )
    return config, name


TIMER_RANGES = (TIMER_RANGE, LONG_TIMER_RANGE)


def _timeout_rule(body: CreateTable, timer: int | None) -> int | None:
    """The forfeit count of the chosen timeout rule (None: the bot rule)."""
    if body.timeout_rule == "bot":
        if body.forfeit_after is not None:
            raise ProtocolError("bad_timeout_rule", "forfeit_after goes with the forfeit rule")
        return None
    low, high = FORFEIT_RANGE
    count = body.forfeit_after
    if count is None or not low <= count <= high or timer is None:
        raise ProtocolError(
            "bad_timeout_rule",
            f"the forfeit rule needs a turn timer and forfeit_after {low}-{high}",
        )
    return count
