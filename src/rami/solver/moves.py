"""What a turn can do on the table, read from a player's view.

:func:`stand_in` builds an engine state for the view's seat (its hand, the table, the turn so
far; other hands unknown) so plans can be replayed through the engine; the other helpers list
the lay-offs and retrievals the planner in :mod:`rami.solver.table` searches over.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from rami.actions import (
    Action,
    DrawDiscard,
    DrawStock,
    End,
    LayOff,
    MeldAction,
    Open,
    Swap,
    TakeBack,
)
from rami.cards import JOKER, Card
from rami.engine import apply
from rami.errors import IllegalActionError
from rami.melds import Meld, MeldKind, layoff_readings, swap_joker
from rami.rules import RuleSet
from rami.state import Phase, RoundState, TableMeld
from rami.views import PlayerView

Table = tuple[Meld, ...]
Move = tuple[LayOff | Swap, Card, Meld]
"""A table play, the card it takes from the hand, and the meld it leaves."""


@dataclass(frozen=True, slots=True)
class Turn:
    """Everything the search needs from the view, and a stand-in engine state to check with."""

    view: PlayerView
    state: RoundState


def _turn_so_far(view: PlayerView) -> tuple[bool, int]:
    """(opened this turn, copies of the taken card held before it was drawn)."""
    start = len(view.events)
    while start and view.events[start - 1].seat == view.seat:
        start -= 1
        if isinstance(view.events[start].action, (DrawStock, DrawDiscard)):
            break
    turn = view.events[start:]
    opened_before = view.has_opened and not any(isinstance(e.action, Open) for e in turn)
    out: Counter[Card] = Counter()  # cards that left the hand since the draw
    staged: Counter[Card] = Counter()
    opened_now = False
    for event in turn:
        action = event.action
        if isinstance(action, MeldAction):
            out.update(action.cards)
            if not (opened_before or opened_now):
                staged.update(action.cards)
        elif isinstance(action, TakeBack):
            out -= staged
            staged.clear()
        elif isinstance(action, Open):
            opened_now = True
            staged.clear()
        elif isinstance(action, (LayOff, Swap)):
            out[action.card] += 1
            if isinstance(action, Swap):
                out[JOKER] -= 1
    if view.taken is None:
        return opened_now, 0
    return opened_now, max(0, view.hand.count(view.taken) + out[view.taken] - 1)


def stand_in(view: PlayerView) -> RoundState:
    """An engine state with this seat's hand, the table and the turn so far (others unknown)."""
    assert view.seat is not None
    opened_now, twins = _turn_so_far(view)
    table = tuple(TableMeld(0 if tm.owner == view.seat else 1, tm.meld) for tm in view.table)
    return RoundState(
        rules=view.rules,
        seed="plan",
        dealer=1,
        hands=(view.hand, (0,)),
        stock=(),
        discard_pile=view.discard_pile,
        opened=(view.has_opened, True),
        current=0,
        table=table,
        phase=Phase.PLAY,
        staged=view.staged,
        taken=view.taken,
        taken_twins=twins,
        opened_this_turn=opened_now,
        joker_debt=view.joker_debt,
    )


def without(hand: Sequence[Card], cards: Sequence[Card]) -> tuple[Card, ...]:
    """``hand`` less one copy of each of ``cards``."""
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return tuple(rest)


def discards(
    turn: Turn, hand: Sequence[Card], table: Table, debt: int, opening: bool
) -> tuple[set[Card], set[Card]]:
    """(preferred, allowed): cards the turn may end by discarding, and those allowed only as
    the last card (a joker kept for going out, a card that could be laid off)."""
    state, rules = turn.state, turn.view.rules
    allowed = set(hand)
    if state.taken is not None and state.taken in allowed:
        held = hand.count(state.taken)
        if not rules.twin_of_taken_discardable or (held > state.taken_twins and held < 2):
            allowed.discard(state.taken)
    if debt:
        allowed.discard(JOKER)
    preferred = set(allowed)
    if rules.discard_joker == "only_to_go_out":
        preferred.discard(JOKER)
    if not rules.discard_playable and (state.opened[0] or opening):
        jpm = rules.jokers_per_meld
        preferred = {c for c in preferred if not any(layoff_readings(m, c, jpm) for m in table)}
    return preferred, allowed


