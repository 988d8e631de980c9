"""The hard level's play: the fewest melds to open, melds held until they go out, and the
one-draw lookahead of its discards and draws."""

from __future__ import annotations

import dataclasses

from bot_games import RULES, hard_bot, position, turn_of

from rami.actions import Discard, DrawDiscard, DrawStock, LayOff, MeldAction, Open
from rami.bots.knowledge import read_view
from rami.bots.lookahead import best_discard, outlook, pile_beats_stock
from rami.bots.opening import fewest_melds, opens
from rami.bots.policy import SHARP, draw_choice
from rami.cards import parse_cards
from rami.melds import make_meld
from rami.solver import best_opening
from rami.state import Phase, TableMeld
from rami.views import view_for


def _meld(text: str) -> tuple[int, ...]:
    return tuple(sorted(parse_cards(text)))


def test_the_fewest_melds_that_open_keep_the_joker_in_hand() -> None:
    hand = parse_cards("10S JS QS KS 9H 9D 9C JK 8D 8C 2H")
    plan = best_opening(hand, RULES, keep=1)
    assert plan is not None and plan.meets_threshold and len(plan.melds) == 3
    part = fewest_melds(plan, RULES, None)
    assert opens(part, RULES, None)
    assert len(part) == 2
    assert all(meld.jokers == 0 for meld in part)
    assert _meld("10S JS QS KS") in [tuple(sorted(m.cards)) for m in part]


def test_a_clean_run_stays_in_the_smallest_opening() -> None:
    hand = parse_cards("QH KH AH QS QD QC KS KD KC 4C 7D")
    plan = best_opening(hand, RULES, keep=1)
    assert plan is not None
    part = fewest_melds(plan, RULES, None)
    assert any(m.clean and m.kind == "run" for m in part)
    assert opens(part, RULES, None)


def test_hard_opens_with_the_fewest_melds_and_holds_the_rest() -> None:
    state = position("10S JS QS KS 9H 9D 9C JK 8D 8C 2H 4S")
    actions = turn_of(hard_bot("open"), state)
    laid = [a.cards for a in actions if isinstance(a, MeldAction)]
    assert Open() in actions
    assert len(laid) == 2
    assert all(52 not in cards for cards in laid)
    assert isinstance(actions[-1], Discard)


def test_hard_keeps_its_melds_once_opened_but_lays_off_loose_cards() -> None:
    run = make_meld(parse_cards("5H 6H 7H"))
    state = position(
        "8H 2C 3C 4C 9S 9D 9C KD QS",
        opened=(True, True),
        table=(TableMeld(1, run),),
    )
    actions = turn_of(hard_bot("hold"), state)
    assert not any(isinstance(a, MeldAction) for a in actions)
    assert LayOff(parse_cards("8H")[0], 0) in actions
    assert isinstance(actions[-1], Discard)


def test_hard_lays_its_held_melds_when_they_go_out() -> None:
    state = position("2C 3C 4C 9S 9D 9C KD", opened=(True, True))
    actions = turn_of(hard_bot("out"), state)
    laid = sorted(a.cards for a in actions if isinstance(a, MeldAction))
    assert laid == sorted([_meld("2C 3C 4C"), _meld("9S 9D 9C")])
    assert actions[-1] == Discard(parse_cards("KD")[0])


def test_the_lookahead_keeps_the_card_with_more_ways_to_meld() -> None:
    state = position("5H 6H KS 2C 3C 4C 9S 9D 9C", opened=(True, True))
    view = view_for(state, 0)
    distance = outlook(view)
    keep_run = distance(_meld("5H 6H 2C 3C 4C 9S 9D 9C 7H"))
    assert keep_run < distance(_meld("KS 2C 3C 4C 9S 9D 9C 7H"))
    ranked = [Discard(parse_cards("5H")[0]), Discard(parse_cards("KS")[0])]
    assert best_discard(view, ranked, read_view(view)) == ranked[1]


def test_hard_takes_a_card_that_brings_its_opening_closer() -> None:
    """The 10S extends the clean run 6S-9S from 30 to 40 points: no opening yet and no less
    deadwood, so the greedy draw takes the stock; the lookahead takes the 10S."""
    hand = "4C 6C 7C 9C 3D TD TD JD 6S 7S 7S 8S 9S"
    dealt = position(f"{hand} TS", Phase.DRAW)
    state = dataclasses.replace(
        dealt,
        hands=(tuple(sorted(parse_cards(hand))), dealt.hands[1]),
        discard_pile=parse_cards("TS"),
        stock=(*dealt.stock, *dealt.discard_pile),
    )
    view = view_for(state, 0)
    assert draw_choice(view, SHARP) == DrawStock()
    assert pile_beats_stock(view, read_view(view))
    assert hard_bot().choose(view) == DrawDiscard()
