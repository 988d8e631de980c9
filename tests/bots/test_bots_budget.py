"""The hard level's budget is a count of worlds: a seed gives the same decisions however slow
the machine is, unless the optional time cap is on."""

from __future__ import annotations

import time
from collections.abc import Callable

from rami.actions import Action
from rami.bots.greedy import MediumBot
from rami.bots.hard import DEFAULT_BUDGET, Budget, HardBot
from rami.bots.tournament import EXACT_BUDGET, Config
from rami.engine import apply, deal
from rami.rules import get_rules
from rami.state import Phase
from rami.views import view_for

COUNTED = Budget(worlds=6, max_ms=None)
"""The default search (lookahead over six discards, three candidates) on fewer worlds."""


class SlowClock:
    """A clock on a machine a thousand times slower: every reading is 5 s after the last."""

    def __init__(self) -> None:
        self.now = 0.0
        self.readings = 0

    def __call__(self) -> float:
        self.readings += 1
        self.now += 5.0
        return self.now


def _hard_round(
    budget: Budget, clock: Callable[[], float], seed: str = "count"
) -> tuple[list[Action], list[tuple[int, int]]]:
    """Hard (seat 0) against medium for one rami51 round: hard's actions and, for each of its
    searched decisions, the worlds and rollouts it played."""
    hard = HardBot(seed, budget, clock)
    medium = MediumBot(seed)
    state = deal(get_rules("rami51"), 2, seed)
    actions: list[Action] = []
    worlds: list[int] = []
    while state.phase is not Phase.OVER:
        view = view_for(state, state.current)
        if state.current == 0:
            action = hard.choose(view)
            actions.append(action)
            if hard.worlds_searched:
                worlds.append((hard.worlds_searched, hard.rollouts_searched))
        else:
            action = medium.choose(view)
        state = apply(state, action)
    return actions, worlds


def test_a_slow_machine_makes_the_same_decisions_without_the_time_cap() -> None:
    fast_actions, fast_worlds = _hard_round(COUNTED, time.perf_counter)
    slow = SlowClock()
    slow_actions, slow_worlds = _hard_round(COUNTED, slow)
    assert slow_actions == fast_actions
    assert slow_worlds == fast_worlds
    assert fast_worlds and max(w for w, _ in fast_worlds) == COUNTED.worlds
    # per world: the pick and every alternative still in the race (the lookahead's pick may
    # come from outside the greedy policy's best few, which are then all alternatives)
    assert all(2 * w <= r <= w * (COUNTED.candidates + 1) for w, r in fast_worlds)
    assert slow.readings == 0


def test_the_time_cap_is_a_safety_that_cuts_the_search_on_a_slow_machine() -> None:
    slow = SlowClock()
    _, worlds = _hard_round(Budget(worlds=6, max_ms=1000.0), slow)
    assert worlds and {w for w, _ in worlds} == {1}
    assert slow.readings > 0


def test_play_keeps_a_safety_cap_and_tournaments_turn_it_off() -> None:
    assert DEFAULT_BUDGET.max_ms is not None
    assert EXACT_BUDGET.max_ms is None
    assert EXACT_BUDGET.worlds == DEFAULT_BUDGET.worlds
    assert Config(("hard", "medium"), 2).budget == EXACT_BUDGET
