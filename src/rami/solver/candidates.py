"""The candidate melds of a hand (:func:`rami.melds.candidate_melds`), packed for the searches.

A hand is one integer with a count per card (see :mod:`rami.solver.layout`); a meld is a
vector of the same shape, so "does it fit" is one subtraction and one mask test. The runs a
hand offers depend only on the ranks each suit holds and the jokers a meld may use; the sets,
on the suits each rank holds. The melds of each such key are enumerated once, grouped by the
cards they share and cached, once more per place a layout gives those suits."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from operator import itemgetter
from typing import Any, NamedTuple

from rami.cards import JOKER, Card
from rami.melds import Meld, MeldKind, candidate_melds, make_meld, meld_readings
from rami.rules import RuleSet
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
    """One candidate meld, packed: ``low`` is its lowest natural card as placed in the layout
    it is packed in (the search melds it while that card is the lowest), ``natural_points`` its
    points with the jokers counted 0, ``high_points`` those of its best reading (where players
    declare what a joker is), ``meld`` the meld its cards form, jokers at their lowest."""

    vector: int
    low: Card
    size: int
    jokers: int
    clean: bool
    points: int
    natural_points: int
    high_points: int
    cards: tuple[Card, ...]
    meld: Meld


_SHAPES: dict[tuple[Card, ...], Shape] = {}


def shape_of(cards: tuple[Card, ...]) -> Shape:
    """The shape of the meld ``cards`` (sorted, jokers last) in the natural layout (cached)."""
    found = _SHAPES.get(cards)
    if found is None:
        meld = make_meld(cards, 2)
        points = max(m.points() for m in meld_readings(cards, 2))
        found = _SHAPES[cards] = Shape(
            sum(NATURAL.bits[c] for c in cards),
            cards[0],
            len(cards),
            meld.jokers,
            meld.clean,
            meld.points(),
            meld.points(jokers_count=False),
            points,
            cards,
            meld,
        )
    return found


@lru_cache(maxsize=1 << 14)
def declared_meld(cards: tuple[Card, ...]) -> Meld:
    """The reading of ``cards`` worth most (ties: the lower), for rules where players declare
    what a joker stands for."""
    return max(meld_readings(cards, 2), key=lambda m: (m.points(), -m.rank))


def opening_meld(shape: Shape, rules: RuleSet) -> Meld:
    """The meld ``shape`` forms in an opening: the best declared reading when the rules allow
    declaring jokers, else the lowest."""
    return declared_meld(shape.cards) if rules.joker_position == "declared" else shape.meld


def opening_points(shape: Shape, rules: RuleSet) -> int:
    """What a candidate meld counts toward the opening under ``rules``."""
    if not rules.jokers_count_in_opening:
        return shape.natural_points
    return shape.high_points if rules.joker_position == "declared" else shape.points


def pack(hand: Sequence[Card], layout: Layout = NATURAL) -> int:
    """The packed state of ``hand`` in ``layout``."""
    # itemgetter looks the cards up in C (it returns a single card's value bare)
    state = (
        sum(itemgetter(*hand)(layout.bits)) if len(hand) > 1 else sum(layout.bits[c] for c in hand)
    )
    if state & GUARDS:
        raise ValueError("a hand holds at most 7 copies of a card and 15 jokers")
    return state


class Group:
    """Candidate melds that share cards with one another: ``by_low``, (lowest card, the melds
    whose lowest card it is) pairs; ``cover``, every card they use, one copy each; ``clean``,
    whether one is a clean run; ``joker_points``, the most the jokers of one meld score, read
    lowest and read best; ``whole``, the joker-free meld of every card of the group when it
    beats any split of them, and ``splits``, sets of cards (one bit each) that, all held twice,
    let two melds share them; ``derived``, the option tables each search builds from them."""

    __slots__ = ("by_low", "clean", "cover", "derived", "joker_points", "splits", "whole")

    def __init__(self, found: list[Shape], layout: Layout) -> None:
        lows: dict[Card, list[Shape]] = {}
        cover = 0
        for shape in found:
            lows.setdefault(shape.low, []).append(shape)
            cover |= shape.vector
        self.by_low = tuple((low, tuple(group)) for low, group in lows.items())
        self.cover = cover
        self.clean = any(shape.clean for shape in found)
        self.joker_points = (
            max([s.points - s.natural_points for s in found if s.jokers], default=0),
            max([s.high_points - s.natural_points for s in found if s.jokers], default=0),
        )
        self.whole = _whole(found, cover)
        self.splits = _splits(self.whole, layout)
        self.derived: dict[int, Any] = {}


def _whole(found: list[Shape], cover: int) -> Shape | None:
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


def _groups(cards: tuple[Card, ...], jokers: int, layout: Layout) -> tuple[Group, ...]:
    """The melds of ``cards`` (one suit's or one rank's) with up to ``jokers`` jokers, packed
    in ``layout`` and split into groups that share no natural card."""
    parts: list[tuple[int, list[Shape]]] = []
    for meld in candidate_melds(cards + (JOKER,) * jokers, jokers):
        shape = shape_of(meld)
        if layout is not NATURAL:
            low = min([layout.place(card) for card in meld if card != JOKER])
            shape = shape._replace(vector=sum(layout.bits[card] for card in meld), low=low)
        mask = shape.vector & NATURALS
        joined = [shape]
        for part in [part for part in parts if part[0] & mask]:
            parts.remove(part)
            mask |= part[0]
            joined[:0] = part[1]
        parts.append((mask, joined))
    return tuple(Group(shapes, layout) for _, shapes in parts)


_LOW = itemgetter(1)
"""A shape's lowest card."""
_ONES = sum(1 << (BITS * c) for c in range(52))
_SUIT = (1 << (13 * BITS)) - 1
_RUNS: dict[tuple[int, int, int, int], tuple[Group, ...]] = {}
"""Run groups by suit, cluster of ranks (one bit per nibble, the ace high at 13), jokers a
meld may use and the suit's :attr:`Layout.slots`."""
_SETS: dict[tuple[int, int, int, int], tuple[Group, ...]] = {}
"""Set groups by rank, suits held, jokers a meld may use and where those suits sit."""
_SUITS: dict[tuple[int, int, int], list[Any]] = {}
"""Per suit, ranks held and jokers a meld may use: see :func:`_suit`."""
_ORDERS: dict[tuple[int, ...], Layout] = {}
"""Layouts by the count of runs each suit offers (see :func:`_layout_for`)."""
_FEW_RUNS = 12
"""Below this many runs in all, the search is small whatever the order of the suits."""


