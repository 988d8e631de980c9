"""The state of a round: immutable values the engine derives new states from."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any

from rami.actions import Action
from rami.cards import Card
from rami.melds import Meld
from rami.rules import RuleSet


class Phase(StrEnum):
    """Where the round stands: the seat to act draws, then plays, or the round is over."""

    DRAW = "draw"
    PLAY = "play"
    OVER = "over"


class EndReason(StrEnum):
    """Why a round ended."""

    WENT_OUT = "went_out"
    STOCK_EXHAUSTED = "stock_exhausted"
    TURN_LIMIT = "turn_limit"


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the table and the seat that laid it down."""

    owner: int
    meld: Meld


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a round ended and what each seat scored (hands are revealed at the end)."""

    reason: EndReason
    winner: int | None
    rami_sec: bool
    hands: tuple[tuple[Card, ...], ...]
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One applied action; ``card`` is the card drawn (public only from the discard pile);
    ``private`` marks staging and taking back, which only the player sees."""

    seat: int
    action: Action
    card: Card | None = None
    private: bool = False


@dataclass(frozen=True, slots=True, eq=False)
class Log:
    """The round's actions as an immutable linked list (newest first), shared between states.

    Equality and hashing walk the list iteratively, so long rounds never hit the recursion limit.
    """

    entry: LogEntry
    previous: Log | None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Log):
            return NotImplemented
        left: Log | None = self
        right: Log | None = other
        while left is not None and right is not None:
            if left is right:
                return True
            if left.entry != right.entry:
                return False
            left, right = left.previous, right.previous
        return left is right

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __iter__(self) -> Iterator[LogEntry]:
        """Entries oldest first."""
        entries: list[LogEntry] = []
        node: Log | None = self
        while node is not None:
            entries.append(node.entry)
            node = node.previous
        return reversed(entries)


class Derived:
    """The engine's plays and legal actions of one state, computed once and kept with it
    (applying one of the listed action objects skips the checks that listed it)."""

    __slots__ = ("legal", "plays")

    def __init__(self) -> None:
        self.plays: list[Action] | None = None
        self.legal: list[Action] | None = None


@dataclass(frozen=True, slots=True)
class RoundState:
    """Everything about a round, hidden information included: never send it to a player.

    Hands are sorted tuples of card codes; the stock and the discard pile have their top card
    last. ``taken`` is the card drawn from the discard pile this turn and ``taken_twins`` how
    many copies of it the hand held before; ``joker_debt`` counts jokers retrieved this turn
    that must be played again.
    """

    rules: RuleSet
    seed: str
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    opened: tuple[bool, ...]
    current: int
    table: tuple[TableMeld, ...] = ()
    phase: Phase = Phase.DRAW
    turn_number: int = 1
    reshuffles: int = 0
    staged: tuple[Meld, ...] = ()
    taken: Card | None = None
    taken_twins: int = 0
    opened_this_turn: bool = False
    joker_debt: int = 0
    log: Log | None = None
    result: RoundResult | None = None
    derived: Derived | None = field(default=None, init=False, repr=False, compare=False)
    """What the engine computed from this state (filled in on first use, never compared)."""

    @property
    def players(self) -> int:
        """Number of seats in the round."""
        return len(self.hands)

    def entries(self) -> list[LogEntry]:
        """The round's log, oldest first."""
        return list(self.log) if self.log is not None else []


_ROUND_FIELDS = tuple(f.name for f in fields(RoundState) if f.init)


def _make_evolve() -> Callable[..., RoundState]:
    """Build :func:`evolve` from the field list: one keyword parameter per field (``_KEEP``
    when not given), one slot write per field, no dictionary of changes."""
    scope: dict[str, Any] = {"_new": object.__new__, "RoundState": RoundState, "_KEEP": _KEEP}
    params = ", ".join(f"{name}=_KEEP" for name in _ROUND_FIELDS)
    lines = [f"def evolve(state, *, {params}):", "    new = _new(RoundState)"]
    for name in _ROUND_FIELDS:
        scope[f"_set_{name}"] = RoundState.__dict__[name].__set__
        lines.append(f"    _set_{name}(new, state.{name} if {name} is _KEEP else {name})")
    scope["_set_derived"] = RoundState.__dict__["derived"].__set__
    lines += ["    _set_derived(new, None)", "    return new"]
    exec("\n".join(lines), scope)  # the source is built from the dataclass's field names
    built: Callable[..., RoundState] = scope["evolve"]
    return built


_KEEP: Any = object()
"""The default of every :func:`evolve` parameter: keep the field as it is."""


evolve = _make_evolve()
"""``evolve(state, **changes)``: a copy of ``state`` with some fields changed (a faster
``dataclasses.replace``; the engine's derived data is not carried over)."""
