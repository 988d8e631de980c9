"""What a turn can do on the table, read from a player's view.

:func:`stand_in` completes the view into an engine state (the unseen cards dealt in order) so
plans can be checked and replayed through the engine; the other helpers list the lay-offs and
retrievals the planner in :mod:`rami.planning.plans` searches over. Every rule comes from the
engine: lay-off ends, retrievals, discard restrictions and refusals.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import cycle, islice

from rami.actions import Action, Discard, LayOff, MeldAction, Swap
from rami.cards import JOKER, Card
from rami.engine import attempt, discard_options, layoff_options, refusal, swap_result
from rami.errors import IllegalActionError
from rami.melds import Meld, MeldKind
from rami.rules import RuleSet
from rami.state import RoundState, TableMeld, evolve
from rami.views import PlayerView, complete_round, round_seats, unseen_cards

Table = tuple[Meld, ...]
Move = tuple[LayOff | Swap, Card, Meld]
"""A table play, the card it takes from the hand, and the meld it leaves."""


@dataclass(frozen=True, slots=True)
class Turn:
    """Everything the search needs from the view, and a stand-in engine state to check with."""

    view: PlayerView
    state: RoundState


def stand_in(view: PlayerView) -> RoundState:
    """The view completed into an engine state: the unseen cards go, in order, to the other
    hands and then to the stock (plans depend on this seat's cards and the table only). A
    position built by hand may show more hidden cards than the deck leaves unseen; they are
    then filled by repeating the unseen cards."""
    unseen = cycle(unseen_cards(view) or [0])
    others = {
        seat: list(islice(unseen, view.hand_sizes[seat]))
        for seat in round_seats(view)
        if seat != view.seat
    }
    return complete_round(view, others, list(islice(unseen, view.stock_size)), "plan")


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
    the last card, by the engine's rules; while a retrieved joker is owed the search keeps
    every joker (it cannot tell the retrieved one from the hand's own yet)."""
    held_jokers = hand.count(JOKER) if debt else 0
    preferred, allowed = _discard_options(turn, hand, table, held_jokers, opening)
    return set(preferred), set(allowed)


def discard_allowed(
    turn: Turn, hand: Sequence[Card], card: Card, table: Table, debt: int, opening: bool
) -> bool:
    """True when the engine lets the turn end by discarding ``card`` from ``hand`` (the hand
    at the end of the turn, ``table`` the table then): its discard rules and what it obliges
    the player to play first (a retrieved joker, the card taken from the pile). A turn that
    owes neither needs no state: the engine's discard options answer, as its refusal would."""
    owed = min(debt, hand.count(JOKER))
    if turn.state.taken is None and not owed:
        preferred, allowed = _discard_options(turn, hand, table, 0, opening)
        return card in (preferred or allowed)
    return refusal(_turn_end(turn, hand, table, owed, opening), Discard(card)) is None


def _turn_end(
    turn: Turn, hand: Sequence[Card], table: Table, owed: int, opening: bool
) -> RoundState:
    """The stand-in state once the turn's plays are made: ``hand`` held, ``table`` on the table
    (new melds last, laid by this seat), opened if ``opening``, ``owed`` retrieved jokers owed."""
    state = turn.state
    seat = state.current
    owners = [tm.owner for tm in state.table]
    hands = list(state.hands)
    hands[seat] = tuple(sorted(hand))
    opened = list(state.opened)
    opened[seat] = opened[seat] or opening
    return evolve(
        state,
        hands=tuple(hands),
        table=tuple(
            TableMeld(owners[i] if i < len(owners) else seat, meld) for i, meld in enumerate(table)
        ),
        opened=tuple(opened),
        staged=(),
        opened_this_turn=state.opened_this_turn or opening,
        joker_debt=owed,
    )


def _discard_options(
    turn: Turn, hand: Sequence[Card], table: Table, debt: int, opening: bool
) -> tuple[list[Card], list[Card]]:
    state = turn.state
    return discard_options(
        state.rules,
        hand,
        table,
        opened=state.opened[state.current] or opening,
        taken=state.taken,
        taken_twins=state.taken_twins,
        joker_debt=debt,
    )


def room_for_jokers(table: Table, rules: RuleSet) -> int:
    """How many jokers could still be laid off on ``table``, one after another, as the engine
    lays them off."""
    return sum(_room(meld, rules) for meld in table)


@lru_cache(maxsize=1 << 12)
def _room(meld: Meld, rules: RuleSet) -> int:
    room = 0
    while placements := layoff_options(meld, JOKER, rules):
        meld = placements[0][1]
        room += 1
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
    naturals = sorted(set(hand) - {JOKER})
    out: list[Move] = []
    for index, meld in enumerate(table):
        for card in sorted(set(hand)):
            for end, after in layoff_options(meld, card, rules):
                if card == JOKER and not any(
                    layoff_options(after, c, rules) and not layoff_options(meld, c, rules)
                    for c in naturals
                ):
                    continue
                out.append((LayOff(card, index, end), card, after))
    return out


def swaps(turn: Turn, hand: Sequence[Card], table: Table) -> list[Move]:
    """Every (retrieval, card given, meld after) for cards of ``hand``."""
    rules = turn.view.rules
    out: list[Move] = []
    for index, meld in enumerate(table):
        for card in sorted(set(hand) - {JOKER}):
            after = swap_result(meld, card, rules)
            if after is not None:
                out.append((Swap(card, index), card, after))
    return out


def replay(state: RoundState, actions: Sequence[Action], done: list[Action]) -> RoundState | None:
    """Apply ``actions``, each time the first the engine accepts (a retrieval may have to wait
    for a lay-off, or a joker lay-off for a retrieval); None if at some point none is."""
    pending = list(actions)
    while pending:
        for i, action in enumerate(pending):
            after = attempt(state, action)
            if not isinstance(after, IllegalActionError):
                state = after
                done.append(pending.pop(i))
                break
        else:
            return None
    return state


def joker_layoff(state: RoundState, discard: Card | None) -> LayOff | None:
    """A lay-off of a joker from the hand onto the table, preferring places that leave the
    discard unplayable (it may not be discarded if it could be laid off, under some rules);
    None when no meld takes a joker."""
    rules = state.rules
    found: list[tuple[bool, LayOff]] = []
    for index, tm in enumerate(state.table):
        for end, after in layoff_options(tm.meld, JOKER, rules):
            fits = discard is not None and bool(layoff_options(after, discard, rules))
            found.append((fits, LayOff(JOKER, index, end)))
    if not found:
        return None
    return min(found, key=lambda item: item[0])[1]
