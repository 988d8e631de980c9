"""Seeded bot games for the bot tests: every action checked against the seat's legal list."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from rami.actions import Action
from rami.bots import Bot
from rami.bots.expert import ExpertBot, ExpertBudget
from rami.bots.hard import Budget, HardBot
from rami.bots.tournament import build_bot
from rami.cards import parse_cards
from rami.engine import apply, deal
from rami.rules import RuleSet, get_rules
from rami.state import Phase, RoundState
from rami.views import view_for

TINY = Budget(worlds=2, max_ms=None, candidates=3, lookahead=2)
"""A hard budget small enough for many test rounds, without the time cap (the
lookahead compares two discards instead of six, so every part of the search still runs)."""
TINY_EXPERT = ExpertBudget(worlds=2, discards=2, lookahead=2, prune_every=2)
"""An expert budget small enough for many test rounds (every part of the search runs)."""


def bots_for(levels: Sequence[str], seed: str, budget: Budget = TINY) -> list[Bot]:
    """One bot per level, each with its own seed (the expert level at ``TINY_EXPERT``)."""
    return [
        ExpertBot(f"{seed}/{i}", TINY_EXPERT)
        if level == "expert"
        else build_bot(level, f"{seed}/{i}", budget)
        for i, level in enumerate(levels)
    ]


def play_out(
    rules: RuleSet, levels: Sequence[str], seed: str, budget: Budget = TINY
) -> tuple[RoundState, list[Action]]:
    """Play a round to its end; asserts every chosen action is in the view's legal list."""
    bots = bots_for(levels, seed, budget)
    state = deal(rules, len(levels), seed)
    played: list[Action] = []
    while state.phase is not Phase.OVER:
        view = view_for(state, state.current)
        action = bots[state.current].choose(view)
        assert action in view.legal, (seed, levels[state.current], action, view.legal)
        played.append(action)
        state = apply(state, action)
        assert len(played) < 20_000, "a round that never ends"
    return state, played


def hard_bot(seed: str = "0", budget: Budget = TINY) -> HardBot:
    """A hard bot with a test budget."""
    return HardBot(seed, budget)


RULES = get_rules("rami51")


def position(hand: str, phase: Phase = Phase.PLAY, **changes: object) -> RoundState:
    """A two-player rami51 round where seat 0 holds ``hand`` and is to act (the rest dealt at
    random); ``changes`` replace further fields of the state."""
    base = deal(RULES, 2, "policy")
    cards = parse_cards(hand)
    rest = [*base.stock, *base.hands[0], *base.hands[1], *base.discard_pile]
    for card in cards:
        rest.remove(card)
    fields: dict[str, object] = {
        "hands": (tuple(sorted(cards)), tuple(sorted(rest[:13]))),
        "discard_pile": (rest[13],),
        "stock": tuple(rest[14:]),
        "current": 0,
        "phase": phase,
    }
    fields.update(changes)
    return dataclasses.replace(base, **fields)  # type: ignore[arg-type]


def turn_of(bot: Bot, state: RoundState) -> list[Action]:
    """The actions ``bot`` plays until the current seat's turn ends."""
    seat = state.current
    actions: list[Action] = []
    while state.phase is not Phase.OVER and state.current == seat:
        action = bot.choose(view_for(state, seat))
        actions.append(action)
        state = apply(state, action)
    return actions
