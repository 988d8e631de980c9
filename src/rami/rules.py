"""Rules as data: a frozen :class:`RuleSet` of named options, presets and a stable short hash."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import types
import typing
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal, get_args, get_origin, get_type_hints

from rami.errors import InvalidRulesError

DeckOption = Literal["reference", "house", "custom"]
Pickup = Literal["always", "opened_or_opening", "opened_only"]
JokerPosition = Literal["lowest", "declared"]
Replay = Literal["if_possible", "free"]
JokerDiscard = Literal["allowed", "only_to_go_out"]
RamiSecWaives = Literal["points", "points_and_clean_run"]
RamiSecBonus = Literal["double", "none"]
ForcedEnd = Literal["lowest_zero", "all_count"]
MatchEnd = Literal["score_limit", "elimination", "rounds"]
JokersPerMeld = Literal[1, 2]
AceValue = Literal[1, 11]
JokerValue = Literal[20, 25, 50]


@dataclass(frozen=True, kw_only=True)
class RuleSet:
    """Every option of RULES.md §5; the defaults are the reference Rami 51."""

    name: str = field(default="custom", compare=False)
    deck: DeckOption = "reference"
    """reference: 2 decks + 4 jokers (3 decks for 5-6 players); house: 2 or 3 jokers."""
    custom_decks: int = 2
    custom_jokers: int = 4
    min_players: int = 2
    max_players: int = 6
    hand_size: int = 13
    initial_discard: Literal["upcard", "empty"] = "upcard"
    discard_pickup: Pickup = "always"
    discard_pickup_must_meld: bool = False
    twin_of_taken_discardable: bool = False
    opening_points: int = 51
    opening_needs_clean_run: bool = True
    jokers_count_in_opening: bool = True
    layoff_in_opening_turn: bool = True
    jokers_per_meld: JokersPerMeld = 1
    joker_position: JokerPosition = "lowest"
    joker_retrieval: bool = True
    retrieval_from_set: bool = True
    retrieved_joker_replay: Replay = "if_possible"
    discard_joker: JokerDiscard = "allowed"
    discard_playable: bool = True
    final_discard_required: bool = False
    rami_sec_waives: RamiSecWaives = "points"
    rami_sec_bonus: RamiSecBonus = "double"
    ace_in_hand: AceValue = 11
    joker_in_hand: JokerValue = 20
    never_opened_penalty: int | None = 100
    """Flat penalty of a player who never opened; None: count the hand."""
    stock_reshuffles: int | None = 2
    """Reshuffles of the discard pile per round; None: unlimited."""
    turn_limit: int | None = 300
    forced_end_scoring: ForcedEnd = "lowest_zero"
    match_end: MatchEnd = "score_limit"
    match_limit: int = 501
    """Score limit, elimination score, or number of rounds, by ``match_end``."""

    def __post_init__(self) -> None:
        problems = _problems(self)
        if problems:
            raise InvalidRulesError("; ".join(problems), "invalid_rules")

    def deck_for(self, players: int) -> tuple[int, int]:
        """(number of 52-card decks, number of jokers) for ``players`` players."""
        if self.deck == "custom":
            return self.custom_decks, self.custom_jokers
        decks = 2 if players <= 4 else 3
        if self.deck == "house":
            return decks, 2 if decks == 2 else 3
        return decks, 4

    def deck_size(self, players: int) -> int:
        """Number of cards in the deck for ``players`` players."""
        decks, jokers = self.deck_for(players)
        return decks * 52 + jokers

    def options(self) -> dict[str, Any]:
        """The options as a plain dict (without the preset name)."""
        data = dataclasses.asdict(self)
        del data["name"]
        return data

    @cached_property
    def hash(self) -> str:
        """A stable short hash of the options: equal options, equal hash (computed once; every
        snapshot and seed commitment names it)."""
        text = json.dumps(self.options(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:10]

    def replace(self, **changes: Any) -> RuleSet:
        """A copy with some options changed (validated like any rule set)."""
        unknown = sorted(set(changes) - set(OPTION_TYPES))
        if unknown:
            raise InvalidRulesError(f"unknown rule option {', '.join(unknown)}", "unknown_option")
        return dataclasses.replace(self, name="custom", **changes)

    @classmethod
    def from_options(cls, data: dict[str, Any], name: str = "custom") -> RuleSet:
        """A rule set from :meth:`options` output; unknown or missing keys are errors."""
        names = {f.name for f in dataclasses.fields(cls)} - {"name"}
        unknown = sorted(set(data) - names)
        missing = sorted(names - set(data))
        if unknown or missing:
            raise InvalidRulesError(
                f"rule options do not match (unknown: {unknown}, missing: {missing})",
                "invalid_rules",
            )
        try:
            return cls(name=name, **data)
        except TypeError as exc:
            raise InvalidRulesError(str(exc), "invalid_rules") from exc


FIELD_TYPES: dict[str, Any] = typing.get_type_hints(RuleSet)
"""The type of every field of :class:`RuleSet`: the checks below derive from these."""
OPTION_TYPES: dict[str, Any] = {name: hint for name, hint in FIELD_TYPES.items() if name != "name"}
"""The type of every rule option (every field but ``name``)."""


def _kind_ok(hint: Any, value: Any) -> bool:
    """True when ``value`` has exactly the type ``hint`` (no bool for int, no 7.0 for 7)."""
    if typing.get_origin(hint) is Literal:
        choices = typing.get_args(hint)
        return any(type(value) is type(choice) and value == choice for choice in choices)
    if isinstance(hint, types.UnionType):
        return any(_kind_ok(part, value) for part in typing.get_args(hint))
    if hint is type(None):
        return value is None
    return type(value) is hint


def _describe(hint: Any) -> str:
    """The allowed values of ``hint`` in words."""
    if typing.get_origin(hint) is Literal:
        return "one of " + ", ".join(str(choice) for choice in typing.get_args(hint))
    if isinstance(hint, types.UnionType):
        return " or ".join(_describe(part) for part in typing.get_args(hint))
    return {bool: "true or false", int: "a whole number", str: "text", type(None): "none"}.get(
        hint, str(hint)
    )


def _type_problems(r: RuleSet) -> list[str]:
    """One line per option whose value has the wrong type (its value is never echoed)."""
    return [
        f"{name} must be {_describe(hint)} (not {type(getattr(r, name)).__name__})"
        for name, hint in FIELD_TYPES.items()
        if not _kind_ok(hint, getattr(r, name))
    ]


def _problems(r: RuleSet) -> list[str]:
    problems = _type_problems(r)
    if problems:
        return problems

    def need(ok: bool, text: str) -> None:
        if not ok:
            problems.append(text)

    need(2 <= r.min_players <= r.max_players <= 6, "players must be within 2-6, min <= max")
    need(1 <= r.custom_decks <= 4, "custom_decks must be 1-4")
    need(0 <= r.custom_jokers <= 8, "custom_jokers must be 0-8")
    need(7 <= r.hand_size <= 15, "hand_size must be 7-15")
    need(0 <= r.opening_points <= 200, "opening_points must be 0-200")
    need(r.jokers_per_meld in (1, 2), "jokers_per_meld must be 1 or 2")
    need(r.ace_in_hand in (1, 11), "ace_in_hand must be 1 or 11")
    need(r.joker_in_hand in (20, 25, 50), "joker_in_hand must be 20, 25 or 50")
    need(
        r.never_opened_penalty is None or 0 <= r.never_opened_penalty <= 1000,
        "never_opened_penalty must be 0-1000 or none",
    )
    need(
        r.stock_reshuffles is None or 0 <= r.stock_reshuffles <= 100,
        "stock_reshuffles must be 0-100 or none",
    )
    need(r.turn_limit is None or 10 <= r.turn_limit <= 10_000, "turn_limit must be 10-10000")
    need(1 <= r.match_limit <= 100_000, "match_limit must be positive")
    if not problems:
        for players in range(r.min_players, r.max_players + 1):
            dealt = players * r.hand_size + 1
            if r.deck_size(players) < dealt + 10:
                problems.append(
                    f"the deck for {players} players ({r.deck_size(players)} cards) is too small"
                    f" to deal {r.hand_size} cards each and keep a stock"
                )
                break
    return problems


PRESETS: dict[str, RuleSet] = {}


def _preset(name: str, **options: Any) -> None:
    PRESETS[name] = RuleSet(name=name, **options)


_preset("rami51")
_preset("rami40", opening_points=40, opening_needs_clean_run=False)
_preset("rami51-house", deck="house")
_preset("rami40-house", deck="house", opening_points=40, opening_needs_clean_run=False)
_preset(
    "rami51-pl",
    max_players=4,
    hand_size=14,
    initial_discard="empty",
    discard_pickup="opened_or_opening",
    final_discard_required=True,
)
_preset(
    "scala40",
    opening_points=40,
    opening_needs_clean_run=False,
    discard_pickup="opened_or_opening",
    discard_pickup_must_meld=True,
    joker_in_hand=25,
    final_discard_required=True,
    discard_playable=False,
    match_end="elimination",
    match_limit=101,
)

PRESET_SUMMARIES: dict[str, str] = {
    "rami51": "Open with 51 points including a clean run; 108 or 160 cards, 4 jokers.",
    "rami40": "Open with 40 points, no clean run needed.",
    "rami51-house": "Rami 51 with the house deck: 2 jokers (106) or 3 jokers (159).",
    "rami40-house": "Rami 40 with the house deck: 2 jokers (106) or 3 jokers (159).",
    "rami51-pl": "Polish Rami 51: 2-4 players, 14 cards, no upcard, final discard required.",
    "scala40": "Scala 40: open with 40; take the discard only to use it; out at 101.",
}


def get_rules(name: str = "rami51") -> RuleSet:
    """The preset called ``name``."""
    try:
        return PRESETS[name]
    except KeyError:
        known = ", ".join(PRESETS)
        raise InvalidRulesError(
            f"unknown preset '{name}' (known: {known})", "unknown_preset"
        ) from None


def option_choices(name: str) -> tuple[Any, ...] | None:
    """Every value option ``name`` of :class:`RuleSet` allows, read from its ``Literal`` type
    (None for an option of another type: a bool, or a number within limits)."""
    hint = get_type_hints(RuleSet)[name]
    if get_origin(hint) is Literal:
        return get_args(hint)
    return None
