"""The hint key: it starts from the staged melds, marks without selecting, speaks the language."""

from __future__ import annotations

from pathlib import Path

import pytest
from driver import new_app, select, shown, table_screen
from textual.pilot import Pilot

from rami.actions import DrawDiscard, DrawStock, MeldAction, Open, TakeBack
from rami.cards import parse_card
from rami.i18n import card_symbol
from rami.planning import hint, hint_text
from rami.rules import get_rules
from rami.state import Phase
from rami.tui.app import RamiApp
from rami.tui.play import PlayScreen
from rami.tui.settings import GameSettings

ISSUE_SEED = "17"
"""``rami play --players 2 --bots medium --seed 17``: the player takes J♣ on the second turn
and can open with three melds, the first a clean run 9♣ 10♣ J♣."""


def issue_app(save: Path, lang: str = "en") -> RamiApp:
    settings = GameSettings(get_rules("rami51"), "You", ("medium",), ISSUE_SEED, lang)
    return RamiApp(settings=settings, save_path=save, bot_delay=0, lang=lang)


async def select_hinted(pilot: Pilot[object]) -> None:
    """Select, with the keys, the cards the hint marked."""
    screen = table_screen(pilot)
    cards = [screen.order[i] for i in sorted(screen.hinted)]
    await select(pilot, cards)


async def second_turn(pilot: Pilot[object]) -> PlayScreen:
    """The issue's first steps: D, H, X (J♦), D (J♣)."""
    screen = table_screen(pilot)
    await pilot.press("d")
    await pilot.press("h")
    await select(pilot, [parse_card("JD")])
    await pilot.press("x")
    assert screen.view.my_turn and screen.view.phase is Phase.DRAW
    assert screen.view.discard_pile[-1] == parse_card("JC")
    await pilot.press("d")
    return screen


@pytest.mark.asyncio
async def test_a_multi_meld_opening_hint_goes_on_from_the_staged_melds(tmp_path: Path) -> None:
    app = issue_app(tmp_path / "g.jsonl")
    async with app.run_test(size=(140, 40)) as pilot:
        screen = await second_turn(pilot)
        await pilot.press("h")
        first = shown(pilot, "#message")
        assert first.startswith("» Open with") and "press O to open" in first
        steps = []
        for _ in range(6):
            await select_hinted(pilot)
            await pilot.press("m")
            assert screen.view.staged, shown(pilot, "#message")
            await pilot.press("h")
            said = shown(pilot, "#message")
            steps.append(said)
            assert "take back" not in said, said
            if not screen.hinted:
                break
        assert "Ready to open" in steps[-1] and "press O to open" in steps[-1], steps
        assert len(steps) == first.count("meld ")
        assert Open() in screen.view.legal
        await pilot.press("o")
        assert screen.view.has_opened


def test_the_solver_hint_keeps_the_staged_melds_and_the_engine_accepts_it(tmp_path: Path) -> None:
    from rami.tui.session import Session

    settings = GameSettings(get_rules("rami51"), "You", ("medium",), ISSUE_SEED, "en")
    session = Session.start(settings)
    session.play(DrawDiscard())
    session.play(next(a for a in hint(session.view()).actions))
    while not session.my_turn:
        session.step_bot()
    session.play(DrawDiscard())
    found = hint(session.view())
    assert found is not None and found.actions[0] != TakeBack()
    for action in found.actions:
        if isinstance(action, MeldAction):
            session.play(action)
            later = hint(session.view())
            assert later is not None and TakeBack() not in later.actions
    assert hint(session.view()) is not None


@pytest.mark.asyncio
async def test_a_hint_marks_cards_without_selecting_them(tmp_path: Path) -> None:
    app = issue_app(tmp_path / "g.jsonl")
    async with app.run_test(size=(140, 40)) as pilot:
        screen = await second_turn(pilot)
        await pilot.press("h")
        hinted = sorted(screen.hinted)
        assert len(hinted) == 3 and not screen.selected
        assert "??" in shown(pilot, "#hand") and "▲▲" not in shown(pilot, "#hand")
        await pilot.press("m")
        assert not screen.view.staged and "Select the cards of a meld" in shown(pilot, "#message")
        assert not screen.hinted, "any key clears the hint"
        await pilot.press("h")
        assert screen.hinted
        await pilot.press("end")
        assert not screen.hinted and screen.cursor == len(screen.order) - 1
        await pilot.press("home")
        assert screen.cursor == 0
        cursor_card = screen.order[0]
        await pilot.press("h")
        before = len(screen.view.hand)
        await pilot.press("x")
        assert len(screen.view.hand) == before - 1
        gone = [e for e in screen.view.events if e.seat == 0][-1]
        assert gone.action.card == cursor_card  # type: ignore[attr-defined]


@pytest.mark.asyncio
async def test_the_card_just_drawn_is_marked_until_the_next_action(tmp_path: Path) -> None:
    app = new_app(tmp_path / "g.jsonl")
    async with app.run_test(size=(120, 36)) as pilot:
        screen = table_screen(pilot)
        assert screen.marks().drawn is None
        await pilot.press("s")
        drawn = screen.view.events[-1].card
        assert drawn is not None and screen.drawn == drawn
        index = screen.marks().drawn
        assert index is not None and screen.order[index] == drawn
        assert "✦" in shown(pilot, "#hand")
        await pilot.press("r")
        index = screen.marks().drawn
        assert index is not None and screen.order[index] == drawn, "found again after sorting"
        await select(pilot, [c for c in screen.order if c != drawn][:1])
        await pilot.press("x")
        assert screen.drawn is None and "✦" not in shown(pilot, "#hand")


@pytest.mark.parametrize("lang", ["en", "ro", "pt", "ms", "vi", "pl", "fr", "it"])
def test_one_narrator_says_every_hint_in_every_language(lang: str) -> None:
    from rami.tui.session import Session

    settings = GameSettings(get_rules("rami51"), "You", ("medium",), ISSUE_SEED, lang)
    session = Session.start(settings)
    seen = set()
    for _ in range(40):
        if not session.my_turn:
            session.step_bot()
            continue
        if session.round_over:
            break
        found = hint(session.view())
        assert found is not None
        text = hint_text(found, lang)
        english = hint_text(found, "en")
        assert text and "\n" not in text and "{" not in text
        if lang != "en":
            assert text != english, english
        seen.add(found.reason)
        session.play(found.actions[0])
    assert len(seen) >= 3


def test_draw_hints_name_the_pile_card(tmp_path: Path) -> None:
    app = issue_app(tmp_path / "g.jsonl", "fr")
    assert app.settings is not None
    from rami.tui.session import Session

    view = Session.start(app.settings).view()
    found = hint(view)
    assert found is not None and found.actions in ((DrawDiscard(),), (DrawStock(),))
    text = hint_text(found, "fr")
    assert text.startswith(("Piochez", "Prenez")), text
    assert found.card is not None and card_symbol(found.card, "fr") in text
