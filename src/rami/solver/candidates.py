"""Every meld a hand can form, packed for the search, from cached per-suit and per-rank tables.

A hand is one integer with a count per card (see :mod:`rami.solver.layout`): in the natural
layout card code ``c`` (0-51) owns bits ``4c .. 4c+3`` (a count of up to 7 copies under a
guard bit) and the joker owns bits 208-212 (up to 15 jokers, guard on top). A meld is a
vector of the same shape, so "does it fit" is one subtraction and one mask test, and the
lowest set bit of a state names its lowest natural card.

A meld never holds two copies of a natural card, so the runs a hand offers depend only on
which ranks of a suit it holds and how many jokers a meld may use; the sets, only on which
suits of a rank it holds. Both are computed once per such key and cached, and once more for
each place a layout gives those suits. A hand with jokers is packed in the layout that puts
the suits offering fewer runs first, each suit from its ace down (see :func:`_layout_for`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from operator import itemgetter
from typing import Any, NamedTuple

from rami.cards import JOKER, Card
from rami.melds import Meld, MeldKind, make_meld, meld_readings
from rami.solver.layout import (
    BITS,
    COUNT,
    GUARDS,
    JOKER_COUNT,
    JOKER_SHIFT,
    NATURAL,
    NATURALS,
    Layout,
    ordered,
)


class Shape(NamedTuple):
    """One candidate meld, packed."""

    vector: int
    low: Card
    """The meld's lowest natural card (as placed in the layout the shape is packed in): the
    search melds it while that card is the lowest."""
    size: int
    jokers: int
    clean: bool
    points: int
    natural_points: int
    """Points with the jokers' positions counted 0."""
    high_points: int
    """Points of the best reading, where the rules let players declare what a joker is."""
    cards: tuple[Card, ...]
    meld: Meld
    """The meld the cards form, jokers at their lowest reading."""


def pack(hand: Sequence[Card]) -> int:
    """The packed state of ``hand``."""
    state = 0
    for card in hand:
        state += 1 << (BITS * card if card != JOKER else JOKER_SHIFT)
    if state & GUARDS:
        raise ValueError("a hand holds at most 7 copies of a card and 15 jokers")
    return state


def unpack(state: int) -> tuple[Card, ...]:
    """The sorted cards of a packed state."""
    out: list[Card] = []
    rest = state & NATURALS
    while rest:
        card = ((rest & -rest).bit_length() - 1) // BITS
        count = (rest >> (BITS * card)) & COUNT
        out.extend([card] * count)
        rest -= count << (BITS * card)
    out.extend([JOKER] * (state >> JOKER_SHIFT))
    return tuple(out)


_SHAPES: dict[tuple[Card, ...], Shape] = {}


def _shape(cards: tuple[Card, ...]) -> Shape:
    found = _SHAPES.get(cards)
    if found is None:
        found = _SHAPES[cards] = _new_shape(cards)
    return found


def _new_shape(cards: tuple[Card, ...]) -> Shape:
    meld = make_meld(cards, 2)
    vector = sum(1 << (BITS * c if c != JOKER else JOKER_SHIFT) for c in cards)
    return Shape(
        vector,
        cards[0],
        len(cards),
        meld.jokers,
        meld.clean,
        meld.points(),
        meld.points(jokers_count=False),
        max(m.points() for m in meld_readings(cards, 2)),
        cards,
        meld,
    )


_RUNS: dict[tuple[int, int, int], tuple[Shape, ...]] = {}
_SETS: dict[tuple[int, int, int], tuple[Shape, ...]] = {}


def _runs(suit: int, ranks: int, jokers: int) -> tuple[Shape, ...]:
    """Runs of ``suit`` from the ranks in bit mask ``ranks`` (bit r-1 = rank r, 13 = ace high)."""
    have = [False] + [bool(ranks >> r & 1) for r in range(14)]
    found: set[tuple[Card, ...]] = set()
    for start in range(1, 13):
        missing = 0
        for end in range(start, min(start + 13, 15)):
            missing += not have[end]
            if missing > jokers:
                break
            naturals = [suit * 13 + (r - 1) % 13 for r in range(start, end + 1) if have[r]]
            if end - start < 2 or len(naturals) < 2:
                continue
            for spare in range(jokers - missing + 1):
                for dropped in combinations(naturals, spare):
                    kept = sorted(set(naturals) - set(dropped))
                    if len(kept) >= 2:
                        found.add((*kept, *[JOKER] * (missing + spare)))
    return tuple(_shape(cards) for cards in sorted(found))


