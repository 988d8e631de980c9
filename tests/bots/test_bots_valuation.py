"""Rollout valuation: the value of a round's end, the match standing, and a line in a world."""

from __future__ import annotations

import dataclasses
import random

from bot_games import RULES, position

from rami.actions import Discard, DrawDiscard, DrawStock
from rami.bots.determinize import sample_world
from rami.bots.policy import SHARP
from rami.bots.valuation import (
    Standing,
    line_value,
    outcome_value,
    play_line,
    policy_rollout,
    standing,
)
from rami.engine import deal
from rami.match import new_match
from rami.state import Phase
from rami.views import view_for


def test_an_unfinished_round_is_valued_by_the_hands_penalties() -> None:
    state = position("2C 3C 4C 9D", Phase.PLAY, opened=(True, True))
    mine = outcome_value(state, 0)
    theirs = outcome_value(state, 1)
    assert mine > 1.0 > theirs  # four cards against thirteen: the lower hand counts as won


def test_the_match_standing_counts_only_late_in_a_match() -> None:
    match = new_match(RULES, ["a", "b"], seed="standing")
    view = view_for(match, match.current_seat)
    assert standing(view) is None
    late = dataclasses.replace(view, totals=(450, 300))
    found = standing(late)
    assert found is not None and found.totals == (450, 300)


def test_the_standing_values_winning_and_losing_the_match() -> None:
    limit = Standing((450, 300), "score_limit", 501, False)
    assert limit.value((0, 20), 0) == 0.0  # nobody reaches 501: the match goes on
    assert limit.value((60, 0), 0) == -1.0  # seat 0 passes 501 with the higher total
    assert limit.value((60, 0), 1) == 1.0
    out = Standing((90, 40, 95), "elimination", 101, False)
    assert out.value((20, 0, 0), 0) == -1.0
    assert out.value((0, 0, 10), 1) == 0.5  # one of the two others is eliminated
    rounds = Standing((10, 30), "rounds", 4, True)
    assert rounds.value((0, 5), 0) == 1.0 and rounds.value((0, 5), 1) == -1.0


def test_two_draws_in_one_world_see_the_same_later_stock_cards() -> None:
    state = deal(RULES, 2, "crn")
    view = view_for(state, state.current)
    world = sample_world(view, random.Random(1))
    by_stock = play_line(world, [DrawStock()])
    by_pile = play_line(world, [DrawDiscard()])
    assert by_stock is not None and by_pile is not None
    assert by_stock.stock == world.stock[:-1]
    assert by_pile.stock[-1] == world.stock[-2]  # the next turn draws the same card


def test_a_line_is_valued_to_the_end_of_the_round() -> None:
    state = deal(RULES, 2, "value")
    view = view_for(state, state.current)
    world = sample_world(view, random.Random(2))
    value = line_value(world, [DrawStock()])
    assert value is not None and -3.0 <= value <= 3.0
    refused = line_value(world, [Discard(world.hands[world.current][0])])
    assert refused is None  # a discard before the draw is against the rules


def test_a_policy_rollout_is_a_function_of_the_world() -> None:
    state = deal(RULES, 2, "policy")
    view = view_for(state, state.current)
    world = sample_world(view, random.Random(3))
    first = policy_rollout(world, world.turn_number + 80, SHARP)
    again = policy_rollout(world, world.turn_number + 80, SHARP)
    assert first == again
    assert first.phase is Phase.OVER or first.turn_number >= world.turn_number + 80
    short = policy_rollout(world, world.turn_number + 2, SHARP)
    assert short.turn_number <= world.turn_number + 2


def test_policy_turns_change_only_how_the_line_is_finished() -> None:
    state = deal(RULES, 2, "policy-line")
    view = view_for(state, state.current)
    world = sample_world(view, random.Random(4))
    fast = line_value(world, [DrawStock()])
    assert line_value(world, [DrawStock()], style=SHARP, policy_turns=0) == fast
    by_policy = line_value(world, [DrawStock()], style=SHARP, policy_turns=80)
    assert by_policy is not None and -3.0 <= by_policy <= 3.0
    assert by_policy == line_value(world, [DrawStock()], style=SHARP, policy_turns=80)
