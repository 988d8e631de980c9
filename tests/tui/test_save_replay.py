"""Quitting saves the match as a game record; it resumes mid-turn and replays in the viewer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from driver import new_app, play_turn, select, shown, table_screen

from rami.actions import Discard, DrawStock
from rami.cards import parse_cards
from rami.records import load, replay
from rami.records import loads as parse_record
from rami.state import Phase
from rami.tui.app import RamiApp
from rami.tui.replay import ReplayScreen, replay_steps
from rami.tui.session import Session


@pytest.mark.asyncio
async def test_quit_mid_turn_then_resume_the_same_game(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    app = new_app(save, bots=("random", "random"))
    async with app.run_test(size=(120, 36)) as pilot:
        screen = table_screen(pilot)
        await play_turn(pilot)
        await pilot.press("s")
        left = screen.view
        await pilot.press("q")
    assert app.return_value == save
    header = json.loads(save.read_text(encoding="utf-8").splitlines()[0])
    assert header["client"]["tui"] == {"human": 0, "bots": {"1": "random", "2": "random"}}
    replay(parse_record(save.read_text(encoding="utf-8")))  # a valid game record

    session = Session.resume(save)
    assert session.levels == {1: "random", 2: "random"}
    again = RamiApp(session=session, save_path=save, bot_delay=0)
    async with again.run_test(size=(120, 36)) as pilot:
        screen = table_screen(pilot)
        assert screen.view == left, "the game goes on exactly where it was left"
        assert screen.view.phase is Phase.PLAY
        await select(pilot, [screen.view.hand[0]])
        await pilot.press("x")
        assert screen.view.my_turn and screen.view.turn_number == left.turn_number + 3
        await play_turn(pilot)


@pytest.mark.asyncio
async def test_ctrl_q_saves_too(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    app = new_app(save)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("s")
        await pilot.press("ctrl+q")
    assert app.return_value == save
    assert load(save).round.phase is Phase.PLAY


def _finished_round(tmp_path: Path) -> Path:
    """A record of a round played to its end by discarding the first card each turn."""
    settings = new_app(tmp_path / "unused.jsonl").settings
    assert settings is not None
    session = Session.start(settings)
    while not session.round_over:
        if session.my_turn:
            session.play(DrawStock())
            session.play(Discard(session.view().hand[-1]))
        else:
            session.step_bot()
    path = tmp_path / "done.jsonl"
    session.save(path)
    return path


@pytest.mark.asyncio
async def test_the_replay_viewer_steps_through_a_saved_game(tmp_path: Path) -> None:
    match = load(_finished_round(tmp_path))
    steps = replay_steps(match)
    assert steps[-1].match.round == match.round
    assert len(steps) == len(match.round.entries()) + 1
    app = RamiApp(replay=match, save_path=tmp_path / "x.jsonl", lang="en")
    async with app.run_test(size=(120, 36)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert "step 1 of" in shown(pilot, "#status")
        assert "The cards are dealt." in shown(pilot, "#message")
        await pilot.press("right", "right")
        assert "step 3 of" in shown(pilot, "#status")
        assert "Dana discarded" in shown(pilot, "#message")
        await pilot.press("left")
        assert "Dana drew" in shown(pilot, "#message")
        await pilot.press("tab")
        assert "seen by Ana" in shown(pilot, "#status")
        assert "Dana drew from the stock" in shown(pilot, "#log"), "Ana never sees Dana's draw"
        await pilot.press("end")
        result = match.round.result
        assert result is not None
        ending = "Ana went out." if result.winner == 1 else "lowest hand wins"
        assert ending in shown(pilot, "#message")
        await pilot.press("q")
    assert app.return_value is None


def test_a_replay_of_a_round_in_progress_ends_where_the_save_does(tmp_path: Path) -> None:
    settings = new_app(tmp_path / "g.jsonl").settings
    assert settings is not None
    session = Session.start(settings)
    session.play(DrawStock())
    session.play(Discard(parse_cards("5C")[0]))
    session.step_bot()
    steps = replay_steps(session.match)
    assert len(steps) == 4
    assert steps[-1].match.round == session.match.round
