"""The end of a turn (the discard, a reshuffle of the pile into the stock) and of the round."""

from __future__ import annotations

from rami.cards import Card
from rami.engine.basics import DISCARDS, logged, set_hand, without
from rami.scoring import round_scores
from rami.shuffle import shuffled
from rami.state import EndReason, Phase, RoundResult, RoundState, evolve


def perform_discard(state: RoundState, card: Card) -> RoundState:
    """The state after discarding ``card``: the next seat's turn, or the round's end."""
    hand = state.hands[state.current]
    rest = without(hand, (card,))
    assert rest is not None
    hands = set_hand(state, rest)
    pile = (*state.discard_pile, card)
    log = logged(state, DISCARDS[card])
    if not rest:
        state = evolve(state, hands=hands, discard_pile=pile, log=log)
        return finish(state, EndReason.WENT_OUT, state.current)
    rules = state.rules
    if rules.turn_limit is not None and state.turn_number >= rules.turn_limit:
        state = evolve(state, hands=hands, discard_pile=pile, log=log)
        return finish(state, EndReason.TURN_LIMIT, None)
    stock, reshuffles = state.stock, state.reshuffles
    if not stock:
        limit = rules.stock_reshuffles
        if (limit is not None and reshuffles >= limit) or len(pile) < 2:
            state = evolve(state, hands=hands, discard_pile=pile, log=log)
            return finish(state, EndReason.STOCK_EXHAUSTED, None)
        reshuffles += 1
        stock = tuple(shuffled(pile[:-1], state.seed, f"reshuffle-{reshuffles}"))
        pile = pile[-1:]
    return evolve(
        state,
        hands=hands,
        stock=stock,
        discard_pile=pile,
        log=log,
        reshuffles=reshuffles,
        current=(state.current + 1) % state.players,
        phase=Phase.DRAW,
        turn_number=state.turn_number + 1,
        taken=None,
        taken_twins=0,
        opened_this_turn=False,
        joker_debt=0,
    )


def finish(state: RoundState, reason: EndReason, winner: int | None) -> RoundState:
    """The state with the round over and scored."""
    rami_sec = winner is not None and state.opened_this_turn
    scores = round_scores(state.hands, state.opened, state.rules, winner, rami_sec)
    result = RoundResult(reason, winner, rami_sec, state.hands, scores)
    return evolve(state, phase=Phase.OVER, result=result)