def room_for_jokers(table: Table, rules: RuleSet) -> int:
    """How many jokers could still be laid off on ``table``."""
    room = 0
    for meld in table:
        longest = 13 if meld.kind is MeldKind.RUN else 4
        room += max(0, min(rules.jokers_per_meld - meld.jokers, longest - len(meld.cards)))
    return room


def meld_action(meld: Meld, turn: Turn) -> MeldAction:
    """The action laying ``meld`` down (naming its jokers when the rules let players declare)."""
    declared = turn.view.rules.joker_position == "declared" and meld.kind is MeldKind.RUN
    jokers_as = tuple(sorted(meld.joker_cards())) if declared else ()
    return MeldAction(tuple(sorted(meld.cards)), jokers_as)


def layoffs(turn: Turn, hand: Sequence[Card], table: Table) -> list[Move]:
    """Every (lay-off, card, meld after) for cards of ``hand`` on ``table``.

    A joker is laid off here only where it makes room for a natural card of the hand; laid
    anywhere else it is simply gone from the hand, which the leaf counts (``free_jokers``).
    """
    rules = turn.view.rules
    jpm = rules.jokers_per_meld
    naturals = sorted(set(hand) - {JOKER})
    out: list[Move] = []
    for index, meld in enumerate(table):
        for card in sorted(set(hand)):
            readings = layoff_readings(meld, card, jpm)
            if card == JOKER and rules.joker_position == "lowest":
                readings = readings[:1]
            two_ends = len(readings) > 1
            if card == JOKER:
                readings = [
                    after
                    for after in readings
                    if any(
                        layoff_readings(after, c, jpm) and not layoff_readings(meld, c, jpm)
                        for c in naturals
                    )
                ]
            for after in readings:
                end: End = ""
                if two_ends:
                    end = "low" if after.rank < meld.rank else "high"
                out.append((LayOff(card, index, end), card, after))
    return out


def swaps(turn: Turn, hand: Sequence[Card], table: Table) -> list[Move]:
    """Every (retrieval, card given, meld after) for cards of ``hand``."""
    rules = turn.view.rules
    if not rules.joker_retrieval:
        return []
    out: list[Move] = []
    for index, meld in enumerate(table):
        if JOKER not in meld.cards or (meld.kind is MeldKind.SET and not rules.retrieval_from_set):
            continue
        for card in sorted(set(hand) - {JOKER}):
            after = swap_joker(meld, card)
            if after is not None:
                out.append((Swap(card, index), card, after))
    return out


def replay(state: RoundState, actions: Sequence[Action], done: list[Action]) -> RoundState:
    """Apply ``actions``, each time the first the engine accepts (a retrieval may have to wait
    for a lay-off, or a joker lay-off for a retrieval); raise if none is accepted."""
    pending = list(actions)
    while pending:
        for i, action in enumerate(pending):
            try:
                state = apply(state, action)
            except IllegalActionError:
                continue
            done.append(pending.pop(i))
            break
        else:
            raise IllegalActionError("the plays cannot be ordered", "illegal_plan")
    return state


def joker_layoff(state: RoundState, discard: Card | None) -> LayOff:
    """A lay-off of a joker from the hand onto the table, preferring places that leave the
    discard unplayable (it may not be discarded if it could be laid off, under some rules)."""
    rules = state.rules
    jpm = rules.jokers_per_meld
    found: list[tuple[bool, LayOff]] = []
    for index, tm in enumerate(state.table):
        readings = layoff_readings(tm.meld, JOKER, jpm)
        if rules.joker_position == "lowest":
            readings = readings[:1]
        for after in readings:
            end: End = ""
            if len(readings) > 1:
                end = "low" if after.rank < tm.meld.rank else "high"
            fits = discard is not None and bool(layoff_readings(after, discard, jpm))
            found.append((fits, LayOff(JOKER, index, end)))
    if not found:
        raise IllegalActionError("no room for a joker on the table", "layoff_does_not_fit")
    return min(found, key=lambda item: item[0])[1]
