"""The legal actions of a state, computed once and kept with it; the draw from the pile."""

from __future__ import annotations

from rami.actions import Action
from rami.cards import Card, card_text
from rami.engine.basics import DISCARDS, DRAW_DISCARD, DRAW_STOCK, derived, illegal, with_cards
from rami.engine.discards import free_discards, state_discards
from rami.engine.hands import discard_actions
from rami.engine.plays import play_actions
from rami.engine.table import table_facts
from rami.errors import IllegalActionError
from rami.melds import candidate_melds
from rami.solver import best_opening
from rami.state import Phase, RoundState


def legal_actions(state: RoundState) -> list[Action]:
    """Every action ``apply`` accepts now, in a stable order."""
    cache = derived(state)
    if cache.legal is None:
        cache.legal = _legal(state)
    return list(cache.legal)


def _legal(state: RoundState) -> list[Action]:
    if state.phase is Phase.OVER:
        return []
    if state.phase is Phase.DRAW:
        actions: list[Action] = [DRAW_STOCK] if state.stock else []
        if pickup_refusal(state) is None:
            actions.append(DRAW_DISCARD)
        return actions
    plays = play_actions(state)
    if free_discards(state):
        return plays + discard_actions(state.hands[state.current])
    return plays + [DISCARDS[card] for card in state_discards(state, plays)]


def pickup_refusal(state: RoundState) -> IllegalActionError | None:
    """Why the seat may not take the top of the discard pile now, or None."""
    rules, seat = state.rules, state.current
    if not state.discard_pile:
        return illegal("discard_pile_empty", "the discard pile is empty")
    card = state.discard_pile[-1]
    hand = state.hands[seat]
    opened = state.opened[seat]
    if rules.discard_pickup == "opened_only" and not opened:
        return illegal("pickup_needs_opening", "only a player who has opened may take the discard")
    must_open = rules.discard_pickup == "opened_or_opening" and not opened
    if (must_open or rules.discard_pickup_must_meld) and not _can_use(state, card):
        why = "open with it" if not opened else "play it"
        return illegal(
            "pickup_not_usable",
            f"you may take the {card_text(card)} only if you can {why} this turn",
            card=card,
        )
    if not rules.twin_of_taken_discardable and hand.count(card) == len(hand):
        return illegal(
            "pickup_leaves_no_discard",
            "you would have no card you are allowed to discard",
            card=card,
        )
    return None


def _can_use(state: RoundState, card: Card) -> bool:
    rules = state.rules
    hand = with_cards(state.hands[state.current], (card,))
    if not state.opened[state.current]:
        keep = 1 if rules.final_discard_required else 0
        return best_opening(hand, rules, must_include=card, keep=keep) is not None
    if any(card in cards for cards in candidate_melds(hand, rules.jokers_per_meld)):
        return True
    return card in table_facts(state).fits
