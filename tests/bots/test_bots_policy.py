"""What the greedy levels do in positions with one clearly right move."""

from __future__ import annotations

import dataclasses

from bot_games import position, turn_of

from rami.actions import Action, Discard, DrawDiscard, DrawStock, LayOff, Open
from rami.bots import make_bot
from rami.bots.knowledge import read_view
from rami.bots.policy import EASY, MEDIUM, discard_ranking
from rami.cards import JOKER, parse_cards
from rami.engine import apply
from rami.melds import make_meld
from rami.state import Phase, RoundState, TableMeld
from rami.views import view_for


def _turn(state: RoundState, level: str) -> list[Action]:
    """The actions ``level`` plays until its turn ends."""
    return turn_of(make_bot(level, 0), state)


def test_medium_opens_as_soon_as_it_can() -> None:
    state = position("10S JS QS 7H 7C 7D 2C 4D 9H KC 5S 3H 8D 6C")
    actions = _turn(state, "medium")
    assert Open() in actions
    assert isinstance(actions[-1], Discard)


def test_medium_takes_a_joker_from_the_discard_pile() -> None:
    state = position("2C 4D 9H KC 5S 3H 8D 6C 10S JD QH 7C 7D", Phase.DRAW)
    state = dataclasses.replace(state, discard_pile=(JOKER,))
    assert make_bot("medium", 0).choose(view_for(state, 0)) == DrawDiscard()


def test_medium_draws_from_the_stock_when_the_discard_does_not_help() -> None:
    state = position("2C 3C 9H KC 5S 3H 8D 6C 10S JD QH 7C 7D", Phase.DRAW)
    state = dataclasses.replace(state, discard_pile=parse_cards("4S"))
    assert make_bot("medium", 0).choose(view_for(state, 0)) == DrawStock()


def test_medium_goes_out_by_laying_off_and_discarding() -> None:
    run = make_meld(parse_cards("5H 6H 7H"))
    state = position(
        "8H KD", opened=(True, True), table=(TableMeld(1, run),), discard_pile=parse_cards("2C")
    )
    actions = _turn(state, "medium")
    assert actions == [LayOff(parse_cards("8H")[0], 0), Discard(parse_cards("KD")[0])]


def test_jokers_and_melded_cards_are_discarded_last() -> None:
    state = position("JK 5C 6C 7C 9D KS 2H", opened=(True, False))
    view = view_for(state, 0)
    ranked = [d.card for _, d in discard_ranking(view, MEDIUM)]
    assert ranked[-1] == JOKER
    assert set(ranked[-4:-1]) == set(parse_cards("5C 6C 7C"))


def test_an_opened_hand_sheds_its_highest_loose_card() -> None:
    state = position("3D 9H KS 4C 5C 6C JD", opened=(True, False))
    view = view_for(state, 0)
    for style in (EASY, MEDIUM):
        assert discard_ranking(view, style)[0][1].card in parse_cards("KS JD")


def test_medium_keeps_a_card_the_opponent_is_collecting() -> None:
    state = position("KD 5S 9H 2C 3C 4C 7D", opened=(True, True))
    picked = dataclasses.replace(state, current=1, phase=Phase.DRAW)
    state = apply(dataclasses.replace(picked, discard_pile=parse_cards("KH")), DrawDiscard())
    state = dataclasses.replace(state, current=0, phase=Phase.PLAY, taken=None)
    view = view_for(state, 0)
    assert read_view(view).held[1] == parse_cards("KH")
    best = discard_ranking(view, MEDIUM)[0][1].card
    assert best != parse_cards("KD")[0]


def test_easy_is_sometimes_sloppy_but_always_legal() -> None:
    state = position("3D 9H KS 4C JD 2S 8S 6H", opened=(True, False))
    view = view_for(state, 0)
    easy = {make_bot("easy", seed).choose(view) for seed in range(30)}
    medium = {make_bot("medium", seed).choose(view) for seed in range(30)}
    assert easy <= set(view.legal)
    assert len(easy) > 1
    assert len(medium) == 1
