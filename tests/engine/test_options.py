"""Every RuleSet option changes play as RULES.md §5 says: one ``test_option_<name>`` each."""

import dataclasses

import pytest

from engine_helpers import play, refused, texts
from rami.cards import parse_cards
from rami.engine import deal, legal_actions
from rami.match import match_apply, new_match, next_round
from rami.positions import position
from rami.rules import RuleSet, get_rules
from rami.scoring import hand_penalty

R51 = get_rules()


def test_every_option_has_a_test() -> None:
    names = {f.name for f in dataclasses.fields(RuleSet)} - {"name"}
    tested = {n.removeprefix("test_option_") for n in globals() if n.startswith("test_option_")}
    assert names - tested == set()


def test_option_deck() -> None:
    assert R51.replace(deck="house").deck_size(3) == 106
    assert R51.deck_size(3) == 108


def test_option_custom_decks() -> None:
    assert R51.replace(deck="custom", custom_decks=3).deck_size(2) == 160


def test_option_custom_jokers() -> None:
    assert R51.replace(deck="custom", custom_jokers=0).deck_size(2) == 104


def test_option_min_players() -> None:
    with pytest.raises(Exception, match="players"):
        deal(R51.replace(min_players=3), 2, "s")


def test_option_max_players() -> None:
    with pytest.raises(Exception, match="players"):
        deal(get_rules("rami51-pl"), 6, "s")


def test_option_hand_size() -> None:
    assert [len(h) for h in deal(R51.replace(hand_size=14), 2, "s").hands] == [14, 14]


def test_option_initial_discard() -> None:
    state = deal(R51.replace(initial_discard="empty"), 2, "s")
    assert state.discard_pile == () and texts(legal_actions(state)) == ["draw stock"]
    refused(state, "draw discard", "discard_pile_empty")


def test_option_discard_pickup() -> None:
    rules = R51.replace(discard_pickup="opened_only")
    state = position(["2D 3C 9H", "4C"], stock="5H", pile="7D", rules=rules)
    refused(state, "draw discard", "pickup_needs_opening")
    opened = position(["2D 3C 9H", "4C"], stock="5H", pile="7D", rules=rules, opened=[1, 0])
    play(opened, "draw discard")
    either = R51.replace(discard_pickup="opened_or_opening", opening_needs_clean_run=False)
    can_open = position(["KD KH QS QH QC 9H", "4C"], stock="5H", pile="KS", rules=either)
    state = play(can_open, "draw discard")
    refused(state, "discard 9H", "must_open_with_taken_card")
    state = play(state, "meld KD KH KS", "meld QC QH QS", "open", "discard 9H")
    cannot = position(["KD 2H QS 5H QC 9H", "4C"], stock="5H", pile="KS", rules=either)
    refused(cannot, "draw discard", "pickup_not_usable")


def test_option_discard_pickup_must_meld() -> None:
    rules = R51.replace(discard_pickup_must_meld=True)
    state = position(["7D 8D 2C 3S", "4C"], stock="5H", pile="9D", rules=rules, opened=[1, 0])
    state = play(state, "draw discard")
    refused(state, "discard 2C", "must_use_taken_card")
    play(state, "meld 7D 8D 9D", "discard 2C")
    useless = position(["7D 2C 3S", "4C"], stock="5H", pile="KS", rules=rules, opened=[1, 0])
    refused(useless, "draw discard", "pickup_not_usable")


def test_option_twin_of_taken_discardable() -> None:
    rules = R51.replace(twin_of_taken_discardable=True)
    state = play(
        position(["QD 8S 9S KD", "2C"], stock="4H", pile="QD", rules=rules), "draw discard"
    )
    play(state, "discard QD")
    alone = play(position(["8S 9S KD", "2C"], stock="4H", pile="QD", rules=rules), "draw discard")
    refused(alone, "discard QD", "cannot_discard_taken_card")


def test_option_opening_points() -> None:
    rules = R51.replace(opening_points=30)
    state = position(["KH KS KD 5C 6C 7C 2D", "2C"], stock="4H", pile="QC", rules=rules)
    play(state, "draw stock", "meld 5C 6C 7C", "meld KD KH KS", "open")


def test_option_opening_needs_clean_run() -> None:
    rules = R51.replace(opening_needs_clean_run=False)
    state = position(["AC AH AS KC KH KD 2D 3H", "2C"], stock="4H", pile="QC", rules=rules)
    play(state, "draw stock", "meld AC AH AS", "meld KC KD KH", "open")


