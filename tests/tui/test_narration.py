"""Actions in words for the log, in English and in the other languages."""

from __future__ import annotations

import pytest

from rami.actions import (
    Discard,
    DrawDiscard,
    DrawStock,
    LayOff,
    MeldAction,
    Open,
    Swap,
    TakeBack,
    parse_action,
)
from rami.cards import JOKER, parse_card
from rami.i18n import LANGUAGES
from rami.narration import narrate, narrate_log, narrate_result
from rami.state import EndReason, RoundResult
from rami.views import ViewEvent

NAMES = ("Ana", "Luca")


@pytest.mark.parametrize(
    ("action", "card", "said"),
    [
        (DrawStock(), None, "Ana drew from the stock"),
        (DrawStock(), parse_card("5C"), "Ana drew 5♣ from the stock"),
        (DrawDiscard(), parse_card("7H"), "Ana took 7♥ from the discard pile"),
        (parse_action("meld 7S 8S 9S"), None, "Ana laid down 7♠ 8♠ 9♠"),
        (Open(), None, "Ana opened"),
        (TakeBack(), None, "Ana took back the staged melds"),
        (LayOff(parse_card("9S"), 1), None, "Ana laid off 9♠ on meld 2"),
        (
            Swap(parse_card("6S"), 0),
            None,
            "Ana took the joker from meld 1, putting 6♠ in its place",
        ),
        (Discard(parse_card("KH")), None, "Ana discarded K♥"),
    ],
)
def test_each_action_in_words(action: object, card: int | None, said: str) -> None:
    assert narrate(0, action, card, NAMES, "en") == said  # type: ignore[arg-type]


def test_melds_before_the_opening_are_only_staged() -> None:
    meld = MeldAction(tuple(sorted((parse_card("7S"), parse_card("8S"), JOKER))))
    events = [
        ViewEvent(0, meld, None),
        ViewEvent(0, Open(), None),
        ViewEvent(0, meld, None),
    ]
    assert narrate_log(events, NAMES, "en") == [
        "Ana staged 7♠ 8♠ 🃏 for the opening",
        "Ana opened",
        "Ana laid down 7♠ 8♠ 🃏",
    ]


def test_a_client_may_write_cards_its_own_way() -> None:
    def face(card: int, lang: str) -> str:
        return "JK" if card == JOKER else "?"

    assert narrate(1, Discard(JOKER), None, NAMES, "en", face=face) == "Luca discarded JK"


def test_round_endings() -> None:
    won = RoundResult(EndReason.WENT_OUT, 1, False, ((), ()), (40, 0))
    sec = RoundResult(EndReason.WENT_OUT, 0, True, ((), ()), (0, 80))
    dry = RoundResult(EndReason.STOCK_EXHAUSTED, None, False, ((), ()), (0, 12))
    assert narrate_result(won, (0, 1), NAMES, "en") == "Luca went out."
    assert narrate_result(sec, (0, 1), NAMES, "en") == "Ana went out in one go: rami sec!"
    assert narrate_result(dry, (0, 1), NAMES, "en").startswith("The stock ran out")


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_log_speaks_every_language(lang: str) -> None:
    said = narrate(0, DrawDiscard(), parse_card("7H"), NAMES, lang)
    assert "Ana" in said and "7♥" in said
    assert said != "Ana took 7♥ from the discard pile"


EVERY_ACTION = [
    (DrawStock(), None),
    (DrawStock(), parse_card("5C")),
    (DrawDiscard(), parse_card("7H")),
    (parse_action("meld 7S 8S 9S"), None),
    (Open(), None),
    (TakeBack(), None),
    (LayOff(parse_card("9S"), 1), None),
    (Swap(parse_card("6S"), 0), None),
    (Discard(parse_card("KH")), None),
]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("action", "card"), EVERY_ACTION)
def test_the_players_own_actions_are_said_to_them(lang: str, action: object, card: int) -> None:
    """A sentence of its own for "you" (never the name, nor "You" in a third-person sentence)."""
    names = ("Dana", "Ana")
    yours = narrate(0, action, card, names, lang, viewer=0)  # type: ignore[arg-type]
    theirs = narrate(0, action, card, names, lang)  # type: ignore[arg-type]
    assert "Dana" not in yours and yours != theirs.replace("Dana", "").strip()
    assert narrate(1, action, card, names, lang, viewer=0) == narrate(1, action, card, names, lang)  # type: ignore[arg-type]
    staged = narrate(0, action, card, names, lang, staged=True, viewer=0)  # type: ignore[arg-type]
    assert "Dana" not in staged


@pytest.mark.parametrize(
    ("lang", "action", "card", "said"),
    [
        ("en", DrawDiscard(), parse_card("9H"), "You took 9♥ from the discard pile"),
        ("ro", DrawDiscard(), parse_card("9H"), "Ai luat 9♥ din teancul de decartare"),
        ("pl", DrawStock(), parse_card("AC"), "Dobierasz A♣ z talonu"),
    ],
)
def test_second_person_sentences(lang: str, action: object, card: int, said: str) -> None:
    assert narrate(0, action, card, ("Dana", "Ana"), lang, viewer=0) == said  # type: ignore[arg-type]


def test_the_log_speaks_to_its_viewer() -> None:
    events = [ViewEvent(0, DrawStock(), parse_card("5C")), ViewEvent(1, DrawStock(), None)]
    assert narrate_log(events, NAMES, "en", viewer=0) == [
        "You drew 5♣ from the stock",
        "Luca drew from the stock",
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_viewer_is_told_of_their_own_going_out(lang: str) -> None:
    won = RoundResult(EndReason.WENT_OUT, 0, False, ((), ()), (0, 40))
    sec = RoundResult(EndReason.WENT_OUT, 0, True, ((), ()), (0, 80))
    for result in (won, sec):
        yours = narrate_result(result, (0, 1), NAMES, lang, viewer=0)
        assert "Ana" not in yours and yours != narrate_result(result, (0, 1), NAMES, lang)
    assert narrate_result(won, (0, 1), NAMES, "en", viewer=0) == "You went out."
