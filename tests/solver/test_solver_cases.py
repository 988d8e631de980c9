"""Hand-built cases for the solver: twins, jokers, aces, long runs, openings (RULES.md §2, §6)."""

from __future__ import annotations

from solver_checks import check_opening, check_partition

from rami.cards import JOKER, parse_card, parse_cards
from rami.rules import get_rules
from rami.solver import best_opening, best_partition, card_penalty, hand_value

R51 = get_rules("rami51")
R40 = get_rules("rami40")


def test_penalties_follow_the_scoring_rules() -> None:
    assert hand_value(parse_cards("AS KD 7C JK"), R51) == 48
    assert card_penalty(parse_card("AS"), R51.replace(ace_in_hand=1)) == 1
    assert card_penalty(JOKER, get_rules("scala40")) == 25


def test_twins_make_two_runs_but_never_share_a_set() -> None:
    hand = parse_cards("7S 7S 8S 8S 9S 9S")
    found = best_partition(hand, R51)
    assert found.deadwood == 0 and len(found.melds) == 2
    found = best_partition(parse_cards("7S 7S 7H 7D"), R51)
    assert found.leftover == parse_cards("7S") and found.deadwood == 7


def test_joker_goes_where_it_saves_most() -> None:
    # Extending the run with the joker would strand the kings (20); the set takes it instead.
    found = best_partition(parse_cards("6S 7S 8S JK KH KD"), R51)
    assert found.deadwood == 0
    assert sorted(m.text() for m in found.melds) == ["6S 7S 8S", "KD KH JK=KC"]


def test_joker_reading_moves_with_the_split() -> None:
    # Alone, "JK 7S 8S" reads JK=6S; here the joker must fill 6S between 5S and 7S.
    found = best_partition(parse_cards("4S 5S JK 7S 8S 9C 9D"), R51)
    assert found.leftover == parse_cards("9C 9D")
    assert [m.text() for m in found.melds] == ["4S 5S JK=6S 7S 8S"]


def test_ace_goes_high_when_that_leaves_less() -> None:
    found = best_partition(parse_cards("AC 2C 3C QC KC"), R51)
    assert [m.text() for m in found.melds] == ["QC KC AC"]
    assert found.deadwood == 5
    # With aces worth 1 in hand the penalty still decides: 2C 3C (5) beats QC KC (20).
    assert best_partition(parse_cards("AC 2C 3C QC KC"), R51.replace(ace_in_hand=1)).deadwood == 5


def test_twin_aces_play_low_and_high() -> None:
    found = best_partition(parse_cards("AH 2H 3H QH KH AH"), R51)
    assert found.deadwood == 0 and found.points == 6 + 31


def test_thirteen_card_run_and_its_best_split() -> None:
    clubs = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"
    found = best_partition(parse_cards(clubs), R51)
    # All melded; splitting off 2-3-4 lets the ace play high: 95 points beat the single run's 85.
    assert found.deadwood == 0 and found.points == 95
    found = best_partition(parse_cards(clubs + " AC"), R51)
    assert found.deadwood == 0 and found.points == 96
    found = best_partition(parse_cards(clubs + " JK"), R51)
    assert found.deadwood == 0
    check_partition(parse_cards(clubs + " JK"), R51, found)


def test_one_joker_per_meld_unless_the_rules_allow_two() -> None:
    hand = parse_cards("JK JK 5H 6H")
    assert best_partition(hand, R51).leftover == (JOKER,)
    two = R51.replace(jokers_per_meld=2)
    assert best_partition(hand, two).deadwood == 0


def test_hands_without_melds_and_edge_sizes() -> None:
    assert best_partition((), R51).deadwood == 0
    found = best_partition(parse_cards("2C 9D KS JK"), R51)
    assert found.melds == () and found.deadwood == 2 + 9 + 10 + 20
    assert best_partition((JOKER,) * 4, R51).deadwood == 80


def test_rami51_openings_from_the_rules_page() -> None:
    opening = best_opening(parse_cards("10S JS QS 7H 7C 7D"), R51)
    assert opening is not None and opening.points == 51 and opening.clean_run
    assert best_opening(parse_cards("KH KS KD 5C 6C 7C"), R51) is None
    short = best_opening(parse_cards("KH KS KD 5C 6C 7C"), R51, ignore_threshold=True)
    assert short is not None and short.points == 48 and not short.meets_threshold
    assert best_opening(parse_cards("AC AH AS JK 7S 8S"), R51, ignore_threshold=True) is None
    joker_as_jack = best_opening(parse_cards("2H 3H 4H 5H 6H QS KS JK"), R51, ignore_threshold=True)
    assert joker_as_jack is not None and joker_as_jack.points == 50


def test_rami40_openings_need_no_clean_run() -> None:
    opening = best_opening(parse_cards("KH KS KD 5C 6C 7C"), R40)
    assert opening is not None and opening.points == 48
    opening = best_opening(parse_cards("AC AH AS JK 7S 8S"), R40)
    assert opening is not None and opening.points == 54 and not opening.clean_run


def test_jokers_may_count_zero_in_the_opening() -> None:
    rules = R40.replace(jokers_count_in_opening=False)
    opening = best_opening(parse_cards("AC AH AS JK 7S 8S"), rules, ignore_threshold=True)
    assert opening is not None and opening.points == 33 + 15


def test_opening_must_use_the_taken_card_and_keep_cards() -> None:
    hand = parse_cards("10S JS QS 7H 7C 7D 2C")
    opening = best_opening(hand, R51, must_include=parse_card("7H"), keep=1)
    assert opening is not None
    check_opening(hand, R51, opening, parse_card("7H"), 1)
    assert best_opening(hand, R51, keep=2) is None
    assert best_opening(hand, R51, must_include=parse_card("2C")) is None
    assert best_opening(hand, R51, must_include=parse_card("AS")) is None


def test_opening_prefers_keeping_the_joker_on_equal_points() -> None:
    rules = R40.replace(jokers_count_in_opening=False)
    opening = best_opening(parse_cards("5C 6C 7C 8C JK"), rules, ignore_threshold=True)
    assert opening is not None and opening.points == 26
    assert JOKER not in opening.cards
    opening = best_opening(parse_cards("5C 6C 7C 8C JK"), R40, ignore_threshold=True)
    assert opening is not None and opening.points == 30


def test_declared_joker_counts_its_best_reading_in_the_opening() -> None:
    hand = parse_cards("8S 9S JK 4S 5S 6S")
    assert best_opening(hand, R40) is None  # JK=7S: 24 + 15 = 39
    declared = best_opening(hand, R40.replace(joker_position="declared"))
    assert declared is not None and declared.points == 42
    assert "8S 9S JK=10S" in [m.text() for m in declared.melds]