def test_option_jokers_count_in_opening() -> None:
    rules = R51.replace(jokers_count_in_opening=False)
    state = position(["10S JS QS 7H 7C JK 2D", "2C"], stock="4H", pile="QC", rules=rules)
    state = play(state, "draw stock", "meld 10S JS QS", "meld 7C 7H JK")
    assert str(refused(state, "open", "opening_below_threshold")).endswith("44 < 51")


def test_option_layoff_in_opening_turn() -> None:
    rules = R51.replace(layoff_in_opening_turn=False)
    hand = "10S JS QS 7H 7C 7D 9S 2D"
    state = position([hand, "2C"], stock="4H", pile="QC", rules=rules, table=[(1, "6S 7S 8S")])
    state = play(state, "draw stock", "meld 10S JS QS", "meld 7C 7D 7H", "open")
    refused(state, "layoff 9S @0", "no_layoff_in_opening_turn")
    allowed = position([hand, "2C"], stock="4H", pile="QC", table=[(1, "6S 7S 8S")])
    play(allowed, "draw stock", "meld 10S JS QS", "meld 7C 7D 7H", "open", "layoff 9S @0")


def test_option_jokers_per_meld() -> None:
    rules = R51.replace(jokers_per_meld=2)
    state = position(["5H 6H JK JK 2C", "2C"], stock="4D", pile="QC", rules=rules, opened=[1, 0])
    play(state, "draw stock", "meld 5H 6H JK JK")
    one = play(
        position(["5H 6H JK JK 2C", "2C"], stock="4D", pile="QC", opened=[1, 0]), "draw stock"
    )
    refused(one, "meld 5H 6H JK JK", "too_many_jokers")


def test_option_joker_position() -> None:
    rules = R51.replace(joker_position="declared")
    state = position(["7S 8S JK 2C", "2C"], stock="4D", pile="QC", rules=rules, opened=[1, 0])
    state = play(state, "draw stock")
    listed = texts(legal_actions(state))
    assert "meld 7S 8S JK=6S" in listed and "meld 7S 8S JK=9S" in listed
    refused(state, "meld 7S 8S JK", "joker_position_needed")
    assert play(state, "meld JK=9S 7S 8S").table[0].meld.points() == 24


def test_option_joker_retrieval() -> None:
    rules = R51.replace(joker_retrieval=False)
    table = [(1, "9C 9D 9H JK")]
    state = position(
        ["9S 2C 3D", "2C"], stock="4D", pile="QC", rules=rules, table=table, opened=[1, 1]
    )
    refused(play(state, "draw stock"), "swap 9S @0", "retrieval_disabled")


def test_option_retrieval_from_set() -> None:
    rules = R51.replace(retrieval_from_set=False)
    table = [(1, "9C 9D 9H JK")]
    state = position(
        ["9S 2C 3D", "2C"], stock="4D", pile="QC", rules=rules, table=table, opened=[1, 1]
    )
    refused(play(state, "draw stock"), "swap 9S @0", "retrieval_from_set_disabled")


def test_option_retrieved_joker_replay() -> None:
    rules = R51.replace(retrieved_joker_replay="free")
    table = [(1, "9C 9D 9H JK")]
    state = position(
        ["9S 5D 6D 2C", "2C"], stock="4H", pile="QC", rules=rules, table=table, opened=[1, 1]
    )
    state = play(state, "draw stock", "swap 9S @0", "discard JK")
    assert state.discard_pile[-1] == 52


def test_option_discard_joker() -> None:
    rules = R51.replace(discard_joker="only_to_go_out")
    state = play(position(["JK 2C 9D", "2C"], stock="4H", pile="QC", rules=rules), "draw stock")
    refused(state, "discard JK", "joker_discard_only_to_go_out")
    only_jokers = play(position(["JK JK", "2C"], stock="JK", pile="QC", rules=rules), "draw stock")
    assert texts(legal_actions(only_jokers))[-1] == "discard JK"


def test_option_discard_playable() -> None:
    rules = R51.replace(discard_playable=False)
    table = [(1, "6S 7S 8S")]
    state = position(
        ["9S 2C", "2C"], stock="4H", pile="QC", rules=rules, table=table, opened=[1, 1]
    )
    state = play(state, "draw stock")
    refused(state, "discard 9S", "discard_could_be_laid_off")
    play(state, "discard 2C")