def _run_groups(suit: int, ranks: int, jokers: int, layout: Layout) -> list[Group]:
    """The run groups of ``suit`` from the ranks held (one bit per nibble), cached per cluster
    of ranks close enough for one run (no two neighbours further apart than a meld's jokers
    can fill)."""
    out: list[Group] = []
    slot = layout.slots[suit]
    ranks |= (ranks & 1) << 13 * BITS  # the ace plays high too
    gap = BITS * (jokers + 1)
    while ranks & (ranks - 1):
        last = cluster = ranks & -ranks
        ranks ^= last
        while ranks and (bit := ranks & -ranks) <= last << gap:
            cluster |= bit
            last = bit
            ranks ^= bit
        if cluster & (cluster - 1):
            key = (suit, cluster, jokers, slot)
            found = _RUNS.get(key)
            if found is None:
                cards = tuple(13 * suit + r % 13 for r in range(14) if cluster >> BITS * r & 1)
                found = _RUNS[key] = _groups(cards, jokers, layout)
            out += found
    return out


def _suit(suit: int, ranks: int, jokers: int) -> list[Any]:
    """[runs the suit offers, then its run groups by the suit's :attr:`Layout.slots` (None
    until first used)] for the ``ranks`` it holds (cached)."""
    key = (suit, ranks, jokers)
    entry = _SUITS.get(key)
    if entry is None:
        natural = _run_groups(suit, ranks, jokers, NATURAL)
        entry = _SUITS[key] = [sum(len(s) for g in natural for _, s in g.by_low)] + [None] * 8
        entry[1 + suit] = natural
    return entry