def _sets(rank: int, suits: int, jokers: int) -> tuple[Shape, ...]:
    """Sets of ``rank`` from the suits in bit mask ``suits``."""
    held = [s * 13 + rank - 1 for s in range(4) if suits >> s & 1]
    found = []
    for n in range(2, len(held) + 1):
        for chosen in combinations(held, n):
            for extra in range(jokers + 1):
                if 3 <= n + extra <= 4:
                    found.append((*chosen, *[JOKER] * extra))
    return tuple(_shape(cards) for cards in sorted(found))


def shapes(hand: Sequence[Card], jokers_per_meld: int) -> list[Shape]:
    """Every distinct meld the cards of ``hand`` can form (at most ``jokers_per_meld`` jokers)."""
    by_suit = [0, 0, 0, 0]
    by_rank = [0] * 13
    jokers = 0
    for card in hand:
        if card == JOKER:
            jokers += 1
        else:
            suit, rank = divmod(card, 13)
            by_suit[suit] |= 1 << rank
            by_rank[rank] |= 1 << suit
    jokers = min(jokers, jokers_per_meld)
    out: list[Shape] = []
    gap = jokers + 1
    for suit, ranks in enumerate(by_suit):
        ranks |= (ranks & 1) << 13
        for cluster in clusters(ranks, gap):
            key = (suit, cluster, jokers)
            found = _RUNS.get(key)
            if found is None:
                found = _RUNS[key] = _runs(suit, cluster, jokers)
            out.extend(found)
    for rank, suits in enumerate(by_rank):
        if suits & (suits - 1):
            key = (rank, suits, jokers)
            found = _SETS.get(key)
            if found is None:
                found = _SETS[key] = _sets(rank + 1, suits, jokers)
            out.extend(found)
    return out


def clusters(ranks: int, gap: int) -> Iterator[int]:
    """The clusters of set bits in ``ranks`` close enough for one run (no two neighbours more
    than ``gap`` bits apart: the gaps a meld's jokers can fill), those of two bits or more."""
    while ranks & (ranks - 1):
        last = ranks & -ranks
        cluster = last
        rest = ranks ^ last
        while rest:
            bit = rest & -rest
            if bit > last << gap:
                break
            cluster |= bit
            last = bit
            rest ^= bit
        ranks = rest
        if cluster & (cluster - 1):
            yield cluster


def _placed(shape: Shape, layout: Layout) -> Shape:
    """``shape`` with its vector and lowest card in ``layout`` (its cards and meld as they are)."""
    vector = sum(layout.bits[card] for card in shape.cards)
    low = min([layout.place(card) for card in shape.cards if card != JOKER])
    return shape._replace(vector=vector, low=low)


class Group:
    """Candidate melds of one run cluster or one rank, grouped by lowest card, with the
    derived option tables each search builds from them (cached with the group)."""

    __slots__ = ("by_low", "clean", "cover", "derived", "joker_points", "splits", "whole")

    def __init__(self, found: tuple[Shape, ...], layout: Layout = NATURAL) -> None:
        if layout is not NATURAL:
            found = tuple(_placed(shape, layout) for shape in found)
        lows: dict[Card, list[Shape]] = {}
        cover = 0
        for shape in found:
            lows.setdefault(shape.low, []).append(shape)
            cover |= shape.vector
        self.by_low = tuple((low, tuple(group)) for low, group in lows.items())
        """(lowest card, the melds whose lowest card it is) pairs."""
        self.cover = cover
        """Every card some meld of the group uses, one copy each."""
        self.clean = any(shape.clean for shape in found)
        """Whether some meld of the group is a clean run."""
        self.joker_points = (
            max([s.points - s.natural_points for s in found if s.jokers], default=0),
            max([s.high_points - s.natural_points for s in found if s.jokers], default=0),
        )
        """The most points the jokers of one meld of the group score: read lowest, and read
        best (where players declare them)."""
        self.whole = _whole(found, cover)
        """The joker-free meld of every card of the group, when it beats any split of them."""
        self.splits = _splits(self.whole, layout)
        """Sets of cards (one bit each) that, all held twice, let two melds of the group share
        them; while no such set is held twice, the whole meld beats every split."""
        self.derived: dict[int, Any] = {}
        """Option tables a search derives from ``by_low``, by the search's own key (each
        search knows the shape of its own tables)."""