def test_option_final_discard_required() -> None:
    rules = R51.replace(final_discard_required=True)
    state = position(["9S 10S", "2C 3D"], stock="JS", pile="QC", rules=rules, opened=[1, 1])
    state = play(state, "draw stock")
    refused(state, "meld 9S 10S JS", "final_discard_required")
    reference = position(
        ["9S 10S JS", "2C"], stock="4D", pile="QC", opened=[1, 1], phase=state.phase
    )
    assert "meld 9S 10S JS" in texts(legal_actions(reference))


def test_option_rami_sec_waives() -> None:
    rules = R51.replace(rami_sec_waives="points_and_clean_run")
    state = position(["2H JK 4H 5C 5D 5S", "KC"], stock="JS", pile="QC", rules=rules)
    state = play(state, "draw stock", "meld 2H 4H JK", "meld 5C 5D 5S", "open", "discard JS")
    assert state.result is not None and state.result.rami_sec


def test_option_rami_sec_bonus() -> None:
    rules = R51.replace(rami_sec_bonus="none")
    state = position(["2H 3H 4H 5C 5D 5S", "KC"], stock="JS", pile="QC", rules=rules)
    state = play(state, "draw stock", "meld 2H 3H 4H", "meld 5C 5D 5S", "open", "discard JS")
    assert state.result is not None and state.result.scores == (0, 100)


def test_option_ace_in_hand() -> None:
    hand = parse_cards("AS KD")
    assert hand_penalty(hand, R51, opened=True) == 21
    assert hand_penalty(hand, R51.replace(ace_in_hand=1), opened=True) == 11


def test_option_joker_in_hand() -> None:
    assert hand_penalty(parse_cards("JK"), R51.replace(joker_in_hand=50), opened=True) == 50
    assert hand_penalty(parse_cards("JK"), get_rules("scala40"), opened=True) == 25


def test_option_never_opened_penalty() -> None:
    hand = parse_cards("AS KD 7C JK")
    assert hand_penalty(hand, R51, opened=False) == 100
    assert hand_penalty(hand, R51.replace(never_opened_penalty=None), opened=False) == 48


def test_option_stock_reshuffles() -> None:
    rules = R51.replace(stock_reshuffles=None)
    state = position(["2D 3C", "4C 9H"], stock="5H", pile="6C 7C", rules=rules, reshuffles=50)
    assert play(state, "draw stock", "discard 2D").reshuffles == 51
    none = R51.replace(stock_reshuffles=0)
    state = position(["2D 3C", "4C 9H"], stock="5H", pile="6C 7C", rules=none)
    assert play(state, "draw stock", "discard 2D").result is not None


def test_option_turn_limit() -> None:
    rules = R51.replace(turn_limit=None)
    state = position(["2D 3C", "4C 9H"], stock="5H 6H", pile="6C", rules=rules, turn_number=5000)
    assert play(state, "draw stock", "discard 2D").result is None
    short = R51.replace(turn_limit=20)
    state = position(["2D 3C", "4C 9H"], stock="5H 6H", pile="6C", rules=short, turn_number=20)
    assert play(state, "draw stock", "discard 2D").result is not None


def test_option_forced_end_scoring() -> None:
    rules = R51.replace(forced_end_scoring="all_count")
    state = position(
        ["2D 3C", "4C 9H"], stock="5H 6H", pile="6C", turn_number=300, opened=[1, 1], rules=rules
    )
    result = play(state, "draw stock", "discard 2D").result
    assert result is not None and result.scores == (9, 13)


def test_option_match_end() -> None:
    rounds = R51.replace(match_end="rounds", match_limit=1)
    match = new_match(rounds, ["a", "b"], "seed")
    match = _play_round_randomly(match)
    assert match.finished and match.winners


def test_option_match_limit() -> None:
    rules = R51.replace(match_end="rounds", match_limit=2)
    match = _play_round_randomly(new_match(rules, ["a", "b"], "seed"))
    assert not match.finished
    match = _play_round_randomly(next_round(match))
    assert match.finished and match.round_index == 2


def _play_round_randomly(match):  # type: ignore[no-untyped-def]
    import random

    from rami.bots import random_legal

    rng = random.Random(1)
    while match.current_seat is not None:
        match = match_apply(match, random_legal(legal_actions(match.round), rng))
    return match
