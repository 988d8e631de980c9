"""Rule-clause tests of a round (RULES.md §3), named after the rule they check."""

import pytest

from engine_helpers import play, refused, texts
from rami.cards import parse_card, parse_cards
from rami.engine import apply, deal, legal_actions
from rami.positions import position
from rami.rules import get_rules
from rami.state import EndReason, Phase

R40 = get_rules("rami40")


@pytest.mark.parametrize(
    ("preset", "players", "stock"),
    [
        ("rami51", 2, 81),
        ("rami51", 3, 68),
        ("rami51", 4, 55),
        ("rami51", 5, 94),
        ("rami51", 6, 81),
        ("rami51-house", 2, 79),
    ],
)
def test_deal_stock_after_13_cards_each_and_upcard(preset: str, players: int, stock: int) -> None:
    state = deal(get_rules(preset), players, "s")
    assert [len(h) for h in state.hands] == [13] * players
    assert len(state.discard_pile) == 1
    assert len(state.stock) == stock


def test_deal_is_determined_by_the_seed() -> None:
    rules = get_rules()
    assert deal(rules, 3, "abc") == deal(rules, 3, "abc")
    assert deal(rules, 3, "abc").hands != deal(rules, 3, "abd").hands


def test_deal_player_left_of_dealer_starts() -> None:
    assert deal(get_rules(), 4, "s", dealer=1).current == 2
    assert deal(get_rules(), 4, "s", dealer=3).current == 0


def test_deal_refuses_a_player_count_outside_the_rules() -> None:
    with pytest.raises(Exception, match="2-4 players"):
        deal(get_rules("rami51-pl"), 5, "s")


def test_turn_draw_first_then_play_then_discard() -> None:
    state = position(["7S 8S 9S KD", "2C 3C 4D"], stock="4H 5H", pile="QD")
    assert texts(legal_actions(state)) == ["draw stock", "draw discard"]
    refused(state, "discard KD", "draw_first")
    state = play(state, "draw stock")
    assert state.phase is Phase.PLAY and parse_card("5H") in state.hands[0]
    refused(state, "draw stock", "already_drawn")
    state = play(state, "discard KD")
    assert (
        state.current == 1
        and state.phase is Phase.DRAW
        and state.discard_pile[-1] == parse_card("KD")
    )


def test_draw_from_an_empty_stock_is_refused_with_a_code() -> None:
    state = position(["7S 8S 9S KD", "2C 3C 4D"], stock="", pile="QD")
    assert texts(legal_actions(state)) == ["draw discard"]
    refused(state, "draw stock", "stock_empty")


def test_draw_discard_takes_the_top_card() -> None:
    state = position(["7S 8S 9S KD", "2C 3C 4D"], stock="4H 5H", pile="2H QD")
    state = play(state, "draw discard")
    assert parse_card("QD") in state.hands[0]
    assert state.discard_pile == parse_cards("2H")


def test_taken_card_may_not_be_discarded_in_the_same_turn() -> None:
    state = play(position(["7S 8S 9S KD", "2C"], stock="4H", pile="QD"), "draw discard")
    error = refused(state, "discard QD", "cannot_discard_taken_card")
    assert "QD" in error.message


def test_twin_of_the_taken_card_may_not_be_discarded_either() -> None:
    state = play(position(["QD 8S 9S KD", "2C"], stock="4H", pile="QD"), "draw discard")
    refused(state, "discard QD", "cannot_discard_taken_card")


def test_discard_pile_pickup_refused_when_nothing_could_be_discarded() -> None:
    state = position(["QD", "2C"], stock="4H", pile="QD", opened=[True, False])
    refused(state, "draw discard", "pickup_leaves_no_discard")


def test_opening_rami51_needs_51_points() -> None:
    state = position(["10S JS QS 7H 7C 7D 2D", "2C"], stock="4H", pile="KC")
    state = play(state, "draw stock", "meld 10S JS QS", "meld 7C 7D 7H", "open")
    assert state.opened[0] and len(state.table) == 2
    assert state.table[0].owner == 0


def test_opening_below_threshold_is_refused_with_the_points() -> None:
    state = position(["KH KS KD 5C 6C 7C 2D", "2C"], stock="4H", pile="QC")
    state = play(state, "draw stock", "meld KD KH KS", "meld 5C 6C 7C")
    error = refused(state, "open", "opening_below_threshold")
    assert str(error) == "opening_below_threshold: 48 < 51"


def test_opening_rami40_accepts_48_without_clean_run_rule() -> None:
    state = position(["KH KS KD 5C 6C 7C 2D", "2C"], stock="4H", pile="QC", rules=R40)
    state = play(state, "draw stock", "meld KD KH KS", "meld 5C 6C 7C", "open")
    assert state.opened[0]