def _whole(found: tuple[Shape, ...], cover: int) -> Shape | None:
    """The meld taking each card of ``cover`` once, if no meld of ``found`` has a joker and
    it is not a 13-card run (the only run whose ace can play low in one split and high in
    another): every card then scores the same in any meld, so it leaves less than any split."""
    if any(shape.jokers for shape in found):
        return None
    for shape in found:
        if shape.vector == cover and shape.size < 13:
            return shape
    return None


def _splits(whole: Shape | None, layout: Layout) -> tuple[int, ...]:
    """The twin patterns under which two melds of ``whole``'s cards can share a card: two
    sets of one rank need two shared suits; two different runs share one card with two
    more on each side, two cards with one more on each side, or three in a row."""
    if whole is None:
        return ()
    bits = [layout.bits[card] for card in whole.meld.cards]
    if whole.meld.kind is MeldKind.SET:
        return tuple(a | b for a, b in combinations(bits, 2))
    size = len(bits)
    out = [bits[i] for i in range(2, size - 2)]
    out += [bits[i] | bits[i + 1] for i in range(1, size - 2)]
    out += [bits[i] | bits[i + 1] | bits[i + 2] for i in range(size - 2)]
    return tuple(out)


BIT = NATURAL.bits
_ONES = sum(1 << (BITS * c) for c in range(52))
_SUIT = (1 << (13 * BITS)) - 1
_LOW = itemgetter(1)
"""A shape's lowest card."""
_SUIT_GROUPS: dict[int, _SuitRuns] = {}
"""Run groups by suit, ranks held and jokers a meld may use (packed in one key)."""
_SET_GROUPS: dict[int, Group] = {}
"""Set groups by rank, suits held, jokers a meld may use and where those suits sit (one key)."""
_RUN_GROUPS: dict[tuple[int, int, int, int], Group] = {}
"""Run groups by suit, cluster of ranks, jokers a meld may use and where the suit sits."""


def _compact(spread: int) -> int:
    """A mask with one bit per nibble of ``spread`` (bit 4r -> bit r)."""
    out = 0
    rank = 0
    while spread:
        if spread & 1:
            out |= 1 << rank
        spread >>= BITS
        rank += 1
    return out


def _suit_groups(suit: int, ranks: int, jokers: int, layout: Layout) -> tuple[Group, ...]:
    """The run groups of ``suit`` from the ranks held (one bit per nibble, ace at 0 and 13),
    packed in ``layout``."""
    out: list[Group] = []
    gap = BITS * (jokers + 1)
    slot = layout.slots[suit]
    for cluster in clusters(ranks, gap):
        key = (suit, _compact(cluster), jokers)
        group = _RUN_GROUPS.get((*key, slot))
        if group is None:
            found = _RUNS.get(key)
            if found is None:
                found = _RUNS[key] = _runs(*key)
            group = _RUN_GROUPS[(*key, slot)] = Group(found, layout)
        if group.cover:
            out.append(group)
    return tuple(out)


class _SuitRuns:
    """The run groups of one suit from the ranks it holds, wherever the suit sits."""

    __slots__ = ("by_slot", "jokers", "natural", "size", "spread", "suit")

    def __init__(self, suit: int, spread: int, jokers: int) -> None:
        self.suit, self.spread, self.jokers = suit, spread, jokers
        self.natural = _suit_groups(suit, spread, jokers, NATURAL)
        """The groups packed in the natural layout."""
        self.by_slot: list[tuple[Group, ...] | None] = [None] * 8
        """The groups by the suit's :attr:`Layout.slots` (built on first use)."""
        self.by_slot[suit] = self.natural
        runs = sum(len(shapes) for group in self.natural for _, shapes in group.by_low)
        self.size = min(runs, _MOST_RUNS) << _SIZE_BITS * suit
        """How many runs the suit offers, in the suit's field of a key of :func:`_layout_for`."""

    def groups(self, layout: Layout) -> tuple[Group, ...]:
        """The groups packed in ``layout``."""
        slot = layout.slots[self.suit]
        found = self.by_slot[slot]
        if found is None:
            found = self.by_slot[slot] = _suit_groups(self.suit, self.spread, self.jokers, layout)
        return found


