"""Scoring (RULES.md §4) and the match: totals, dealer rotation, match end, winners."""

import random
from dataclasses import replace

from rami.bots import random_legal
from rami.cards import parse_cards
from rami.match import MatchState, match_apply, new_match, next_round
from rami.melds import make_meld
from rami.rules import get_rules
from rami.scoring import check_opening, hand_penalty, round_scores

R51 = get_rules()


def test_hand_scoring_worked_checks() -> None:
    hand = parse_cards("AS KD 7C JK")
    assert hand_penalty(hand, R51, opened=True) == 48
    assert hand_penalty(hand, R51, opened=False) == 100
    hands = [(), hand, hand]
    assert round_scores(hands, [True, True, False], R51, winner=0, rami_sec=True) == (0, 96, 200)


def test_winner_scores_zero_and_others_count_their_hands() -> None:
    hands = [(), parse_cards("2C 3C"), parse_cards("KD")]
    assert round_scores(hands, [True, True, True], R51, winner=0, rami_sec=False) == (0, 5, 10)


def test_forced_end_ties_all_score_zero() -> None:
    hands = [parse_cards("5C"), parse_cards("2C 3C"), parse_cards("KD")]
    assert round_scores(hands, [True] * 3, R51, winner=None, rami_sec=False) == (0, 0, 10)


def test_opening_check_worked_examples() -> None:
    def melds(*texts: str) -> list:  # type: ignore[type-arg]
        return [make_meld(parse_cards(t)) for t in texts]

    assert check_opening(melds("10S JS QS", "7H 7C 7D"), R51).valid
    assert check_opening(melds("KH KS KD", "5C 6C 7C"), R51).code == "opening_below_threshold"
    assert check_opening(melds("KH KS KD", "5C 6C 7C"), get_rules("rami40")).valid
    assert check_opening(melds("AC AH AS", "JK 7S 8S"), R51).code == "opening_needs_clean_run"
    assert check_opening(melds("AC AH AS", "JK 7S 8S"), get_rules("rami40")).points == 54
    wrong_joker = check_opening(melds("2H 3H 4H 5H 6H", "QS KS JK"), R51)
    assert (wrong_joker.valid, wrong_joker.points) == (False, 50)


def _finish_round(match: MatchState, seed: int) -> MatchState:
    rng = random.Random(seed)
    while match.current_seat is not None:
        match = match_apply(match, random_legal(match.round and _legal(match), rng))
    return match


def _legal(match: MatchState):  # type: ignore[no-untyped-def]
    from rami.match import match_legal_actions

    return match_legal_actions(match)


def test_dealer_moves_one_seat_left_each_round() -> None:
    match = new_match(R51, ["a", "b", "c"], "dealer")
    assert match.dealer == 2 and match.current_seat == 0
    match = next_round(_finish_round(match, 1))
    assert match.dealer == 0 and match.current_seat == 1
    match = next_round(_finish_round(match, 2))
    assert match.dealer == 1 and match.current_seat == 2


def test_totals_add_up_over_rounds() -> None:
    match = _finish_round(new_match(R51, ["a", "b"], "totals"), 3)
    first = match.totals
    match = _finish_round(next_round(match), 4)
    second = match.finished_rounds[-1].state.result
    assert second is not None
    assert match.totals == tuple(a + b for a, b in zip(first, second.scores, strict=True))


def test_match_ends_after_the_round_a_total_reaches_501() -> None:
    start = replace(new_match(R51, ["a", "b"], "limit"), totals=(495, 10))
    over = _finish_round(start, 0)
    assert over.totals == (595, 10) and over.finished and over.winners == (1,)
    going_on = _finish_round(start, 2)
    assert going_on.totals == (495, 110) and not going_on.finished


def test_match_winners_share_a_tie() -> None:
    rules = R51.replace(match_end="rounds", match_limit=1)
    match = replace(new_match(rules, ["a", "b"], "tie"), totals=(0, 0))
    match = _finish_round(match, 6)
    low = min(match.totals)
    assert match.winners == tuple(s for s in (0, 1) if match.totals[s] == low)


def test_elimination_seats_out_and_last_player_wins() -> None:
    rules = get_rules("scala40")
    start = replace(new_match(rules, ["a", "b", "c"], "elim"), totals=(100, 100, 0))
    one_out = _finish_round(start, 0)
    assert one_out.totals == (100, 129, 100) and not one_out.finished
    following = next_round(one_out)
    assert following.active == (0, 2) and len(following.round.hands) == 2
    start = replace(start, totals=(100, 100, 100))
    two_out = _finish_round(start, 5)
    survivors = [s for s in range(3) if two_out.totals[s] < 101]
    assert len(survivors) == 1 and two_out.winners == tuple(survivors)
