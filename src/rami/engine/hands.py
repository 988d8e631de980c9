"""What a hand alone decides: the meld and discard actions it allows, and what a meld action
lays down."""

from __future__ import annotations

from functools import cache, lru_cache

from rami.actions import Discard, MeldAction
from rami.cards import JOKER, Card
from rami.engine.basics import DISCARDS, illegal
from rami.errors import IllegalActionError, InvalidMeldError
from rami.melds import Meld, MeldKind, candidate_melds, meld_readings
from rami.rules import RuleSet


@cache
def _plain_meld(cards: tuple[Card, ...]) -> MeldAction:
    """The action laying ``cards`` down with no joker declared."""
    return MeldAction(cards)


@cache
def _declared_melds(cards: tuple[Card, ...], jpm: int) -> tuple[MeldAction, ...]:
    """The actions laying ``cards`` down, one per reading of a run's jokers."""
    readings = meld_readings(cards, jpm)
    if readings[0].kind is MeldKind.SET:
        return (_plain_meld(cards),)
    return tuple(MeldAction(cards, tuple(sorted(m.joker_cards()))) for m in readings)


def meld_actions(hand: tuple[Card, ...], rules: RuleSet) -> list[MeldAction]:
    """The actions laying down a meld from ``hand``, in the order of its candidate melds."""
    jpm, declared = rules.jokers_per_meld, rules.joker_position == "declared"
    if not declared or JOKER not in hand:
        return [_plain_meld(cards) for cards in candidate_melds(hand, jpm)]
    actions: list[MeldAction] = []
    for cards in candidate_melds(hand, jpm):
        if JOKER in cards:
            actions += _declared_melds(cards, jpm)
        else:
            actions.append(_plain_meld(cards))
    return actions


def discard_actions(hand: tuple[Card, ...]) -> list[Discard]:
    """One discard action per distinct card of ``hand`` (sorted), in card order."""
    return [DISCARDS[card] for card in dict.fromkeys(hand)]


def resolve(action: MeldAction, rules: RuleSet) -> Meld | IllegalActionError:
    """The meld ``action`` lays down, or why it is no meld."""
    return _resolve(action.cards, action.jokers_as, rules.jokers_per_meld, rules.joker_position)


@lru_cache(maxsize=1 << 14)
def _resolve(
    cards: tuple[Card, ...], jokers_as: tuple[Card, ...], jpm: int, position: str
) -> Meld | IllegalActionError:
    if tuple(sorted(cards)) != cards:
        return illegal("invalid_action", "meld cards must be listed in sorted order")
    try:
        readings = meld_readings(cards, jpm)
    except InvalidMeldError as error:
        return IllegalActionError(error.message, error.code, error.facts)
    declared = position == "declared" and readings[0].kind is MeldKind.RUN
    if declared and JOKER in cards:
        for reading in readings:
            if tuple(sorted(reading.joker_cards())) == jokers_as:
                return reading
        if not jokers_as:
            return illegal("joker_position_needed", "say which card the joker stands for")
        return illegal("joker_position", "the joker cannot stand for that card in this meld")
    if jokers_as:
        return illegal("joker_position_fixed", "here a joker takes the lowest-valued position")
    return readings[0]
