"""What the engine's modules share: refusals as values, hands as sorted tuples, the table,
the per-state cache and the action values that carry no data."""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterable, Sequence
from typing import Unpack

from rami.actions import Action, Discard, DrawDiscard, DrawStock, Open, TakeBack
from rami.cards import JOKER, Card
from rami.errors import Facts, IllegalActionError
from rami.melds import Meld
from rami.state import Derived, Log, LogEntry, RoundState, TableMeld

DRAW_STOCK = DrawStock()
DRAW_DISCARD = DrawDiscard()
OPEN = Open()
TAKE_BACK = TakeBack()
DISCARDS = tuple(Discard(card) for card in range(JOKER + 1))
"""``DISCARDS[card]``: the one discard action the engine lists for ``card``."""


def illegal(code: str, message: str, **facts: Unpack[Facts]) -> IllegalActionError:
    """The refusal ``code`` with its English ``message`` and the ``facts`` it is about."""
    return IllegalActionError(message, code, facts)


def without(hand: Sequence[Card], cards: Iterable[Card]) -> tuple[Card, ...] | None:
    """``hand`` minus the multiset ``cards``, or None if the hand lacks one of them."""
    rest = list(hand)
    for card in cards:
        try:
            rest.remove(card)
        except ValueError:
            return None
    return tuple(rest)


def with_cards(hand: Sequence[Card], cards: Iterable[Card]) -> tuple[Card, ...]:
    """``hand`` (sorted) with ``cards`` added, still sorted."""
    out = list(hand)
    for card in cards:
        insort(out, card)
    return tuple(out)


def set_hand(state: RoundState, hand: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    """The hands with the current seat's replaced by ``hand``."""
    hands = list(state.hands)
    hands[state.current] = hand
    return tuple(hands)


def replace_meld(state: RoundState, index: int, meld: Meld) -> tuple[TableMeld, ...]:
    """The table with meld ``index`` replaced by ``meld`` (same owner)."""
    table = list(state.table)
    table[index] = TableMeld(table[index].owner, meld)
    return tuple(table)


def logged(
    state: RoundState, action: Action, card: Card | None = None, private: bool = False
) -> Log:
    """The state's log with ``action`` by the current seat added."""
    return Log(LogEntry(state.current, action, card, private), state.log)


def derived(state: RoundState) -> Derived:
    """The engine's cache of what it computed from ``state`` (made on first use)."""
    found = state.derived
    if found is None:
        found = Derived()
        object.__setattr__(state, "derived", found)
    return found
