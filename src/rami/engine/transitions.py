"""The state after a draw or a play the rules accept (plays are also looked ahead, unlogged)."""

from __future__ import annotations

from rami.actions import Action, LayOff, MeldAction, Swap, TakeBack
from rami.cards import JOKER, Card
from rami.engine.basics import OPEN, logged, replace_meld, set_hand, with_cards, without
from rami.engine.hands import resolve
from rami.engine.round_end import finish
from rami.engine.table import layoff_placement
from rami.errors import IllegalActionError
from rami.melds import swap_joker
from rami.state import EndReason, Phase, RoundState, TableMeld, evolve


def draw(
    state: RoundState,
    action: Action,
    card: Card,
    stock: tuple[Card, ...] | None = None,
    pile: tuple[Card, ...] | None = None,
) -> RoundState:
    """The state after drawing ``card`` from the stock (``stock`` left) or the pile."""
    hand = state.hands[state.current]
    from_pile = pile is not None
    return evolve(
        state,
        hands=set_hand(state, with_cards(hand, (card,))),
        stock=state.stock if stock is None else stock,
        discard_pile=state.discard_pile if pile is None else pile,
        phase=Phase.PLAY,
        taken=card if from_pile else None,
        taken_twins=hand.count(card) if from_pile else 0,
        log=logged(state, action, card),
    )


def play(
    state: RoundState,
    rest: tuple[Card, ...],
    table: tuple[TableMeld, ...],
    action: Action | None = None,
) -> RoundState:
    """The state after a play leaving ``rest`` in hand and ``table`` on the table (``action``
    None: a look ahead, not logged)."""
    state = evolve(
        state,
        hands=set_hand(state, rest),
        table=table,
        joker_debt=min(state.joker_debt, rest.count(JOKER)),
        log=state.log if action is None else logged(state, action),
    )
    if not rest:
        return finish(state, EndReason.WENT_OUT, state.current)
    return state


def perform_meld(state: RoundState, action: MeldAction) -> RoundState:
    """Stage the meld (before the opening) or lay it on the table."""
    meld = resolve(action, state.rules)
    assert not isinstance(meld, IllegalActionError)
    rest = without(state.hands[state.current], action.cards)
    assert rest is not None
    if not state.opened[state.current]:
        return evolve(
            state,
            hands=set_hand(state, rest),
            staged=(*state.staged, meld),
            log=logged(state, action, private=True),
        )
    return play(state, rest, (*state.table, TableMeld(state.current, meld)), action)


def perform_layoff(state: RoundState, action: LayOff) -> RoundState:
    meld = layoff_placement(state, action)
    assert not isinstance(meld, IllegalActionError)
    rest = without(state.hands[state.current], (action.card,))
    assert rest is not None
    return play(state, rest, replace_meld(state, action.target, meld), action)


def debt_after_swap(state: RoundState) -> int:
    """The jokers to replay this turn after one more is retrieved."""
    free = state.rules.retrieved_joker_replay == "free"
    return state.joker_debt if free else state.joker_debt + 1


def perform_swap(state: RoundState, action: Swap) -> RoundState:
    swapped = swap_joker(state.table[action.target].meld, action.card)
    assert swapped is not None
    rest = without(state.hands[state.current], (action.card,))
    assert rest is not None
    table = replace_meld(state, action.target, swapped)
    state = evolve(state, joker_debt=debt_after_swap(state))
    return play(state, with_cards(rest, (JOKER,)), table, action)


def opened(state: RoundState, action: Action = OPEN) -> RoundState:
    """The state after laying the staged melds down as the opening."""
    seat = state.current
    flags = list(state.opened)
    flags[seat] = True
    table = state.table + tuple(TableMeld(seat, meld) for meld in state.staged)
    state = evolve(state, opened=tuple(flags), opened_this_turn=True, staged=())
    return play(state, state.hands[seat], table, action)


def take_back(state: RoundState, action: TakeBack) -> RoundState:
    """The state with the staged melds back in hand."""
    cards = [card for meld in state.staged for card in meld.cards]
    hand = with_cards(state.hands[state.current], cards)
    log = logged(state, action, private=True)
    return evolve(state, hands=set_hand(state, hand), staged=(), log=log)
