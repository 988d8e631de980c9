"""A slow, obviously-correct oracle: try every conceivable action and keep those apply accepts.

On random positions of every preset, the accepted set must equal ``legal_actions`` exactly,
``legal_actions`` must be in a stable order, and ``refusal`` must name exactly the error
``apply`` raises (None for every action it accepts).
"""

import itertools
import random
from dataclasses import replace

import pytest

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
from rami.bots import random_legal
from rami.engine import apply, deal, legal_actions, refusal
from rami.errors import IllegalActionError
from rami.melds import meld_readings
from rami.rules import PRESETS, get_rules
from rami.state import Phase, RoundState

MAX_SUBSET_HAND = 11


def _declarations(cards: tuple[int, ...], state: RoundState) -> list[tuple[int, ...]]:
    declared = [()]
    if state.rules.joker_position == "declared" and 52 in cards:
        try:
            readings = meld_readings(cards, state.rules.jokers_per_meld)
        except Exception:
            return declared
        declared += [tuple(sorted(m.joker_cards())) for m in readings]
        declared += [tuple(sorted(c)) for c in itertools.combinations(range(52), 1)][:5]
    return declared


def every_conceivable_action(state: RoundState) -> set[Action]:
    hand = state.hands[state.current]
    actions: set[Action] = {DrawStock(), DrawDiscard(), Open(), TakeBack()}
    cards = [*sorted(set(hand)), 0, 25, 51]
    for card in cards:
        actions.add(Discard(card))
        for target in range(len(state.table) + 1):
            actions.add(Swap(card, target))
            for end in ("", "low", "high"):
                actions.add(LayOff(card, target, end))  # type: ignore[arg-type]
    for size in range(3, len(hand) + 1):
        for combo in set(itertools.combinations(hand, size)):
            for declared in _declarations(combo, state):
                actions.add(MeldAction(combo, declared))
    return actions


def accepted(state: RoundState) -> set[Action]:
    ok = set()
    for action in every_conceivable_action(state):
        try:
            apply(state, action)
        except IllegalActionError:
            continue
        ok.add(action)
    return ok


def _positions(preset: str, options: dict, count: int, seed: int) -> list[RoundState]:  # type: ignore[type-arg]
    rules = get_rules(preset).replace(**options) if options else get_rules(preset)
    rng = random.Random(seed)
    found: list[RoundState] = []
    game = 0
    while len(found) < count:
        state = deal(rules, rules.min_players + game % 2, f"oracle-{seed}-{game}")
        game += 1
        while state.phase is not Phase.OVER and len(found) < count:
            hand = state.hands[state.current]
            if len(hand) <= MAX_SUBSET_HAND and rng.random() < 0.25:
                found.append(state)
            state = apply(state, random_legal(legal_actions(state), rng))
    return found


CASES = [(name, {}) for name in sorted(PRESETS)] + [
    ("rami51", {"joker_position": "declared"}),
    ("rami51", {"jokers_per_meld": 2}),
    ("rami40", {"discard_joker": "only_to_go_out", "discard_playable": False}),
    ("rami40", {"discard_pickup": "opened_only", "discard_pickup_must_meld": True}),
    ("rami51", {"final_discard_required": True, "layoff_in_opening_turn": False}),
]


@pytest.mark.parametrize(("preset", "options"), CASES)
def test_legal_actions_equal_what_apply_accepts(preset: str, options: dict) -> None:  # type: ignore[type-arg]
    for state in _positions(preset, options, 12, seed=len(preset) + len(options)):
        listed = legal_actions(state)
        assert len(listed) == len(set(listed)), "no duplicates"
        assert set(listed) == accepted(state)
        assert listed == legal_actions(state), "stable order"


@pytest.mark.parametrize(("preset", "options"), CASES)
def test_refusal_agrees_with_apply_on_every_conceivable_action(preset: str, options: dict) -> None:  # type: ignore[type-arg]
    for state in _positions(preset, options, 12, seed=len(preset) + 7):
        fresh = replace(state)  # no legal actions computed yet: refusal checks from scratch
        for action in every_conceivable_action(state):
            verdict = refusal(fresh, action)
            try:
                apply(state, action)
            except IllegalActionError as error:
                assert verdict is not None, (action, error.code)
                assert (verdict.code, verdict.message) == (error.code, error.message)
                continue
            assert verdict is None, (action, verdict)
        listed = legal_actions(state)
        assert all(refusal(state, action) is None for action in listed)
        assert all(refusal(fresh, action) is None for action in listed)
