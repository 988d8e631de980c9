"""The hand's display order: sorted, or arranged by the player, and kept card by card.

Positions on screen change whenever the hand does (a draw, a meld, a sort), so the cursor and
the selection are held as *cards* — a card and which of its copies, counted in display order —
and found again after every change. Nothing here knows a rule: the hand itself always comes
from the player's view.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence

from rami.cards import Card

CardKey = tuple[Card, int]
"""A card of the hand and which of its copies it is (0: the first one shown)."""

Sorter = Callable[[Sequence[Card]], list[Card]]


def key_at(order: Sequence[Card], index: int) -> CardKey | None:
    """The card shown at ``index`` (None when there is none)."""
    if not 0 <= index < len(order):
        return None
    card = order[index]
    return card, sum(1 for other in order[:index] if other == card)


def index_of(order: Sequence[Card], key: CardKey | None) -> int | None:
    """Where the card ``key`` is shown in ``order`` (None when it has left the hand)."""
    if key is None:
        return None
    card, copy = key
    seen = 0
    for index, other in enumerate(order):
        if other == card:
            if seen == copy:
                return index
            seen += 1
    return None


def follow(order: Sequence[Card], hand: Sequence[Card], arranged: bool, sort: Sorter) -> list[Card]:
    """The display order of ``hand`` after a change: sorted, or (when the player arranged the
    hand) the cards still held in the order they had, new cards after them."""
    if not arranged:
        return sort(hand)
    left = Counter(hand)
    kept = []
    for card in order:
        if left[card] > 0:
            kept.append(card)
            left[card] -= 1
    return kept + sort(list(left.elements()))


def moved(order: Sequence[Card], index: int, step: int) -> list[Card]:
    """``order`` with the card at ``index`` moved ``step`` places (stopping at either end)."""
    cards = list(order)
    target = max(0, min(len(cards) - 1, index + step))
    cards.insert(target, cards.pop(index))
    return cards


def carried(
    before: Sequence[Card], after: Sequence[Card], cursor: int, selected: Iterable[int]
) -> tuple[int, set[int]]:
    """The cursor and selection of ``before`` on the same cards in ``after``; a cursor whose
    card left stays at its place (kept inside the hand)."""
    found = index_of(after, key_at(before, cursor))
    if found is None:
        found = max(0, min(cursor, len(after) - 1))
    chosen = {index_of(after, key_at(before, index)) for index in selected}
    return found, {index for index in chosen if index is not None}


def same_cards(first: Collection[Card], second: Collection[Card]) -> bool:
    """True when both hold the same cards (copies counted)."""
    return Counter(first) == Counter(second)


def drawn_card(before: Sequence[Card], after: Sequence[Card]) -> Card | None:
    """The card that came into the hand between ``before`` and ``after``."""
    new = Counter(after) - Counter(before)
    return next(iter(new), None)


def indices(order: Sequence[Card], cards: Sequence[Card]) -> set[int]:
    """Positions in ``order`` holding ``cards`` (a multiset: twins take distinct positions)."""
    wanted = Counter(cards)
    found = set()
    for index, card in enumerate(order):
        if wanted[card] > 0:
            wanted[card] -= 1
            found.add(index)
    return found
