"""What the table accepts: lay-offs and joker swaps, cached per meld and per table."""

from __future__ import annotations

from functools import lru_cache

from rami.actions import End, LayOff, Swap
from rami.cards import JOKER, Card, card_text, make_card
from rami.engine.basics import illegal
from rami.errors import IllegalActionError, InvalidMeldError
from rami.melds import Meld, MeldKind, layoff_readings, meld_readings, swap_joker
from rami.rules import RuleSet
from rami.state import RoundState, TableMeld

Placement = tuple[End, Meld]
"""Where a lay-off goes: the end an action names ("" when only one way fits) and the meld."""


def layoff_options(meld: Meld, card: Card, rules: RuleSet) -> tuple[Placement, ...]:
    """Every way ``card`` can be laid off on ``meld``: (the end to name, the meld after)."""
    return _placements(meld, card, rules.jokers_per_meld, rules.joker_position == "lowest")


def table_rules(rules: RuleSet) -> tuple[int, bool, bool, bool]:
    """The options that decide what a meld accepts (a cheap cache key)."""
    lowest = rules.joker_position == "lowest"
    return rules.jokers_per_meld, lowest, rules.joker_retrieval, rules.retrieval_from_set


@lru_cache(maxsize=1 << 14)
def _placements(meld: Meld, card: Card, jpm: int, lowest: bool) -> tuple[Placement, ...]:
    readings = layoff_readings(meld, card, jpm)
    if card == JOKER and lowest:
        readings = readings[:1]
    if len(readings) == 1:
        return (("", readings[0]),)
    return tuple((_end_of(meld, after), after) for after in readings)


def _end_of(before: Meld, after: Meld) -> End:
    return "low" if after.kind is MeldKind.RUN and after.rank < before.rank else "high"


def _fitting_cards(meld: Meld) -> tuple[Card, ...]:
    """The only cards that could be laid off on ``meld`` (a superset of those that fit)."""
    if meld.kind is MeldKind.SET:
        if len(meld.cards) >= 4:
            return ()
        return (*(make_card(meld.rank, s) for s in meld.missing_suits()), JOKER)
    if len(meld.cards) >= 13:
        return ()
    ends = [r for r in (meld.rank - 1, meld.high + 1) if 1 <= r <= 14]
    return (*sorted({make_card(r, meld.suit) for r in ends}), JOKER)


def swap_result(meld: Meld, card: Card, rules: RuleSet) -> Meld | None:
    """The meld after ``card`` takes the place of its joker, if the rules allow that swap."""
    return _swapped(meld, card, rules.joker_retrieval, rules.retrieval_from_set)


def _swapped(meld: Meld, card: Card, retrieval: bool, from_set: bool) -> Meld | None:
    if not retrieval or JOKER not in meld.cards:
        return None
    if meld.kind is MeldKind.SET and not from_set:
        return None
    return swap_joker(meld, card)


class MeldFacts:
    """The lay-offs and joker swaps one meld accepts under one rule set, by card."""

    __slots__ = ("fits", "layoffs", "swaps")

    def __init__(self, meld: Meld, jpm: int, lowest: bool, retrieval: bool, from_set: bool) -> None:
        self.layoffs: list[tuple[Card, tuple[Placement, ...]]] = []
        for card in _fitting_cards(meld):
            placements = _placements(meld, card, jpm, lowest)
            if placements:
                self.layoffs.append((card, placements))
        self.fits = frozenset(card for card, _ in self.layoffs)
        self.swaps: list[tuple[Card, Meld]] = []
        if JOKER in meld.cards:
            for card in sorted(set(meld.joker_cards())):
                after = _swapped(meld, card, retrieval, from_set)
                if after is not None:
                    self.swaps.append((card, after))


@lru_cache(maxsize=1 << 14)
def meld_facts(meld: Meld, key: tuple[int, bool, bool, bool]) -> MeldFacts:
    """The facts of ``meld`` under the options ``key`` (:func:`table_rules`)."""
    return MeldFacts(meld, *key)


LayoffEntry = tuple[Card, tuple[LayOff, ...], tuple[Meld, ...], int]
"""A card, the lay-off actions placing it on one meld, the meld after each, the meld's index."""
SwapEntry = tuple[Card, Swap, Meld, int]
"""A card, the swap action retrieving a joker with it, the meld after, the meld's index."""


@lru_cache(maxsize=1 << 14)
def _placed_facts(
    meld: Meld, index: int, key: tuple[int, bool, bool, bool]
) -> tuple[tuple[LayoffEntry, ...], tuple[SwapEntry, ...]]:
    """The lay-off and swap entries of ``meld`` lying at ``index`` on the table."""
    facts = meld_facts(meld, key)
    layoffs = tuple(
        (
            card,
            tuple(LayOff(card, index, end) for end, _ in placements),
            tuple(m for _, m in placements),
            index,
        )
        for card, placements in facts.layoffs
    )
    swaps = tuple((card, Swap(card, index), after, index) for card, after in facts.swaps)
    return layoffs, swaps


class TableFacts:
    """The lay-off and swap actions a table accepts, in table then card order."""

    __slots__ = ("fits", "layoffs", "swaps", "table")

    def __init__(self, table: tuple[TableMeld, ...], rules: RuleSet) -> None:
        self.table = table
        self.layoffs: list[LayoffEntry] = []
        self.swaps: list[SwapEntry] = []
        fits: set[Card] = set()
        key = table_rules(rules)
        for index, tm in enumerate(table):
            layoffs, swaps = _placed_facts(tm.meld, index, key)
            self.layoffs += layoffs
            self.swaps += swaps
            fits.update(card for card, *_ in layoffs)
        self.fits = frozenset(fits)


_TABLES: dict[tuple[int, int], tuple[RuleSet, TableFacts]] = {}


def table_facts(state: RoundState) -> TableFacts:
    """The facts of the state's table (cached by table and rule set)."""
    table, rules = state.table, state.rules
    key = (id(table), id(rules))
    found = _TABLES.get(key)
    if found is not None and found[0] is rules and found[1].table is table:
        return found[1]
    if len(_TABLES) >= 1 << 12:
        _TABLES.clear()
    facts = TableFacts(table, rules)
    _TABLES[key] = (rules, facts)
    return facts


def layoff_placement(state: RoundState, action: LayOff) -> Meld | IllegalActionError:
    """The meld ``action`` leaves at its target, or why it does not fit."""
    card, target = action.card, action.target
    meld = state.table[target].meld
    placements = layoff_options(meld, card, state.rules)
    if not placements:
        return illegal(
            "layoff_does_not_fit",
            f"{card_text(card)} does not fit meld @{target}",
            card=card,
            meld=target,
            reason=misfit_reason(meld, card, state.rules),
            kind=meld.kind.value,
        )
    if len(placements) == 1:
        if action.end:
            return illegal(
                "layoff_end_not_needed",
                "that card fits only one way: drop the end",
                card=card,
                meld=target,
            )
        return placements[0][1]
    for end, placed in placements:
        if end == action.end:
            return placed
    return illegal("layoff_end_needed", "say which end: low or high", card=card, meld=target)


def misfit_reason(meld: Meld, card: Card, rules: RuleSet) -> str:
    """The refusal code of the meld's cards and ``card`` together (why the card does not fit:
    ``set_duplicate_suit``, ``run_gap``…); ``layoff_does_not_fit`` when they would form a meld
    that the lay-off still may not make."""
    try:
        meld_readings((*meld.cards, card), rules.jokers_per_meld)
    except InvalidMeldError as error:
        return error.code
    return "layoff_does_not_fit"
