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
