"""What a hand alone decides: the meld actions it can lay down, and what a meld action lays."""

from __future__ import annotations

from functools import lru_cache

from rami.actions import Discard, MeldAction
from rami.cards import JOKER, Card
from rami.engine.basics import DISCARDS, illegal
from rami.errors import IllegalActionError, InvalidMeldError
from rami.melds import Meld, MeldKind, candidate_melds, meld_readings
from rami.rules import RuleSet


@lru_cache(maxsize=1 << 15)
def _meld_variants(cards: tuple[Card, ...], jpm: int, declared: bool) -> tuple[MeldAction, ...]:
    """The actions laying ``cards`` down (one per joker reading when jokers are declared)."""
    if not declared:
        return (MeldAction(cards),)
    readings = meld_readings(cards, jpm)
    if readings[0].kind is MeldKind.SET:
        return (MeldAction(cards),)
    return tuple(MeldAction(cards, tuple(sorted(m.joker_cards()))) for m in readings)


class HandFacts:
    """A hand's meld actions (in the order of its candidate melds), whether one meld takes
    the whole hand, and its distinct cards as discards."""

    __slots__ = ("discards", "melds", "whole")

    def __init__(self, hand: tuple[Card, ...], jpm: int, declared: bool) -> None:
        self.melds: list[tuple[tuple[Card, ...], tuple[MeldAction, ...]]] = []
        for cards in candidate_melds(hand, jpm):
            self.melds.append((cards, _meld_variants(cards, jpm, declared and JOKER in cards)))
        self.whole = any(len(cards) == len(hand) for cards, _ in self.melds)
        self.discards: list[Discard] = [DISCARDS[card] for card in sorted(set(hand))]


@lru_cache(maxsize=1 << 13)
def _cached_hand_facts(hand: tuple[Card, ...], jpm: int, declared: bool) -> HandFacts:
    return HandFacts(hand, jpm, declared)


def hand_facts(hand: tuple[Card, ...], rules: RuleSet) -> HandFacts:
    """The facts of ``hand`` under ``rules`` (cached)."""
    return _cached_hand_facts(hand, rules.jokers_per_meld, rules.joker_position == "declared")


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
        return illegal(error.code, error.message)
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
