"""Melds: validation of sets and runs with jokers, the joker's represented card, and points.

A run is stored by its suit and the rank of its lowest position (1 = ace low … 14 = ace
high); a set by its rank. Every position of a run is fixed, jokers included: a joker on the
table represents one card until it is retrieved. In a set a joker stands for a missing suit of
the set's rank; it shows as the first missing suit until a fourth natural card settles it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from itertools import combinations

from rami.cards import JOKER, Card, card_text, make_card, rank_of, suit_of
from rami.errors import InvalidMeldError


class MeldKind(StrEnum):
    """The two kinds of meld."""

    SET = "set"
    RUN = "run"


def position_value(rank: int) -> int:
    """Meld value of a position: ace low 1, 2-10 face value, J/Q/K 10, ace high 11."""
    if rank >= 14:
        return 11
    return min(rank, 10)


_RUN_POINTS = tuple(sum(position_value(r) for r in range(1, high + 1)) for high in range(15))
"""``_RUN_POINTS[high]``: the points of the positions from the ace low up to rank ``high``."""


def set_value(rank: int) -> int:
    """Meld value of one card of a set: aces are high (11)."""
    return 11 if rank == 1 else min(rank, 10)


@dataclass(frozen=True, slots=True)
class Meld:
    """A valid meld in table order: runs low to high, sets by suit with jokers last."""

    kind: MeldKind
    cards: tuple[Card, ...]
    rank: int
    """Set: the rank. Run: the rank of the lowest position (1-12; an ace high is 14)."""
    suit: int
    """Run: the suit. Set: -1."""

    @property
    def high(self) -> int:
        """Run: the rank of the highest position."""
        return self.rank + len(self.cards) - 1

    @property
    def jokers(self) -> int:
        """Number of jokers in the meld."""
        return self.cards.count(JOKER)

    @property
    def clean(self) -> bool:
        """True for a run with no joker (a clean run)."""
        return self.kind is MeldKind.RUN and JOKER not in self.cards

    def represented(self) -> tuple[Card, ...]:
        """The card each position stands for, in table order (naturals stand for themselves)."""
        if self.kind is MeldKind.RUN:
            return tuple(make_card(self.rank + i, self.suit) for i in range(len(self.cards)))
        missing = iter(self.missing_suits())
        return tuple(
            card if card != JOKER else make_card(self.rank, next(missing)) for card in self.cards
        )

    def joker_cards(self) -> tuple[Card, ...]:
        """The cards the jokers represent, in table order."""
        return tuple(r for c, r in zip(self.cards, self.represented(), strict=True) if c == JOKER)

    def missing_suits(self) -> tuple[int, ...]:
        """Set: the suits no natural card of the set has, in suit order."""
        present = {suit_of(card) for card in self.cards if card != JOKER}
        return tuple(s for s in range(4) if s not in present)

    def points(self, jokers_count: bool = True) -> int:
        """Meld points; with ``jokers_count=False`` the jokers' positions count 0."""
        if self.kind is MeldKind.SET:
            naturals = len(self.cards) - (0 if jokers_count else self.jokers)
            return naturals * set_value(self.rank)
        total = _RUN_POINTS[self.high] - _RUN_POINTS[self.rank - 1]
        if jokers_count or JOKER not in self.cards:
            return total
        return total - sum(
            position_value(self.rank + i) for i, card in enumerate(self.cards) if card == JOKER
        )

    def text(self) -> str:
        """The meld's cards in notation, jokers written with what they stand for (``JK=6S``)."""
        return " ".join(
            card_text(c) if c != JOKER else f"JK={card_text(r)}"
            for c, r in zip(self.cards, self.represented(), strict=True)
        )


def _fail(code: str, message: str) -> InvalidMeldError:
    return InvalidMeldError(message, code)


def _set_reading(naturals: list[Card], jokers: int) -> Meld:
    rank = rank_of(naturals[0])
    suits = sorted(suit_of(c) for c in naturals)
    if len(set(suits)) != len(suits):
        raise _fail("set_duplicate_suit", "a set needs cards of different suits")
    if len(naturals) + jokers > 4:
        raise _fail("set_too_long", "a set has at most 4 cards")
    cards = tuple(make_card(rank, s) for s in suits) + (JOKER,) * jokers
    return Meld(MeldKind.SET, cards, rank, -1)


