"""Match formats: the engine ends a match to 201 or after six rounds, and says which format a
rule set plays."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rami.bots import random_legal
from rami.errors import InvalidRulesError
from rami.match import (
    MatchState,
    format_of,
    format_rules,
    formats_for,
    match_apply,
    match_legal_actions,
    new_match,
    next_round,
)
from rami.rules import PRESETS, get_rules

R51 = get_rules("rami51")


def _finish_round(match: MatchState, seed: int) -> MatchState:
    rng = random.Random(seed)
    while match.current_seat is not None:
        match = match_apply(match, random_legal(match_legal_actions(match), rng))
    return match


def test_a_match_to_201_ends_once_a_total_reaches_201() -> None:
    rules = format_rules(R51, "to201")
    start = replace(new_match(rules, ["a", "b"], "to201"), totals=(195, 195))
    over = _finish_round(start, 0)
    assert max(over.totals) >= 201 and over.finished
    assert over.winners == (over.totals.index(min(over.totals)),)
    full = replace(new_match(R51, ["a", "b"], "to201"), totals=(195, 195))
    assert not _finish_round(full, 0).finished  # the same round: the full match goes on


def test_six_rounds_end_the_match_after_the_sixth() -> None:
    match = new_match(format_rules(R51, "rounds6"), ["a", "b"], "six")
    for number in range(1, 7):
        match = _finish_round(match, number)
        assert match.finished == (number == 6)
        if not match.finished:
            match = next_round(match)
    assert len(match.finished_rounds) == 6


def test_formats_fit_the_presets_that_are_longer_matches() -> None:
    assert formats_for(R51) == ("full", "to201", "rounds6")
    assert formats_for(get_rules("scala40")) == ("full", "rounds6")  # out at 101: no race to 201
    assert formats_for(R51.replace(match_end="rounds", match_limit=3)) == ("full",)
    assert format_rules(R51, "full") is R51
    with pytest.raises(InvalidRulesError) as unknown:
        format_rules(R51, "to99")
    assert unknown.value.code == "unknown_format"
    with pytest.raises(InvalidRulesError) as unfit:
        format_rules(get_rules("scala40"), "to201")
    assert unfit.value.code == "format_not_for_rules"


def test_the_format_of_a_rule_set_is_found_from_its_preset() -> None:
    for preset in PRESETS.values():
        for name in formats_for(preset):
            assert format_of(format_rules(preset, name), preset) == name
    assert format_of(R51.replace(match_end="rounds", match_limit=5), R51) is None
    assert format_of(R51.replace(turn_limit=60), R51) is None