def _new_suit_runs(key: int, suit: int, ranks: int, jokers: int) -> _SuitRuns:
    """The run groups of ``suit`` from ``ranks`` (one bit per nibble), cached under ``key``."""
    entry = _SUIT_GROUPS[key] = _SuitRuns(suit, ranks | (ranks & 1) << 13 * BITS, jokers)
    return entry


_SIZE_BITS = 16
_MOST_RUNS = (1 << _SIZE_BITS) - 1
_FEW_RUNS = 12
"""Below this many runs in all, the search is small whatever the order of the suits."""
_ORDERS: dict[int, Layout] = {}
"""Layouts by the runs of each suit (see :func:`_layout_for`)."""


def _layout_for(sizes: int) -> Layout:
    """The layout that puts the suits offering fewer runs first (suits without runs first of
    all; ``sizes``: each suit's count of runs in a field of 16 bits), each suit down from its
    ace: the search then meets fewer states, since the choices it makes first multiply, and it
    decides the cards worth most first. Natural for few runs."""
    layout = _ORDERS.get(sizes)
    if layout is None:
        runs = [sizes >> _SIZE_BITS * suit & _MOST_RUNS for suit in range(4)]
        suits = sorted(range(4), key=runs.__getitem__)
        layout = _ORDERS[sizes] = ordered(suits, down=True) if sum(runs) >= _FEW_RUNS else NATURAL
    return layout


_IN_SUIT = [
    sum(1 << (BITS * (13 * s + r)) for s in range(4) for r in range(13 - k)) for k in range(4)
]
"""Per distance k: the cards k ranks below the top of their suit or lower."""
_SUIT_MASKS = [_SUIT << (13 * BITS * suit) for suit in range(4)]
_ACES = sum(1 << (BITS * 13 * s) for s in range(4))


def _run_starts(held: int, jokers: int) -> int:
    """Cards (one bit each, from ``held``) that some run could start from or end at: three in a
    row, or, with jokers, a second card of the suit within their reach (ace high included)."""
    if not jokers:
        return held & (
            held >> BITS & held >> 2 * BITS & _IN_SUIT[2]
            | held >> 11 * BITS & held >> 12 * BITS & _ACES
        )
    near = (
        held >> BITS & _IN_SUIT[1]
        | held >> 2 * BITS & _IN_SUIT[2]
        | (held >> 11 * BITS | held >> 12 * BITS) & _ACES
    )
    if jokers > 1:
        near |= held >> 3 * BITS & _IN_SUIT[3] | held >> 10 * BITS & _ACES
    return held & near


def _set_group(rank: int, suits: int, jokers: int, layout: Layout) -> Group:
    """The group of the sets of ``rank`` (0-12) from the suits in bit mask ``suits``, packed
    in ``layout``."""
    key = (rank, suits, jokers)
    melds = _SETS.get(key)
    if melds is None:
        melds = _SETS[key] = _sets(rank + 1, suits, jokers)
    return Group(melds, layout)


def wholes(state: int, groups: list[Group]) -> list[Shape] | None:
    """Each group's whole meld, sorted by lowest card, if every group has one, no two groups
    share a card and no group holds one of its split patterns twice: then no partition of
    the hand melds more, or scores more, than all of them."""
    covered = 0
    for group in groups:
        if group.whole is None or covered & group.cover:
            return None
        covered |= group.cover
    twins = (state >> 1 | state >> 2) & covered
    if twins:
        for group in groups:
            for split in group.splits:
                if twins & split == split:
                    return None
    if len(groups) == 1:
        return [groups[0].whole]  # type: ignore[list-item]
    return sorted([group.whole for group in groups], key=_LOW)  # type: ignore[misc]


