"""A whole round by key presses against a bot: a refused opening, the fix, a lay-off, the
round's end with its score table; then the save, the resume and the next round."""

from __future__ import annotations

from pathlib import Path

import pytest
from driver import choose_meld, new_app, play_turn, select, shown, stage, table_screen, until

from rami.cards import parse_cards
from rami.records import load
from rami.state import Phase
from rami.tui.app import RamiApp
from rami.tui.results import RoundEndScreen
from rami.tui.session import Session


@pytest.mark.asyncio
async def test_open_after_a_refusal_lay_off_finish_the_round_save_and_resume(
    tmp_path: Path,
) -> None:
    save = tmp_path / "game.jsonl"
    app = new_app(save)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = table_screen(pilot)
        assert "Your turn: draw from the stock" in shown(pilot, "#status")
        await pilot.press("s")
        assert len(screen.view.hand) == 14

        # Two sets make 51 points but no clean run: the live counter says so.
        await stage(pilot, parse_cards("7C 7D 7S"))
        await stage(pilot, parse_cards("QC QD QS"))
        assert "51 / 51 — needs a clean run" in shown(pilot, "#staging")
        before = screen.view
        await pilot.press("o")
        assert "The opening needs a clean run" in shown(pilot, "#message")
        assert screen.view == before, "a refused opening changes nothing"

        # Adding a clean run fixes it; the opening goes on the table.
        await stage(pilot, parse_cards("8H 9H 10H"))
        staging = shown(pilot, "#staging")
        assert "78 / 51 — clean run ✓ — ready to open (O)" in staging
        await pilot.press("o")
        view = screen.view
        assert view.has_opened and len(view.table) == 3
        assert "You opened" in shown(pilot, "#log")
        assert "8♥ 9♥ 10♥" in shown(pilot, "#table")

        # Lay the jack of hearts off on the run (meld 3), then discard.
        await select(pilot, parse_cards("JH"))
        await choose_meld(pilot, 2)
        await pilot.press("l")
        assert len(screen.view.table[2].meld.cards) == 4
        assert "You laid off J♥ on meld 3" in shown(pilot, "#log")
        await select(pilot, parse_cards("KS"))
        await pilot.press("x")
        assert screen.view.my_turn, "the bot played its turn at once"
        assert "You discarded K♠" in shown(pilot, "#log")

        # Play on by keys until the round ends, then read the score table.
        for _ in range(80):
            if isinstance(app.screen, RoundEndScreen):
                break
            await play_turn(pilot)
        assert isinstance(app.screen, RoundEndScreen)
        scores = shown(pilot, "#score-table")
        assert "Dana" in scores and "Ana" in scores
        played = screen.view.rounds[-1]
        winner_note = "went out" if played.result.winner is not None else ""
        assert winner_note in scores
        await pilot.press("q")
    assert app.return_value == save
    saved = load(save)
    assert saved.round.phase is Phase.OVER and saved.round_index == 1

    # Resume: the score table comes back; Enter deals round 2 and play goes on.
    again = RamiApp(session=Session.resume(save), save_path=save, bot_delay=0)
    async with again.run_test(size=(120, 36)) as pilot:
        await until(pilot, lambda: isinstance(again.screen, RoundEndScreen), "the results")
        await pilot.press("enter")
        screen = table_screen(pilot)
        await until(pilot, lambda: screen.view.round_index == 2, "round 2")
        assert screen.view.totals == saved.totals
        await until(pilot, lambda: screen.view.my_turn, "the player's turn")
        await play_turn(pilot)
        assert screen.view.turn_number > 1
        await pilot.press("q")
    assert load(save).round_index == 2
