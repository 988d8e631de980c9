"""Cards and notation (RULES.md §1)."""

import doctest

import pytest

import rami.positions
from rami.cards import (
    JOKER,
    build_deck,
    card_text,
    cards_text,
    make_card,
    parse_card,
    parse_cards,
    pretty_card,
    rank_of,
    suit_of,
)
from rami.errors import InvalidCardError
from rami.rules import get_rules


def test_notation_round_trips_every_card() -> None:
    for card in range(53):
        assert parse_card(card_text(card)) == card
        assert parse_card(pretty_card(card)) == card


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [("QH", 12, 2), ("10S", 10, 3), ("AC", 1, 0), ("Q♥", 12, 2), ("10♠", 10, 3), ("kd", 13, 1)],
)
def test_parse_card_reads_ranks_and_suits(text: str, rank: int, suit: int) -> None:
    card = parse_card(text)
    assert (rank_of(card), suit_of(card)) == (rank, suit)


def test_joker_notation() -> None:
    assert parse_card("JK") == JOKER
    assert card_text(JOKER) == "JK"
    assert rank_of(JOKER) == 0 and suit_of(JOKER) == -1


@pytest.mark.parametrize("bad", ["1H", "11S", "QX", "", "Q", "JKK", "10", "♥Q"])
def test_malformed_card_is_a_typed_error_naming_the_token(bad: str) -> None:
    with pytest.raises(InvalidCardError) as info:
        parse_card(bad)
    assert info.value.code == "invalid_card"
    assert repr(bad)[1:-1] in info.value.message


def test_parse_cards_names_the_bad_token() -> None:
    with pytest.raises(InvalidCardError, match="'ZZ'"):
        parse_cards("QH ZZ 10S")


def test_pretty_output_uses_suit_symbols() -> None:
    assert cards_text(parse_cards("QH 10S AC JK"), pretty=True) == "Q♥ 10♠ A♣ 🃏"


def test_ace_high_rank_maps_to_the_ace() -> None:
    assert make_card(14, 2) == parse_card("AH")


@pytest.mark.parametrize(
    ("preset", "players", "size"),
    [
        ("rami51", 2, 108),
        ("rami51", 4, 108),
        ("rami51", 5, 160),
        ("rami51", 6, 160),
        ("rami51-house", 2, 106),
        ("rami51-house", 4, 106),
        ("rami51-house", 5, 159),
        ("rami40-house", 6, 159),
    ],
)
def test_deck_size_per_player_count_and_deck_option(preset: str, players: int, size: int) -> None:
    rules = get_rules(preset)
    assert rules.deck_size(players) == size
    assert len(build_deck(*rules.deck_for(players))) == size


def test_custom_deck() -> None:
    rules = get_rules().replace(deck="custom", custom_decks=3, custom_jokers=6)
    assert rules.deck_size(4) == 162


def test_positions_doctest() -> None:
    assert doctest.testmod(rami.positions).failed == 0