def _run_readings(naturals: list[Card], jokers: int) -> list[Meld]:
    suit = suit_of(naturals[0])
    ranks = sorted(rank_of(c) for c in naturals)
    if len(set(ranks)) != len(ranks):
        raise _fail("run_duplicate_rank", "a run cannot hold the same card twice")
    length = len(ranks) + jokers
    mappings = [ranks]
    if ranks[0] == 1:
        mappings.append(sorted([*ranks[1:], 14]))
    readings: list[Meld] = []
    for mapped in mappings:
        low, high = mapped[0], mapped[-1]
        if high - low + 1 > length or length > 13:
            continue
        present = set(mapped)
        for start in range(max(1, high - length + 1), min(low, 15 - length) + 1):
            cards = tuple(
                make_card(r, suit) if r in present else JOKER for r in range(start, start + length)
            )
            readings.append(Meld(MeldKind.RUN, cards, start, suit))
    if not readings:
        if length > 13:
            raise _fail("run_too_long", "a run has at most 13 cards (the ace is low or high)")
        if 1 in ranks and 13 in ranks:
            raise _fail("run_wraps", "the ace is either low or high: a run does not wrap (K-A-2)")
        raise _fail("run_gap", "the cards of a run must be consecutive")
    return readings


def meld_readings(cards: Iterable[Card], jokers_per_meld: int = 1) -> list[Meld]:
    """Every valid reading of ``cards`` (any order) as one meld, lowest value first.

    A set has one reading; a run with a joker that could stand at either end has several.
    Raises :class:`InvalidMeldError` with a stable code when the cards form no meld.
    """
    cards = list(cards)
    if len(cards) < 3:
        raise _fail("meld_too_short", "a meld needs at least 3 cards")
    naturals = [c for c in cards if c != JOKER]
    jokers = len(cards) - len(naturals)
    if jokers > jokers_per_meld:
        allowed = "one joker" if jokers_per_meld == 1 else f"{jokers_per_meld} jokers"
        raise InvalidMeldError(
            f"only {allowed} per meld", "too_many_jokers", {"count": jokers_per_meld}
        )
    if len(naturals) < 2:
        raise _fail("too_few_naturals", "a meld needs at least 2 natural cards")
    if all(rank_of(c) == rank_of(naturals[0]) for c in naturals):
        return [_set_reading(naturals, jokers)]
    if all(suit_of(c) == suit_of(naturals[0]) for c in naturals):
        readings = _run_readings(naturals, jokers)
        return sorted(readings, key=lambda m: (m.points(), m.rank))
    raise _fail(
        "mixed_meld", "a meld is one rank in different suits (set) or one suit in sequence (run)"
    )


def _pick(readings: Sequence[Meld], jokers_as: Sequence[Card] | None) -> Meld:
    if jokers_as is None:
        return readings[0]
    wanted = tuple(jokers_as)
    for reading in readings:
        if reading.kind is MeldKind.SET or reading.joker_cards() == wanted:
            return reading
    shown = " ".join(card_text(c) for c in wanted)
    raise _fail("joker_position", f"the joker cannot stand for {shown} in this meld")


def make_meld(
    cards: Iterable[Card],
    jokers_per_meld: int = 1,
    jokers_as: Sequence[Card] | None = None,
) -> Meld:
    """Validate ``cards`` as one meld.

    Jokers take the lowest-valued position (ties: the lower rank) unless ``jokers_as`` names
    the cards they stand for (the "declared" joker-position option).
    """
    return _pick(meld_readings(cards, jokers_per_meld), jokers_as)


def layoff_readings(meld: Meld, card: Card, jokers_per_meld: int = 1) -> list[Meld]:
    """The melds ``meld`` can become by laying off ``card``; lowest value first, [] if none."""
    if meld.kind is MeldKind.SET:
        if len(meld.cards) >= 4:
            return []
        if card == JOKER:
            if meld.jokers >= jokers_per_meld:
                return []
        elif rank_of(card) != meld.rank or suit_of(card) not in meld.missing_suits():
            return []
        naturals = [c for c in meld.cards if c != JOKER]
        if card != JOKER:
            naturals.append(card)
        return [_set_reading(naturals, meld.jokers + (card == JOKER))]
    if len(meld.cards) >= 13:
        return []
    if card == JOKER:
        if meld.jokers >= jokers_per_meld:
            return []
        ends = [r for r in (meld.rank - 1, meld.high + 1) if 1 <= r <= 14]
    elif suit_of(card) != meld.suit:
        return []
    else:
        rank = rank_of(card)
        ends = [r for r in (meld.rank - 1, meld.high + 1) if r == rank or (rank == 1 and r == 14)]
    readings = []
    for end in ends:
        if end < meld.rank:
            readings.append(Meld(MeldKind.RUN, (card, *meld.cards), end, meld.suit))
        else:
            readings.append(Meld(MeldKind.RUN, (*meld.cards, card), meld.rank, meld.suit))
    return sorted(readings, key=lambda m: (m.points(), m.rank))


