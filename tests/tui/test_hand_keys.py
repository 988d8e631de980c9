"""The hand under the keys: the cursor stays on its card and always shows, cards move by hand,
staged melds are undone, the status line offers only what may be done, and a narrow terminal
keeps the last actions in view."""

from __future__ import annotations

from pathlib import Path

import pytest
from driver import new_app, shown, stage, table_screen, until
from textual.pilot import Pilot

from rami.cards import parse_cards
from rami.match import new_match
from rami.records import save
from rami.rules import get_rules
from rami.tui.app import RamiApp
from rami.tui.help import HelpScreen
from rami.tui.render import CHIP, SLOT

SEVENS = parse_cards("7C 7D 7S")


def mark_under(pilot: Pilot[object], index: int) -> str:
    """The mark line's cells under card ``index`` of the hand."""
    line = shown(pilot, "#hand").splitlines()[1].ljust((index + 1) * SLOT)
    return line[index * SLOT : index * SLOT + CHIP]


async def to_card(pilot: Pilot[object], index: int) -> None:
    screen = table_screen(pilot)
    while screen.cursor != index:
        await pilot.press("right" if index > screen.cursor else "left")


@pytest.mark.asyncio
async def test_the_cursor_stays_on_its_card_when_the_hand_changes(tmp_path: Path) -> None:
    app = new_app(tmp_path / "g.jsonl")
    async with app.run_test(size=(120, 36)) as pilot:
        screen = table_screen(pilot)
        await to_card(pilot, len(screen.order) - 1)
        card = screen.order[screen.cursor]
        await pilot.press("s")
        drawn = screen.drawn
        assert drawn is not None and screen.order.index(drawn) < screen.cursor
        assert screen.order[screen.cursor] == card
        await pilot.press("r")  # sorted by rank: the cursor follows the card again
        assert screen.order[screen.cursor] == card
        await pilot.press("x")
        assert card not in screen.view.hand


@pytest.mark.asyncio
async def test_the_cursor_shows_on_a_selected_hinted_or_drawn_card(tmp_path: Path) -> None:
    app = new_app(tmp_path / "g.jsonl")
    async with app.run_test(size=(120, 36)) as pilot:
        screen = table_screen(pilot)
        await pilot.press("s")
        assert screen.drawn is not None
        await to_card(pilot, screen.order.index(screen.drawn))
        assert mark_under(pilot, screen.cursor).strip() == "─✦ ─"
        await pilot.press("space")
        assert mark_under(pilot, screen.cursor) == "─▲▲─"
        await pilot.press("escape")
        await pilot.press("h")
        assert screen.hinted
        await to_card(pilot, min(screen.hinted))
        await pilot.press("h")  # moving cleared the marks: ask again with the cursor there
        assert screen.cursor in screen.hinted
        assert mark_under(pilot, screen.cursor) == "─??─"
        await pilot.press("right")
        assert mark_under(pilot, screen.cursor) == " ── "


@pytest.mark.asyncio
async def test_staged_melds_are_undone_and_the_status_offers_no_discard(tmp_path: Path) -> None:
    app = new_app(tmp_path / "g.jsonl")
    async with app.run_test(size=(120, 36)) as pilot:
        screen = table_screen(pilot)
        await pilot.press("s")
        assert "discard (X)" in shown(pilot, "#status")
        await pilot.press("u")
        assert "Nothing is staged" in shown(pilot, "#message")
        await to_card(pilot, 2)
        await pilot.press("shift+right")  # a hand arranged by hand, to be restored
        arranged = list(screen.order)
        await stage(pilot, SEVENS)
        assert screen.view.staged
        status, keys = shown(pilot, "#status"), shown(pilot, "#keys")
        assert "discard" not in status and "(U)" in status
        assert " X " not in keys and " U " in keys
        await pilot.press("u")
        assert not screen.view.staged
        assert screen.order == arranged
        assert "discard (X)" in shown(pilot, "#status")


@pytest.mark.asyncio
async def test_cards_move_by_hand_and_keep_their_places(tmp_path: Path) -> None:
    app = new_app(tmp_path / "g.jsonl")
    async with app.run_test(size=(120, 36)) as pilot:
        screen = table_screen(pilot)
        first, second = screen.order[:2]
        await pilot.press("shift+right")
        assert screen.order[:2] == [second, first] and screen.cursor == 1
        await pilot.press("less_than_sign")
        assert screen.order[:2] == [first, second] and screen.cursor == 0
        await pilot.press("greater_than_sign", "greater_than_sign")
        assert screen.order[2] == first and screen.cursor == 2
        arranged = list(screen.order)
        await pilot.press("s")
        drawn = screen.drawn
        assert screen.order[:-1] == arranged and screen.order[-1] == drawn
        assert screen.order[screen.cursor] == first
        await pilot.press("r", "r")  # sorting again gives up the arrangement
        assert screen.order == sorted(screen.view.hand)


@pytest.mark.asyncio
async def test_help_in_the_viewer_lists_the_viewer_keys(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    save(new_match(get_rules(), ["A", "B"], "seed"), path, reveal=True)
    from rami.records import load

    app = RamiApp(replay=load(path))
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        assert isinstance(app.screen, HelpScreen)
        assert "Replay keys" in app.screen.keys and "Tab" in app.screen.keys
        assert "discard the selected card" not in app.screen.keys


@pytest.mark.asyncio
async def test_a_terminal_of_80_by_24_keeps_the_last_three_actions(tmp_path: Path) -> None:
    app = new_app(tmp_path / "g.jsonl", bots=("random", "random"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(pilot)
        await pilot.press("s")
        await pilot.press("x")
        await until(pilot, lambda: screen.view.my_turn, "the bots' turns")
        lines = shown(pilot, "#brief").splitlines()
        said = [line for line in lines[1:] if line.strip()]
        assert len(said) == 3
        assert said[-1].startswith("Luca") and said[0].startswith("Ana")
        assert screen.query_one("#brief").region.height == 4
