"""Decisions judged on built positions: a discard that lets the opponent go out at once is a
blunder; two discards of equal worth mark neither."""

from __future__ import annotations

from random import Random

from rami.actions import Discard, action_text
from rami.cards import build_deck, parse_card, parse_cards
from rami.melds import make_meld
from rami.review import BUDGETS, decide
from rami.review.candidates import Choice, discard_choice
from rami.review.turns import Turn
from rami.rules import get_rules
from rami.state import Phase, RoundState, TableMeld
from rami.views import PlayerView, view_for

RULES = get_rules("rami51")
FULL = BUDGETS["full"]
HAND = parse_cards("KS KC 9S 9C 7H 3D")
"""The reviewed seat's hand, opened: the same under swapping spades and clubs."""
TABLE = [
    (1, parse_cards("4H 5H 6H")),
    (1, parse_cards("QD KD AD")),
    (0, parse_cards("4D 5D 6D 7D")),
    (0, parse_cards("9H TH JH QH")),
]
"""The melds on the table (hearts and diamonds only): 7♥ lays off on seat 1's run."""
PILE = parse_cards("3H TH")


def position() -> PlayerView:
    """Seat 0 to discard; seat 1 opened with one card left (which the review never sees)."""
    rest = list(build_deck(*RULES.deck_for(2)))
    for card in (*HAND, *PILE, *(c for _, meld in TABLE for c in meld)):
        rest.remove(card)
    rng = Random("position")
    opponent = (rest.pop(rng.randrange(len(rest))),)
    state = RoundState(
        rules=RULES,
        seed="review-position",
        dealer=1,
        hands=(HAND, opponent),
        stock=tuple(rng.sample(rest, len(rest))),
        discard_pile=PILE,
        opened=(True, True),
        current=0,
        table=tuple(TableMeld(owner, make_meld(meld)) for owner, meld in TABLE),
        phase=Phase.PLAY,
        turn_number=12,
    )
    return view_for(state, 0)


def test_a_discard_that_lets_the_opponent_go_out_at_once_is_a_blunder() -> None:
    view = position()
    blunder = Discard(parse_card("7H"))
    assert blunder in view.legal
    choice = discard_choice(Turn(12, discard_view=view, discard=blunder), FULL.discards, 6)
    assert choice is not None and len(choice.candidates) > 1
    decision = decide(choice, 12, Random("blunder"), FULL, "en")
    assert decision.verdict == "blunder"
    assert decision.loss_points >= 12
    assert decision.loss_win >= 0.2
    assert decision.played.win == 0
    assert decision.best.actions != (action_text(blunder),)
    assert decision.played.text == "discard 7♥"
    assert decision.best.text.startswith("discard ")
    assert 1 <= len(decision.alternatives) <= 3
    assert decision.played.points > decision.best.points


def test_two_discards_of_equal_worth_mark_neither() -> None:
    view = position()
    kings = (Discard(parse_card("KS")), Discard(parse_card("KC")))
    for played, other in (kings, kings[::-1]):
        choice = Choice("discard", view, (played,), ((played,), (other,)))
        decision = decide(choice, 12, Random("equal"), FULL, "en")
        assert decision.verdict is None
        assert decision.loss_points == 0
        assert decision.loss_win == 0
        assert decision.accuracy == 100


def test_the_better_move_is_said_in_every_language() -> None:
    view = position()
    blunder = Discard(parse_card("7H"))
    choice = discard_choice(Turn(12, discard_view=view, discard=blunder), 2, 6)
    assert choice is not None
    said = {
        lang: decide(choice, 12, Random("words"), BUDGETS["quick"], lang).played.text
        for lang in ("en", "fr", "it", "ms", "pl", "pt", "ro", "vi")
    }
    assert said["en"] == "discard 7♥"
    assert len(set(said.values())) == len(said)
    assert all("7♥" in text for text in said.values())