def cover_weight(
    hand: Sequence[Card], state: int, covered: int, layout: Layout, most: Sequence[int]
) -> int:
    """The sum of ``most[card]`` (by card code) over the cards of ``hand`` that some meld
    covers (``covered``: one bit per card, in ``layout``, as ``state``): at least what the
    melds of the hand can score, the bound the searches start from."""
    if not state & ~(covered * JOKER_COUNT):
        # every card is covered, as in most hands with a joker (a hand with a meld has 2+ cards)
        return sum(itemgetter(*hand)(most))
    shifts = layout.shifts
    return sum([most[card] for card in hand if covered >> shifts[card] & COUNT])


def scan(hand: Sequence[Card], jokers_per_meld: int) -> tuple[int, list[Group], Layout]:
    """The packed state of ``hand``, the groups of every meld it can form (the melds of
    :func:`shapes`, no empty group; the run groups cached per suit and ranks held) and the
    layout both are packed in: natural without jokers, else chosen by :func:`_layout_for`."""
    # itemgetter looks the cards up in C (it returns a single card's value bare)
    state = sum(itemgetter(*hand)(BIT)) if len(hand) > 1 else sum(map(BIT.__getitem__, hand))
    if state & GUARDS:
        raise ValueError("a hand holds at most 7 copies of a card and 15 jokers")
    jokers = state >> JOKER_SHIFT
    if jokers:
        jokers = min(jokers, jokers_per_meld)
        held = state & NATURALS
    else:
        held = state
    held = (held | held >> 1 | held >> 2) & _ONES
    step = 13 * BITS
    out: list[Group] = []
    suits = (held & _SUIT, held >> step & _SUIT, held >> 2 * step & _SUIT, held >> 3 * step)
    runs = _run_starts(held, jokers)
    layout = NATURAL
    if runs and not jokers:
        # joker-free hands keep the natural layout: no sizes to gather (the cheapest path)
        for suit, ranks in enumerate(suits):
            if runs & _SUIT_MASKS[suit]:
                key = ranks << 4 | suit << 2
                out += (_SUIT_GROUPS.get(key) or _new_suit_runs(key, suit, ranks, 0)).natural
    elif runs:
        found: list[_SuitRuns] = []
        sizes = 0
        for suit, ranks in enumerate(suits):
            if runs & _SUIT_MASKS[suit]:
                key = ranks << 4 | suit << 2 | jokers
                entry = _SUIT_GROUPS.get(key) or _new_suit_runs(key, suit, ranks, jokers)
                found.append(entry)
                sizes |= entry.size
        layout = _ORDERS.get(sizes) or _layout_for(sizes)
        if layout is NATURAL:
            for entry in found:
                out += entry.natural
        else:
            state = sum(itemgetter(*hand)(layout.bits))
            slots = layout.slots
            for entry in found:
                out += entry.by_slot[slots[entry.suit]] or entry.groups(layout)
    a, b, c, d = suits
    # ranks a set can take: two suits with a joker, else three
    pairs = (
        (a & (b | c | d)) | (b & (c | d)) | (c & d)
        if jokers
        else (a & b & (c | d)) | ((a | b) & c & d)
    )
    if pairs:
        by_rank = a | b << 1 | c << 2 | d << 3  # nibble r: the suits of rank r held
    placings = layout.placings
    while pairs:
        bit = pairs & -pairs
        pairs ^= bit
        shift = bit.bit_length() - 1
        held_suits = by_rank >> shift & 15
        set_key = (shift << 6 | held_suits << 2 | jokers) << 16 | placings[held_suits]
        group = _SET_GROUPS.get(set_key)
        if group is None:
            group = _SET_GROUPS[set_key] = _set_group(shift // BITS, held_suits, jokers, layout)
        if group.cover:
            out.append(group)
    return state, out, layout


def meld_multisets(hand: Sequence[Card], jokers_per_meld: int) -> list[tuple[Card, ...]]:
    """Every distinct multiset of cards of ``hand`` that forms a valid meld, sorted."""
    return sorted(shape.cards for shape in shapes(hand, jokers_per_meld))