def test_opening_rami51_needs_a_clean_run() -> None:
    state = position(["AC AH AS JK 7S 8S 2D", "2C"], stock="4H", pile="QC")
    state = play(state, "draw stock", "meld AC AH AS", "meld 7S 8S JK")
    refused(state, "open", "opening_needs_clean_run")
    r40 = position(["AC AH AS JK 7S 8S 2D", "2C"], stock="4H", pile="QC", rules=R40)
    assert play(r40, "draw stock", "meld AC AH AS", "meld 7S 8S JK", "open").opened[0]


def test_opening_joker_counts_as_the_lower_card_it_represents() -> None:
    state = position(["2H 3H 4H 5H 6H QS KS JK 9D", "2C"], stock="4C", pile="QC")
    state = play(state, "draw stock", "meld 2H 3H 4H 5H 6H", "meld QS KS JK")
    assert str(refused(state, "open", "opening_below_threshold")) == (
        "opening_below_threshold: 50 < 51"
    )


def test_opening_staged_melds_can_be_taken_back() -> None:
    state = position(["KH KS KD 5C 6C 7C 2D", "2C"], stock="4H", pile="QC")
    before = play(state, "draw stock")
    staged = play(before, "meld KD KH KS")
    assert len(staged.hands[0]) == 5
    refused(staged, "discard 2D", "opening_pending")
    assert play(staged, "takeback").hands == before.hands


def test_before_opening_no_layoff_and_no_joker_retrieval() -> None:
    state = position(
        ["9S 6S 2D 3C", "2C"], stock="4H", pile="QC", table=[(1, "7S 8S JK"), (1, "9C 9D 9H JK")]
    )
    state = play(state, "draw stock")
    refused(state, "layoff 9S @0", "not_opened")
    refused(state, "swap 9S @1", "not_opened")
    refused(state, "swap 6S @0", "not_opened")


def test_after_opening_lay_off_on_any_players_meld() -> None:
    state = position(
        ["9S 2D 3C", "2C"], stock="4H", pile="QC", table=[(1, "6S 7S 8S")], opened=[True, True]
    )
    state = play(state, "draw stock", "layoff 9S @0")
    assert state.table[0].owner == 1 and len(state.table[0].meld.cards) == 4


def test_after_opening_new_melds_go_straight_to_the_table() -> None:
    state = position(["9S 10S JS 3C", "2C"], stock="4H", pile="QC", opened=[True, False])
    state = play(state, "draw stock", "meld 9S 10S JS")
    assert not state.staged and state.table[0].owner == 0


def test_joker_retrieval_with_the_exact_card() -> None:
    base = position(
        ["9S 6S 2D 3C 5D", "2C"],
        stock="4H",
        pile="QC",
        table=[(1, "9C 9D 9H JK"), (1, "JK 7S 8S"), (1, "KH KS JK")],
        opened=[True, True],
    )
    state = play(base, "draw stock")
    after = play(state, "swap 9S @0")
    assert after.hands[0].count(52) == 1
    refused(state, "swap 9S @1", "swap_not_exact")
    assert "layoff 9S @1" in texts(legal_actions(state))
    assert play(state, "swap 6S @1").table[1].meld.clean
    refused(state, "swap 3C @2", "retrieval_needs_three_naturals")


def test_retrieved_joker_must_be_played_again_and_not_discarded() -> None:
    state = position(
        ["9S 5D 6D 2C", "2C"], stock="4H", pile="QC", table=[(1, "9C 9D 9H JK")], opened=[1, 1]
    )
    state = play(state, "draw stock", "swap 9S @0")
    refused(state, "discard 2C", "joker_must_be_replayed")
    state = play(state, "meld 5D 6D JK")
    assert state.joker_debt == 0
    play(state, "discard 2C")


def test_retrieved_joker_that_cannot_be_replayed_stays_in_hand() -> None:
    state = position(
        ["9S 2C 7H", "2C"], stock="4D", pile="QC", table=[(1, "9C 9D 9H JK")], opened=[1, 1]
    )
    state = play(state, "draw stock", "swap 9S @0")
    refused(state, "discard JK", "cannot_discard_retrieved_joker")
    assert play(state, "discard 2C").hands[0].count(52) == 1


def test_a_play_leaving_only_cards_that_must_be_played_is_allowed_when_all_can_be_played() -> None:
    state = position(
        ["9S", "2C 3D"],
        stock="8H",
        pile="QC",
        table=[(1, "9C 9D 9H JK"), (1, "5H 6H 7H")],
        opened=[True, True],
    )
    state = play(state, "draw stock", "layoff 8H @1", "swap 9S @0")
    assert state.hands[0] == (52,) and state.joker_debt == 1
    state = play(state, "layoff JK @1")
    assert state.result is not None and state.result.winner == 0
    assert state.result.reason is EndReason.WENT_OUT