def _may_run(ranks: int, jokers: int) -> int:
    """Whether the ``ranks`` of a suit (one bit per nibble) may hold a run: three in a row, or,
    with jokers, two within their reach (the ace high too)."""
    ranks |= (ranks & 1) << 13 * BITS
    if not jokers:
        return ranks & ranks >> BITS & ranks >> 2 * BITS
    near = ranks >> BITS | ranks >> 2 * BITS
    return ranks & (near | ranks >> 3 * BITS if jokers > 1 else near)


def _layout_for(runs: tuple[int, ...]) -> Layout:
    """The layout that puts the suits offering fewer ``runs`` first, each suit down from its
    ace: the search then meets fewer states, since the choices it makes first multiply, and it
    decides the cards worth most first. Natural for few runs."""
    layout = _ORDERS.get(runs)
    if layout is None:
        suits = sorted(range(4), key=runs.__getitem__)
        layout = _ORDERS[runs] = ordered(suits, down=True) if sum(runs) >= _FEW_RUNS else NATURAL
    return layout


def scan(hand: Sequence[Card], jokers_per_meld: int) -> tuple[int, list[Group], Layout]:
    """The packed state of ``hand``, the groups of every meld it can form (no empty group) and
    the layout both are packed in: natural without jokers, else chosen by :func:`_layout_for`."""
    state = pack(hand)
    jokers = min(state >> JOKER_SHIFT, jokers_per_meld)
    held = (state | state >> 1 | state >> 2) & _ONES
    step = 13 * BITS
    suits = (held & _SUIT, held >> step & _SUIT, held >> 2 * step & _SUIT, held >> 3 * step)
    layout = NATURAL
    out: list[Group] = []
    entries = [
        (suit, _SUITS.get((suit, ranks, jokers)) or _suit(suit, ranks, jokers))
        for suit, ranks in enumerate(suits)
        if _may_run(ranks, jokers)
    ]
    if jokers and entries:
        sizes = [0, 0, 0, 0]
        for suit, entry in entries:
            sizes[suit] = entry[0]
        layout = _ORDERS.get(key := tuple(sizes)) or _layout_for(key)
        if layout is not NATURAL:
            state = pack(hand, layout)
    slots = layout.slots
    for suit, entry in entries:
        found = entry[1 + slots[suit]]
        if found is None:
            found = entry[1 + slots[suit]] = _run_groups(suit, suits[suit], jokers, layout)
        out += found
    a, b, c, d = suits
    # ranks a set can take: two suits with a joker, else three
    pairs = (
        (a & (b | c | d)) | (b & (c | d)) | (c & d)
        if jokers
        else (a & b & (c | d)) | ((a | b) & c & d)
    )
    by_rank = a | b << 1 | c << 2 | d << 3  # nibble r: the suits of rank r held
    while pairs:
        bit = pairs & -pairs
        pairs ^= bit
        shift = bit.bit_length() - 1
        held_suits = by_rank >> shift & 15
        key4 = (shift, held_suits, jokers, layout.placings[held_suits])
        found = _SETS.get(key4)
        if found is None:
            cards = tuple(13 * s + shift // BITS for s in range(4) if held_suits >> s & 1)
            found = _SETS[key4] = _groups(cards, jokers, layout)
        out += found
    return state, out, layout


def wholes(state: int, groups: list[Group]) -> list[Shape] | None:
    """Each group's whole meld, if every group has one, no two groups share a card and no
    group holds one of its split patterns twice: then no partition of the hand melds more, or
    scores more, than all of them."""
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
    found = [group.whole for group in groups]
    return found if len(found) == 1 else sorted(found, key=_LOW)  # type: ignore[return-value,arg-type]


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
