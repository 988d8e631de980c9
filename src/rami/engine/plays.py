"""The legal plays (everything but drawing and discarding), and whether a play leaves a
turn that can still end."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rami.actions import Action, MeldAction
from rami.cards import JOKER, Card
from rami.engine.basics import OPEN, TAKE_BACK, derived, illegal, replace_meld, with_cards, without
from rami.engine.discards import discardable_left, free_cards, hard_blocked
from rami.engine.hands import meld_actions, resolve
from rami.engine.table import table_facts
from rami.engine.transitions import debt_after_swap, opened, play
from rami.errors import IllegalActionError
from rami.melds import Meld
from rami.scoring import OpeningCheck, check_opening
from rami.state import Phase, RoundState, TableMeld, evolve


def play_actions(state: RoundState) -> list[Action]:
    """The plays ``apply`` accepts now (computed once per state)."""
    cache = derived(state)
    if cache.plays is None:
        cache.plays = _new_play_actions(state)
    return cache.plays


def _new_play_actions(state: RoundState) -> list[Action]:
    rules, seat = state.rules, state.current
    hand = state.hands[seat]
    actions: list[Action] = []
    melds = meld_actions(hand, rules)
    if not state.opened[seat]:
        if state.staged:
            if open_refusal(state) is None:
                actions.append(OPEN)
            actions.append(TAKE_BACK)
        return actions + melds
    simple = state.taken is None and not state.joker_debt
    size, last_ok = len(hand), not rules.final_discard_required
    free = size
    if simple and (last_ok or all(len(meld.cards) < size for meld in melds)):
        actions += melds
    else:
        free = free_cards(hand, state.taken)
        for meld in melds:
            if simple:
                if len(meld.cards) < size:
                    actions.append(meld)
            # when a card left is surely discardable, the meld needs no look ahead
            elif free > free_cards(meld.cards, state.taken) or _meld_ok(state, meld):
                actions.append(meld)
    if state.opened_this_turn and not rules.layoff_in_opening_turn:
        return actions
    table = table_facts(state)
    held = set(hand)
    for card, layoffs, afters, index in table.layoffs:
        if card not in held:
            continue
        if simple:
            if size > 1 or last_ok:
                actions.extend(layoffs)
            continue
        if free > free_cards((card,), state.taken):
            actions.extend(layoffs)
            continue
        for layoff, after in zip(layoffs, afters, strict=True):
            if _layoff_ok(state, card, index, after):
                actions.append(layoff)
    for card, swap, after, index in table.swaps:
        if card in held and swap_leaves_turn_endable(state, card, index, after):
            actions.append(swap)
    return actions


def _meld_ok(state: RoundState, action: MeldAction) -> bool:
    rest = without(state.hands[state.current], action.cards)
    meld = resolve(action, state.rules)
    if rest is None or isinstance(meld, IllegalActionError):
        return False
    table = (*state.table, TableMeld(state.current, meld))
    return leaves_turn_endable(state, rest, state.joker_debt, lambda: play(state, rest, table))


def _layoff_ok(state: RoundState, card: Card, index: int, after: Meld) -> bool:
    rest = without(state.hands[state.current], (card,))
    if rest is None:
        return False
    return leaves_turn_endable(
        state, rest, state.joker_debt, lambda: play(state, rest, replace_meld(state, index, after))
    )


def leaves_turn_endable(
    state: RoundState, rest: tuple[Card, ...], debt: int, after: Callable[[], RoundState]
) -> bool:
    """Whether a play leaving ``rest`` in hand lets the turn end: by a discard, by going out
    (when no final discard is required), or — when no card left may be discarded — by
    playing every card left (``after`` builds the state after the play)."""
    if not rest:
        return not state.rules.final_discard_required
    if discardable_left(state, rest, min(debt, rest.count(JOKER))):
        return True
    return _can_play_out(after())


def _can_play_out(state: RoundState) -> bool:
    """True when the seat, holding only cards it may not discard, can play them all: each
    listed play leads on to such a state or to an empty hand, since no card it keeps ever
    becomes discardable this turn."""
    return state.phase is Phase.PLAY and bool(play_actions(state))


def swap_leaves_turn_endable(state: RoundState, card: Card, index: int, after: Meld) -> bool:
    """Whether retrieving the joker of meld ``index`` with ``card`` lets the turn end."""
    rest = without(state.hands[state.current], (card,))
    if rest is None:
        return False
    held = with_cards(rest, (JOKER,))
    debt = debt_after_swap(state)
    table = replace_meld(state, index, after)
    return leaves_turn_endable(
        state, held, debt, lambda: play(evolve(state, joker_debt=debt), held, table)
    )


def endable_refusal(ok: bool, rest: Sequence[Card]) -> IllegalActionError | None:
    """The refusal of a play that leaves ``rest`` in hand, unless ``ok`` (the turn can end)."""
    if ok:
        return None
    if not rest:
        return illegal("final_discard_required", "keep a card to discard at the end")
    return illegal("no_discard_left", "you would have no card you are allowed to discard")


def open_refusal(state: RoundState) -> IllegalActionError | None:
    """Why the seat may not open with its staged melds now, or None."""
    if state.opened[state.current]:
        return illegal("already_opened", "you have already opened")
    if not state.staged:
        return illegal("nothing_staged", "stage one or more melds first")
    check = _opening_check(state)
    if not check.valid:
        return illegal(
            check.code, check.message, points=check.points, needed=state.rules.opening_points
        )
    hand = state.hands[state.current]
    ok = leaves_turn_endable(state, hand, state.joker_debt, lambda: opened(state))
    return endable_refusal(ok, hand)


def _opening_check(state: RoundState) -> OpeningCheck:
    hand = state.hands[state.current]
    if not hand:
        goes_out = not state.rules.final_discard_required
    else:
        card = hand[0]
        blocked = hard_blocked(
            state.rules, hand, card, state.taken, state.taken_twins, state.joker_debt
        )
        goes_out = len(hand) == 1 and not blocked
    return check_opening(state.staged, state.rules, goes_out)
