"""Refusals: the error ``apply`` would raise for an action, as a value (None: accepted)."""

from __future__ import annotations

from collections.abc import Sequence

from rami.actions import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    LayOff,
    MeldAction,
    Open,
    Swap,
    TakeBack,
)
from rami.cards import JOKER, Card, card_text
from rami.engine.basics import illegal, replace_meld, without
from rami.engine.discards import discard_refusal
from rami.engine.hands import resolve
from rami.engine.legal import pickup_refusal
from rami.engine.plays import (
    endable_refusal,
    leaves_turn_endable,
    open_refusal,
    play_actions,
    swap_leaves_turn_endable,
)
from rami.engine.table import layoff_placement
from rami.engine.transitions import play
from rami.errors import IllegalActionError
from rami.melds import MeldKind, swap_joker
from rami.state import Phase, RoundState, TableMeld


def refusal(state: RoundState, action: Action) -> IllegalActionError | None:
    """Why ``apply(state, action)`` would refuse ``action`` (the error it would raise), or
    None when it is accepted."""
    derived = state.derived
    if derived is not None and derived.legal is not None and id(action) in map(id, derived.legal):
        return None
    if state.phase is Phase.OVER:
        return illegal("round_over", "the round is over")
    if state.phase is Phase.DRAW:
        if isinstance(action, DrawStock):
            if not state.stock:
                return illegal("stock_empty", "the stock is empty")
            return None
        if isinstance(action, DrawDiscard):
            return pickup_refusal(state)
        return illegal("draw_first", "draw a card first (from the stock or the discard pile)")
    match action:
        case DrawStock() | DrawDiscard():
            return illegal("already_drawn", "you have already drawn this turn")
        case MeldAction():
            return _meld_refusal(state, action)
        case LayOff():
            return _layoff_refusal(state, action)
        case Swap():
            return _swap_refusal(state, action)
        case Open():
            return open_refusal(state)
        case TakeBack():
            return None if state.staged else illegal("nothing_staged", "no meld is staged")
        case Discard():
            needs_plays = state.taken is not None or state.joker_debt > 0
            return discard_refusal(state, action.card, play_actions(state) if needs_plays else [])
    return illegal("unknown_action", f"not an action: {action!r}")


def _not_held(cards: Sequence[Card]) -> IllegalActionError:
    missing = ", ".join(card_text(c) for c in cards)
    return illegal("card_not_in_hand", f"you do not hold all of {missing}", cards=tuple(cards))


def _meld_refusal(state: RoundState, action: MeldAction) -> IllegalActionError | None:
    meld = resolve(action, state.rules)
    if isinstance(meld, IllegalActionError):
        return meld
    rest = without(state.hands[state.current], action.cards)
    if rest is None:
        return _not_held(action.cards)
    if not state.opened[state.current]:
        return None
    table = (*state.table, TableMeld(state.current, meld))
    ok = leaves_turn_endable(state, rest, state.joker_debt, lambda: play(state, rest, table))
    return endable_refusal(ok, rest)


def _table_play_refusal(state: RoundState, what: str, target: int) -> IllegalActionError | None:
    if not state.opened[state.current]:
        return illegal("not_opened", f"{what} only after you have opened")
    if state.opened_this_turn and not state.rules.layoff_in_opening_turn:
        return illegal("no_layoff_in_opening_turn", f"no {what} in the turn you open")
    if what == "retrieving a joker" and not state.rules.joker_retrieval:
        return illegal("retrieval_disabled", "jokers are never retrieved under these rules")
    if not 0 <= target < len(state.table):
        return illegal("no_such_meld", f"there is no meld @{target} on the table", meld=target)
    return None


def _layoff_refusal(state: RoundState, action: LayOff) -> IllegalActionError | None:
    refused = _table_play_refusal(state, "laying off", action.target)
    if refused is not None:
        return refused
    rest = without(state.hands[state.current], (action.card,))
    if rest is None:
        return _not_held((action.card,))
    meld = layoff_placement(state, action)
    if isinstance(meld, IllegalActionError):
        return meld
    table = replace_meld(state, action.target, meld)
    ok = leaves_turn_endable(state, rest, state.joker_debt, lambda: play(state, rest, table))
    return endable_refusal(ok, rest)


def _swap_refusal(state: RoundState, action: Swap) -> IllegalActionError | None:
    refused = _table_play_refusal(state, "retrieving a joker", action.target)
    if refused is not None:
        return refused
    rules, card = state.rules, action.card
    meld = state.table[action.target].meld
    if JOKER not in meld.cards:
        return illegal("no_joker_there", "that meld has no joker", meld=action.target)
    if meld.kind is MeldKind.SET and not rules.retrieval_from_set:
        return illegal(
            "retrieval_from_set_disabled",
            "jokers are never taken from a set here",
            meld=action.target,
        )
    swapped = swap_joker(meld, card)
    if swapped is None:
        if meld.kind is MeldKind.SET and len(meld.cards) - meld.jokers < 3:
            return illegal(
                "retrieval_needs_three_naturals",
                "a joker leaves a set only when it stands with 3 natural cards",
                meld=action.target,
            )
        shown = " or ".join(card_text(c) for c in meld.joker_cards())
        return illegal(
            "swap_not_exact",
            f"the joker there stands for {shown}",
            card=card,
            meld=action.target,
            stands=meld.joker_cards(),
        )
    if card not in state.hands[state.current]:
        return illegal("card_not_in_hand", f"you do not hold {card_text(card)}", cards=(card,))
    if not swap_leaves_turn_endable(state, card, action.target, swapped):
        return illegal(
            "no_discard_left", "you would have no card you are allowed to discard", card=card
        )
    return None
