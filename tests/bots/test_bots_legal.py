"""Every level plays only legal actions, under every preset, 2-6 players and option rules."""

from __future__ import annotations

import random

import pytest
from bot_games import play_out

from rami.bots import LEVELS, make_bot
from rami.rules import PRESETS, RuleSet, get_rules

TABLES = [
    (name, players)
    for name, rules in PRESETS.items()
    for players in range(rules.min_players, rules.max_players + 1)
]
ROUNDS_PER_TABLE = 44
"""Rounds of the long check at each table: over a thousand rounds across the tables."""
OPTION_RULES = [
    get_rules("rami51").replace(joker_position="declared", jokers_per_meld=2),
    get_rules("rami40").replace(discard_joker="only_to_go_out", discard_playable=False),
    get_rules("rami51").replace(discard_pickup="opened_only", layoff_in_opening_turn=False),
    get_rules("rami40").replace(retrieved_joker_replay="free", twin_of_taken_discardable=True),
    get_rules("rami51").replace(jokers_count_in_opening=False, retrieval_from_set=False),
    get_rules("rami40").replace(discard_pickup_must_meld=True, final_discard_required=True),
    get_rules("rami51").replace(stock_reshuffles=0, turn_limit=40, hand_size=14),
    get_rules("rami40").replace(deck="custom", custom_decks=1, custom_jokers=2, max_players=3),
]


def _lineup(levels: list[str], players: int, rng: random.Random) -> list[str]:
    return [rng.choice(levels) for _ in range(players)]


@pytest.mark.parametrize(("preset", "players"), TABLES)
def test_greedy_bots_play_legally_under_every_preset(preset: str, players: int) -> None:
    rules = get_rules(preset)
    rng = random.Random(f"{preset}-{players}")
    for game in range(3):
        lineup = _lineup(["easy", "medium", "random"], players, rng)
        state, _ = play_out(rules, lineup, f"{preset}-{players}-{game}")
        assert state.result is not None


@pytest.mark.parametrize(("preset", "players"), TABLES)
def test_hard_bot_plays_legally_under_every_preset(preset: str, players: int) -> None:
    lineup = ["hard"] + ["medium"] * (players - 1)
    state, _ = play_out(get_rules(preset), lineup, f"hard-{preset}-{players}")
    assert state.result is not None


@pytest.mark.parametrize("rules", OPTION_RULES, ids=lambda r: r.hash)
def test_bots_play_legally_under_option_rules(rules: RuleSet) -> None:
    rng = random.Random(rules.hash)
    for game in range(4):
        players = rng.randint(rules.min_players, min(rules.max_players, 4))
        lineup = _lineup(["easy", "medium", "hard"], players, rng)
        state, _ = play_out(rules, lineup, f"opt-{rules.hash}-{game}")
        assert state.result is not None


def test_levels_are_registered_and_named() -> None:
    assert {"random", "easy", "medium", "hard"} <= set(LEVELS)
    for level in LEVELS:
        assert make_bot(level, 1).level == level
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("grandmaster")


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "players"), TABLES)
def test_thousands_of_rounds_stay_legal(preset: str, players: int) -> None:
    rules = get_rules(preset)
    rng = random.Random(f"many-{preset}-{players}")
    for game in range(ROUNDS_PER_TABLE):
        lineup = _lineup(["easy", "medium", "random", "hard"], players, rng)
        play_out(rules, lineup, f"many-{preset}-{players}-{game}")
