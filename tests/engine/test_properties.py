"""Property tests: random legal play from random seeds keeps every invariant."""

import os
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine_invariants import check_round
from rami.bots import random_legal
from rami.engine import apply, deal, legal_actions
from rami.match import match_apply, match_legal_actions, new_match, next_round
from rami.records import dumps, loads, replay
from rami.rules import PRESETS, get_rules
from rami.state import Phase

OPTION_VARIANTS = [
    {},
    {"joker_position": "declared"},
    {"jokers_per_meld": 2},
    {"discard_joker": "only_to_go_out", "discard_playable": False},
    {"discard_pickup": "opened_only", "twin_of_taken_discardable": True},
    {"layoff_in_opening_turn": False, "jokers_count_in_opening": False},
    {"retrieved_joker_replay": "free", "retrieval_from_set": False},
    {"stock_reshuffles": 0, "turn_limit": 60},
    {"final_discard_required": True, "rami_sec_waives": "points_and_clean_run"},
]


def _players(preset: str, draw: int) -> int:
    rules = get_rules(preset)
    return rules.min_players + draw % (rules.max_players - rules.min_players + 1)


def play_round(preset: str, options: dict, players_draw: int, seed: int) -> int:  # type: ignore[type-arg]
    """Play one random round, checking invariants after every action; returns the count."""
    rules = get_rules(preset).replace(**options) if options else get_rules(preset)
    players = _players(preset, players_draw)
    rng = random.Random(seed)
    state = deal(rules, players, f"prop-{seed}")
    check_round(state)
    actions = 0
    while state.phase is not Phase.OVER:
        legal = legal_actions(state)
        assert legal, "a live round always has a legal action"
        state = apply(state, random_legal(legal, rng))
        actions += 1
        check_round(state)
        assert actions < 20_000, "a round must end"
    return actions


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(sorted(PRESETS)),
    options=st.sampled_from(OPTION_VARIANTS),
    players=st.integers(0, 10),
    seed=st.integers(0, 2**32),
)
def test_random_play_keeps_every_invariant(
    preset: str,
    options: dict,
    players: int,
    seed: int,  # type: ignore[type-arg]
) -> None:
    play_round(preset, options, players, seed)


@settings(max_examples=10, deadline=None)
@given(preset=st.sampled_from(sorted(PRESETS)), seed=st.integers(0, 2**32))
def test_record_replays_to_the_same_state_mid_match(preset: str, seed: int) -> None:
    rng = random.Random(seed)
    rules = get_rules(preset)
    match = new_match(rules, [f"P{i}" for i in range(rules.min_players + seed % 3)], str(seed))
    stop = rng.randrange(1, 900)
    for _ in range(stop):
        if match.finished:
            break
        if match.current_seat is None:
            match = next_round(match)
        match = match_apply(match, random_legal(match_legal_actions(match), rng))
    again = replay(loads(dumps(match, reveal=True)))
    assert again.round == match.round and again.totals == match.totals


def test_long_random_run() -> None:
    """Set RAMI_LONG_ACTIONS (e.g. 1000000) to run the long version; 20,000 otherwise."""
    target = int(os.environ.get("RAMI_LONG_ACTIONS", "20000"))
    presets = sorted(PRESETS)
    done = seed = 0
    while done < target:
        preset = presets[seed % len(presets)]
        options = OPTION_VARIANTS[seed % len(OPTION_VARIANTS)]
        done += play_round(preset, options, seed // len(presets), seed)
        seed += 1
    print(f"\n{done} actions in {seed} rounds kept every invariant")