def swap_joker(meld: Meld, card: Card) -> Meld | None:
    """The meld after ``card`` replaces the joker that represents it, or None if it cannot.

    From a set a joker is retrieved only when it stands with 3 natural cards, so the card
    given completes a natural four.
    """
    if card == JOKER or JOKER not in meld.cards:
        return None
    if meld.kind is MeldKind.SET:
        if len(meld.cards) != 4 or meld.jokers != 1 or rank_of(card) != meld.rank:
            return None
        if suit_of(card) not in meld.missing_suits():
            return None
        return _set_reading([c for c in meld.cards if c != JOKER] + [card], 0)
    represented = meld.represented()
    for i, (held, stands_for) in enumerate(zip(meld.cards, represented, strict=True)):
        if held == JOKER and stands_for == card:
            cards = (*meld.cards[:i], card, *meld.cards[i + 1 :])
            return Meld(MeldKind.RUN, cards, meld.rank, meld.suit)
    return None


_CARD_BITS = tuple((c // 13, c % 13 + 1, 1 << (c // 13), 1 << (c % 13 + 1)) for c in range(52))
"""Per card code: (suit, rank, its suit's bit, its rank's bit)."""


def candidate_melds(hand: Sequence[Card], jokers_per_meld: int = 1) -> list[tuple[Card, ...]]:
    """Every distinct multiset of cards from ``hand`` that forms a valid meld, in sorted order.

    Each result is a sorted tuple of card codes; twins never produce duplicates.
    """
    jokers = min(hand.count(JOKER), jokers_per_meld)
    suits_of_rank = [0] * 14
    ranks_of_suit = [0] * 4
    for card in hand:
        if card != JOKER:
            suit, rank, suit_bit, rank_bit = _CARD_BITS[card]
            suits_of_rank[rank] |= suit_bit
            ranks_of_suit[suit] |= rank_bit
    found: list[tuple[Card, ...]] = []
    for rank in range(1, 14):
        mask = suits_of_rank[rank]
        if mask & (mask - 1):
            found += _set_melds(rank, mask, jokers)
    for suit in range(4):
        mask = ranks_of_suit[suit]
        if mask & (mask - 1):
            found += _run_melds(suit, mask, jokers)
    found.sort()  # sets of one rank and runs of one suit never repeat one another
    return found


@cache
def _set_melds(rank: int, suit_mask: int, jokers: int) -> tuple[tuple[Card, ...], ...]:
    return tuple(
        tuple(13 * s + rank - 1 for s in suits) + (JOKER,) * used
        for suits, used in _set_templates(suit_mask, jokers)
    )


@cache
def _run_melds(suit: int, rank_mask: int, jokers: int) -> tuple[tuple[Card, ...], ...]:
    return tuple(
        tuple(13 * suit + r - 1 for r in ranks) + (JOKER,) * used
        for ranks, used in _run_templates(rank_mask, jokers)
    )


Template = tuple[tuple[int, ...], int]


@cache
def _set_templates(suit_mask: int, jokers: int) -> tuple[Template, ...]:
    """(suits, jokers used) of every set from the suits in ``suit_mask``."""
    suits = [s for s in range(4) if suit_mask >> s & 1]
    out: list[Template] = []
    for size in range(2, len(suits) + 1):
        for chosen in combinations(suits, size):
            out.extend((chosen, extra) for extra in range(jokers + 1) if 3 <= size + extra <= 4)
    return tuple(out)


@cache
def _run_templates(rank_mask: int, jokers: int) -> tuple[Template, ...]:
    """(natural ranks, jokers used) of every run from the ranks in ``rank_mask`` (bit r)."""
    have = [bool(rank_mask >> r & 1) for r in range(15)]
    have[14] = have[1]
    out: set[Template] = set()
    for start in range(1, 13):
        missing = 0
        for end in range(start, min(start + 13, 15)):
            missing += not have[end]
            if missing > jokers:
                break
            if end - start < 2:
                continue
            naturals = sorted(1 if r == 14 else r for r in range(start, end + 1) if have[r])
            if len(naturals) < 2:
                continue
            out.add((tuple(naturals), missing))
            for extra in range(1, jokers - missing + 1):
                for dropped in combinations(range(len(naturals)), extra):
                    kept = tuple(r for i, r in enumerate(naturals) if i not in dropped)
                    if len(kept) >= 2:
                        out.add((kept, missing + extra))
    return tuple(sorted(out))
