"""The allowed values of a rule option are read from its Literal type, in one place."""

from __future__ import annotations

import typing

import pytest

from rami.errors import InvalidRulesError
from rami.rules import RuleSet, option_choices
from rami.rulespage.options import OPTIONS, option_names, other_choices, reference_value


def test_literal_options_list_exactly_the_values_of_their_type() -> None:
    hints = typing.get_type_hints(RuleSet)
    assert option_choices("match_end") == ("score_limit", "elimination", "rounds")
    assert option_choices("joker_in_hand") == (20, 25, 50)
    assert option_choices("hand_size") is None
    assert option_choices("joker_retrieval") is None
    for name in option_names():
        allowed = option_choices(name)
        if allowed is None:
            continue
        assert allowed == typing.get_args(hints[name])
        assert reference_value(name) in allowed
        assert set(other_choices(name)) == set(allowed) - {reference_value(name)}


@pytest.mark.parametrize(
    "name", [n for n in option_names() if option_choices(n) is not None and OPTIONS[n].values]
)
def test_every_allowed_value_of_a_described_option_has_words(name: str) -> None:
    allowed = option_choices(name)
    assert allowed is not None
    assert set(OPTIONS[name].values) == set(allowed)


@pytest.mark.parametrize("name", [n for n in option_names() if option_choices(n) is not None])
def test_each_allowed_value_makes_a_rule_set_and_another_is_refused(name: str) -> None:
    allowed = option_choices(name)
    assert allowed is not None
    for value in allowed:
        assert getattr(RuleSet().replace(**{name: value}), name) == value
    with pytest.raises(InvalidRulesError):
        RuleSet().replace(**{name: 7 if isinstance(allowed[0], str) else "seven"})