def test_a_play_leaving_only_cards_that_cannot_all_be_played_is_refused() -> None:
    full_table = position(
        ["9S", "2C 3D"],
        stock="8H",
        pile="QC",
        table=[(1, "9C 9D 9H JK"), (1, "8C 8D 8S")],
        opened=[True, True],
    )
    state = play(full_table, "draw stock", "layoff 8H @1")
    refused(state, "swap 9S @0", "no_discard_left")
    final_discard = position(
        ["9S", "2C 3D"],
        stock="8H",
        pile="QC",
        table=[(1, "9C 9D 9H JK"), (1, "5H 6H 7H")],
        opened=[True, True],
        rules=get_rules().replace(final_discard_required=True),
    )
    state = play(final_discard, "draw stock", "layoff 8H @1")
    refused(state, "swap 9S @0", "no_discard_left")


def test_a_retrieval_leaving_the_taken_joker_and_the_retrieved_one_is_refused() -> None:
    state = position(
        ["9S", "2C 3D"], stock="4C", pile="JK", table=[(1, "9C 9D 9H JK")], opened=[1, 1]
    )
    state = play(state, "draw discard")
    refused(state, "swap 9S @0", "no_discard_left")


def test_going_out_by_discarding_the_last_card() -> None:
    state = position(["9S", "2C 3D"], stock="KD", pile="QC", table=[(1, "6S 7S 8S")], opened=[1, 1])
    state = play(state, "draw stock", "layoff 9S @0", "discard KD")
    assert state.result is not None and state.result.winner == 0
    assert state.result.scores == (0, 5)
    assert not state.result.rami_sec


def test_going_out_without_a_final_discard() -> None:
    state = position(["9S 10S", "2C 3D"], stock="JS", pile="QC", opened=[True, True])
    state = play(state, "draw stock", "meld 9S 10S JS")
    assert state.phase is Phase.OVER
    assert state.result is not None and state.result.winner == 0
    assert state.result.reason is EndReason.WENT_OUT
    assert state.result.scores == (0, 5)


def test_rami_sec_threshold_waived_but_clean_run_still_needed() -> None:
    state = position(["2H 3H 4H 5C 5D 5S", "KC"], stock="JS", pile="QC")
    state = play(state, "draw stock", "meld 2H 3H 4H", "meld 5C 5D 5S", "open")
    assert state.opened[0] and state.opened_this_turn
    state = play(state, "discard JS")
    assert state.result is not None and state.result.rami_sec
    assert state.result.scores == (0, 200)
    no_clean = position(["2H JK 4H 5C 5D 5S", "KC"], stock="JS", pile="QC")
    no_clean = play(no_clean, "draw stock", "meld 2H 4H JK", "meld 5C 5D 5S")
    refused(no_clean, "open", "opening_needs_clean_run")


def test_rami_sec_needs_every_card_laid_down() -> None:
    state = position(["2H 3H 4H 5C 5D 5S 9D", "KC"], stock="JS", pile="QC")
    state = play(state, "draw stock", "meld 2H 3H 4H")
    refused(state, "open", "opening_below_threshold")


def test_stock_is_reshuffled_from_the_discard_pile_at_the_end_of_a_turn() -> None:
    state = position(["2D 3C", "4C 9H"], stock="5H", pile="6C 7C 8C KD")
    state = play(state, "draw stock", "discard 2D")
    assert state.reshuffles == 1
    assert sorted(state.stock) == sorted(parse_cards("6C 7C 8C KD"))
    assert state.discard_pile == parse_cards("2D")


def test_stock_reshuffled_at_most_twice_then_forced_end() -> None:
    state = position(["2D 3C", "4C 9H"], stock="5H", pile="6C 7C", reshuffles=2)
    state = play(state, "draw stock", "discard 2D")
    assert state.result is not None and state.result.reason is EndReason.STOCK_EXHAUSTED


def test_turn_limit_300_forces_the_end() -> None:
    state = position(["2D 3C", "4C 9H"], stock="5H 6H", pile="6C", turn_number=300)
    state = play(state, "draw stock", "discard 2D")
    assert state.result is not None and state.result.reason is EndReason.TURN_LIMIT


def test_forced_end_lowest_hand_scores_zero() -> None:
    state = position(
        ["2D 3C", "4C 9H", "AS KD"], stock="5H 6H", pile="6C", turn_number=300, opened=[1, 1, 0]
    )
    state = play(state, "draw stock", "discard 2D")
    assert state.result is not None
    assert state.result.winner is None
    assert state.result.scores == (0, 13, 100)


def test_refused_action_changes_nothing_and_apply_is_pure() -> None:
    state = position(["7S 8S 9S KD", "2C 3C 4D"], stock="4H 5H", pile="QD")
    drawn = apply(state, legal_actions(state)[0])
    assert drawn is not state and state.phase is Phase.DRAW
