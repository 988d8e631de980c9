"""A fast whole-turn policy for simulated rounds (the hard bot's rollouts).

It plays like a plain medium bot with fewer solver calls: take the discard pile's card when
it is a joker, completes a meld with two cards in hand, or (opened) fits the table; open with
the best opening; once opened lay the best partition's melds and lay off loose cards; discard
the loose card with the fewest partners, higher penalty first. Each planned action is tried
with :func:`rami.engine.attempt` (the engine's refusal comes back as a value) and a refusal
falls back to :func:`rami.engine.legal_actions`, so a simulated round is always played by the
rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

from rami.actions import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    LayOff,
    MeldAction,
    Open,
    TakeBack,
)
from rami.bots.cardsense import accepts, fits_table, potential
from rami.bots.knowledge import counts
from rami.cards import JOKER, Card, build_deck
from rami.engine import apply, attempt, legal_actions, refusal, taken_still_held
from rami.errors import IllegalActionError
from rami.melds import Meld, MeldKind
from rami.rules import RuleSet
from rami.solver import Opening, Partition, best_opening, best_partition, card_penalty
from rami.state import Phase, RoundState

POTENTIAL_WEIGHT = 120.0
"""Penalty points a loose card sure to join a meld is worth keeping (as the hard style)."""
STUCK_TURNS = 20
"""Attempts at finishing one turn before a rollout gives up and scores the position."""
FALLBACK_STATES = 200
"""Positions the fallback explores at most while looking for a way to end the turn."""


@lru_cache(maxsize=1 << 15)
def _partition(hand: tuple[Card, ...], rules: RuleSet) -> Partition:
    """Cached :func:`best_partition` (candidate plays compared in one world share hands)."""
    return best_partition(hand, rules)


@lru_cache(maxsize=1 << 15)
def _opening(hand: tuple[Card, ...], rules: RuleSet, must: Card | None = None) -> Opening | None:
    """Cached best opening keeping a card to discard (``must``: a card it has to use)."""
    return best_opening(hand, rules, must_include=must, keep=1)


def try_apply(state: RoundState, action: Action) -> RoundState | None:
    """The state after ``action``, or None when the rules refuse it."""
    after = attempt(state, action)
    return None if isinstance(after, IllegalActionError) else after


def draw(state: RoundState, action: Action) -> RoundState:
    """Apply a draw; taking the discard moves the stock's top card to the bottom.

    Simulations deal each turn its own stock card whatever earlier turns drew, so two
    candidate plays compared in one world see the same future draws.
    """
    after = apply(state, action)
    if isinstance(action, DrawDiscard) and len(after.stock) > 1:
        after = replace(after, stock=(after.stock[-1], *after.stock[:-1]))
    return after


def play_turn(state: RoundState) -> RoundState:
    """Play the rest of the current seat's turn (from its draw or from its plays)."""
    if state.phase is Phase.DRAW:
        state = _draw(state)
    if state.phase is Phase.PLAY:
        state = _plays(state)
    if state.phase is Phase.PLAY:
        state = _discard(state)
    return state


def rollout(state: RoundState, max_turn: int) -> RoundState:
    """Play on until the round ends, turn ``max_turn`` starts, or the fast policy fails
    ``STUCK_TURNS`` times in a row to finish a turn (the position is then scored as it is)."""
    stuck = 0
    while state.phase is not Phase.OVER and state.turn_number < max_turn:
        turn = state.turn_number
        state = play_turn(state)
        stuck = stuck + 1 if state.turn_number == turn else 0
        if stuck >= STUCK_TURNS:
            break
    return state


def completes_meld(have: Sequence[int], card: Card) -> bool:
    """True when ``card`` forms a set or run with two cards counted in ``have``."""
    if card == JOKER:
        return True
    rank, suit = card % 13, card // 13
    suits = sum(1 for s in range(4) if s != suit and have[s * 13 + rank])
    if suits >= 2:
        return True
    near = [0 <= rank + d < 13 and have[suit * 13 + rank + d] > 0 for d in (-2, -1, 1, 2)]
    return (near[1] and near[2]) or (near[0] and near[1]) or (near[2] and near[3])


def _draw(state: RoundState) -> RoundState:
    pile, hand = state.discard_pile, state.hands[state.current]
    if pile:
        top = pile[-1]
        wanted = completes_meld(counts(hand), top) or (
            state.opened[state.current]
            and fits_table(top, [tm for tm in state.table], state.rules.jokers_per_meld)
        )
        if (wanted or not state.stock) and refusal(state, DrawDiscard()) is None:
            return draw(state, DrawDiscard())
    drawn = try_apply(state, DrawStock()) if state.stock else None
    return drawn if drawn is not None else apply(state, legal_actions(state)[0])


def meld_move(meld: Meld, rules: RuleSet) -> MeldAction:
    """The action laying ``meld`` (naming the jokers' cards when the rules let players)."""
    cards = tuple(sorted(meld.cards))
    declared = rules.joker_position == "declared" and meld.kind is MeldKind.RUN
    if declared and JOKER in cards:
        return MeldAction(cards, tuple(sorted(meld.joker_cards())))
    return MeldAction(cards)


