"""Rules as data: presets, validation of option combinations, the stable short hash."""

import dataclasses

import pytest

from rami.errors import InvalidRulesError
from rami.rules import PRESET_SUMMARIES, PRESETS, RuleSet, get_rules


def test_presets_exist_with_summaries() -> None:
    assert set(PRESETS) == {
        "rami51",
        "rami40",
        "rami51-house",
        "rami40-house",
        "rami51-pl",
        "scala40",
    }
    assert set(PRESET_SUMMARIES) == set(PRESETS)
    assert get_rules() == get_rules("rami51") == RuleSet()


def test_presets_differ_as_documented() -> None:
    r51, r40 = get_rules("rami51"), get_rules("rami40")
    assert (r51.opening_points, r51.opening_needs_clean_run) == (51, True)
    assert (r40.opening_points, r40.opening_needs_clean_run) == (40, False)
    assert get_rules("rami51-house").deck == "house"
    pl = get_rules("rami51-pl")
    assert (pl.max_players, pl.hand_size, pl.initial_discard, pl.final_discard_required) == (
        4,
        14,
        "empty",
        True,
    )
    scala = get_rules("scala40")
    assert scala.discard_pickup == "opened_or_opening" and scala.discard_pickup_must_meld
    assert (scala.joker_in_hand, scala.match_end, scala.match_limit) == (25, "elimination", 101)
    assert not scala.discard_playable


def test_rule_set_is_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        get_rules().opening_points = 40  # type: ignore[misc]


def test_hash_is_short_stable_and_ignores_the_name() -> None:
    assert get_rules().hash == "42bb07e0d9"
    assert len({rules.hash for rules in PRESETS.values()}) == len(PRESETS)
    same = RuleSet(name="my table")
    assert same.hash == get_rules().hash
    assert get_rules().replace(opening_points=52).hash != get_rules().hash


def test_options_round_trip() -> None:
    for name, rules in PRESETS.items():
        assert RuleSet.from_options(rules.options(), name) == rules


@pytest.mark.parametrize(
    ("changes", "fragment"),
    [
        ({"jokers_per_meld": 3}, "jokers_per_meld"),
        ({"hand_size": 30}, "hand_size"),
        ({"joker_in_hand": 30}, "joker_in_hand"),
        ({"deck": "tiny"}, "deck"),
        ({"min_players": 5, "max_players": 3}, "players"),
        ({"deck": "custom", "custom_decks": 1, "custom_jokers": 0, "hand_size": 15}, "too small"),
        ({"opening_points": -1}, "opening_points"),
        ({"turn_limit": 0}, "turn_limit"),
    ],
)
def test_impossible_combinations_are_refused(changes: dict, fragment: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(InvalidRulesError, match=fragment):
        get_rules().replace(**changes)


def test_unknown_option_and_unknown_preset() -> None:
    with pytest.raises(InvalidRulesError) as info:
        get_rules().replace(colour="blue")
    assert info.value.code == "unknown_option"
    with pytest.raises(InvalidRulesError) as info:
        get_rules("rami99")
    assert info.value.code == "unknown_preset"
    with pytest.raises(InvalidRulesError):
        RuleSet.from_options({"opening_points": 40})


@pytest.mark.parametrize(
    ("changes", "fragment"),
    [
        ({"hand_size": 13.5}, "hand_size"),
        ({"hand_size": 7.0}, "hand_size"),
        ({"hand_size": "13"}, "hand_size"),
        ({"hand_size": None}, "hand_size"),
        ({"hand_size": True}, "hand_size"),
        ({"opening_points": [40]}, "opening_points"),
        ({"turn_limit": 61.0}, "turn_limit"),
        ({"turn_limit": False}, "turn_limit"),
        ({"never_opened_penalty": "100"}, "never_opened_penalty"),
        ({"opening_needs_clean_run": 1}, "opening_needs_clean_run"),
        ({"joker_retrieval": "yes"}, "joker_retrieval"),
        ({"deck": ["house"]}, "deck"),
        ({"deck": None}, "deck"),
        ({"match_end": 1}, "match_end"),
        ({"jokers_per_meld": 1.0}, "jokers_per_meld"),
    ],
)
def test_wrong_types_are_refused(changes: dict, fragment: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(InvalidRulesError, match=fragment) as info:
        get_rules().replace(**changes)
    assert info.value.code == "invalid_rules"
    with pytest.raises(InvalidRulesError, match=fragment):
        RuleSet.from_options({**get_rules().options(), **changes})


def test_none_is_accepted_where_the_option_allows_it() -> None:
    rules = get_rules().replace(turn_limit=None, stock_reshuffles=None, never_opened_penalty=None)
    assert (rules.turn_limit, rules.stock_reshuffles, rules.never_opened_penalty) == (None,) * 3


def test_the_name_is_not_an_option() -> None:
    with pytest.raises(InvalidRulesError) as info:
        get_rules().replace(name="mine")
    assert info.value.code == "unknown_option"
    with pytest.raises(InvalidRulesError, match="name"):
        RuleSet(name=[])  # type: ignore[arg-type]