def _open(state: RoundState, must: Card | None = None) -> RoundState:
    """The state after staging the best opening (using ``must``) and opening, or ``state``
    if there is none or the rules refuse it."""
    plan = _opening(state.hands[state.current], state.rules, must)
    if plan is None:
        return state
    staged: RoundState | None = state
    for meld in plan.melds:
        assert staged is not None
        staged = try_apply(staged, meld_move(meld, state.rules))
        if staged is None:
            return state
    assert staged is not None
    opened = try_apply(staged, Open())
    return state if opened is None else opened


def _plays(state: RoundState) -> RoundState:
    rules, seat = state.rules, state.current
    if not state.opened[seat]:
        state = _open(state)
        if not state.opened[seat] or state.phase is Phase.OVER:
            return state
        if not rules.layoff_in_opening_turn:
            return state
    for meld in _partition(state.hands[seat], rules).melds:
        played = try_apply(state, meld_move(meld, rules))
        if played is not None:
            state = played
            if state.phase is Phase.OVER:
                return state
    return _layoffs(state)


def _layoffs(state: RoundState) -> RoundState:
    rules, seat = state.rules, state.current
    jpm = rules.jokers_per_meld
    moved = True
    while moved and state.phase is Phase.PLAY:
        moved = False
        hand = state.hands[seat]
        for index, tm in enumerate(state.table):
            fits = set(accepts(tm.meld, jpm).intersection(hand))
            if len(hand) > 2:
                fits.discard(JOKER)
            for card in sorted(fits, key=lambda c: -card_penalty(c, rules)):
                laid = try_apply(state, LayOff(card, index))
                if laid is None:
                    laid = try_apply(state, LayOff(card, index, "high"))
                if laid is not None:
                    state, moved = laid, True
                    break
            if moved:
                break
    return state


@lru_cache(maxsize=64)
def _deck(rules: RuleSet, players: int) -> tuple[int, ...]:
    return tuple(counts(build_deck(*rules.deck_for(players))))


def _unseen(state: RoundState) -> list[int]:
    """Copies of each card the current seat cannot see (others' hands and the stock)."""
    unseen = list(_deck(state.rules, state.players))
    for card in state.hands[state.current]:
        unseen[card] -= 1
    for card in state.discard_pile:
        unseen[card] -= 1
    for tm in state.table:
        for card in tm.meld.cards:
            unseen[card] -= 1
    return unseen


def _keep_value(card: Card, have: list[int], unseen: list[int], total: int, jokers: int) -> float:
    if card == JOKER:
        return 1000.0
    have[card] -= 1
    hope = potential(card, have, unseen, total, jokers)
    have[card] += 1
    return hope


def _discard(state: RoundState) -> RoundState:
    rules, seat = state.rules, state.current
    hand = state.hands[seat]
    loose = _partition(hand, rules).leftover
    have = counts(loose)
    opened = state.opened[seat]
    unseen = _unseen(state)
    total = sum(unseen)
    jokers = loose.count(JOKER)
    weight = 1.0 if opened else 0.0

    def keep(card: Card) -> tuple[float, Card]:
        hope = _keep_value(card, have, unseen, total, jokers - (card == JOKER))
        return POTENTIAL_WEIGHT * hope - weight * card_penalty(card, rules), card

    order = sorted(set(loose), key=keep)
    order += sorted(set(hand) - set(loose), key=lambda c: -card_penalty(c, rules))
    for card in order:
        done = try_apply(state, Discard(card))
        if done is not None:
            return done
    return _unblock(state)


def _unblock(state: RoundState) -> RoundState:
    """End a turn in which an obligation blocks every discard: open with the card taken from
    the discard pile when the best opening left only that card (which cannot be discarded),
    else any legal way (:func:`_end_turn`)."""
    taken = state.taken
    if taken is not None and taken_still_held(state) and not state.opened[state.current]:
        opened = _open(state, taken)
        if opened is not state:
            return opened if opened.phase is not Phase.PLAY else _discard(opened)
    return _end_turn(state)


def _end_turn(state: RoundState) -> RoundState:
    """End the turn by any legal sequence (an obligation blocks every discard): a depth-first
    search over the legal actions that never revisits a position, discards and openings
    first, taking staged melds back last. ``state`` itself when none is found."""
    seat = state.current
    seen: set[tuple[object, ...]] = set()
    stack = [state]
    while stack and len(seen) < FALLBACK_STATES:
        position = stack.pop()
        key = (position.hands[seat], position.staged, position.table, position.opened[seat])
        if key in seen:
            continue
        seen.add(key)
        legal = legal_actions(position)
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            return apply(position, discards[-1])
        for action in sorted(legal, key=_fallback_order, reverse=True):
            after = apply(position, action)
            if after.phase is not Phase.PLAY or after.current != seat:
                return after
            stack.append(after)
    return state


def _fallback_order(action: Action) -> int:
    """Order of the fallback's tries: open, then plays, taking melds back last."""
    if isinstance(action, Open):
        return 0
    return 2 if isinstance(action, TakeBack) else 1
