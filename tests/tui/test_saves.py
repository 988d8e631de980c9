"""Saves: a file per game named by date and players, never overwritten, listed by --list."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest
from driver import new_app, table_screen, until
from typer.testing import CliRunner

from rami.actions import Discard, DrawStock
from rami.cli import build_app
from rami.match import new_match
from rami.records import load
from rami.rules import get_rules
from rami.tui.app import RamiApp
from rami.tui.play import PlayScreen
from rami.tui.results import RoundEndScreen
from rami.tui.saves import saved_games
from rami.tui.session import Session
from rami.tui.settings import new_save_path


def finished_match(path: Path) -> Session:
    """A one-round match played to its end and saved at ``path``."""
    rules = get_rules().replace(match_end="rounds", match_limit=1)
    session = Session(new_match(rules, ["Dana", "Ana"], "one-round"), 0, {1: "random"})
    while not session.round_over:
        if session.my_turn:
            session.play(DrawStock())
            session.play(Discard(session.view().hand[-1]))
        else:
            session.step_bot()
    session.save(path)
    return session


def test_each_game_gets_a_file_named_by_date_and_players(tmp_path: Path) -> None:
    when = datetime(2026, 12, 1, 9, 30)
    first = new_save_path(("Dana", "Ana", "Mai"), tmp_path, when)
    assert first == tmp_path / "2026-12-01-0930-Dana-Ana-Mai.jsonl"
    first.write_text("taken", encoding="utf-8")
    assert new_save_path(("Dana", "Ana", "Mai"), tmp_path, when).name == (
        "2026-12-01-0930-Dana-Ana-Mai-2.jsonl"
    )
    assert new_save_path(("Inês / Ana", "Łukasz"), tmp_path, when).name == (
        "2026-12-01-0930-Inês-Ana-Łukasz.jsonl"
    )


@pytest.mark.asyncio
async def test_a_new_game_saves_to_its_own_file_in_the_data_dir(tmp_path: Path) -> None:
    settings = new_app(tmp_path / "unused.jsonl").settings
    app = RamiApp(settings=settings, save_dir=tmp_path / "games", bot_delay=0)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("s")
        await pilot.press("q")
    saved = app.return_value
    assert saved is not None and saved.parent == tmp_path / "games"
    assert saved.name.endswith("-Dana-Ana.jsonl") and load(saved).names == ("Dana", "Ana")


@pytest.mark.asyncio
async def test_resuming_a_finished_match_and_playing_again_never_overwrite_it(
    tmp_path: Path,
) -> None:
    path = tmp_path / "done.jsonl"
    finished_match(path)
    before = path.read_bytes()
    app = RamiApp(session=Session.resume(path), save_path=path, bot_delay=0)
    async with app.run_test(size=(120, 36)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, RoundEndScreen), "the results")
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, PlayScreen), "the new game")
        await pilot.press("s")
        await pilot.press("q")
    assert path.read_bytes() == before, "the finished match is untouched"
    again = app.return_value
    assert again is not None and again != path and again.parent == tmp_path
    assert load(again).round_index == 1 and not load(again).finished


@pytest.mark.asyncio
async def test_quitting_a_resumed_finished_match_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "done.jsonl"
    finished_match(path)
    before = path.read_bytes()
    app = RamiApp(session=Session.resume(path), save_path=path, bot_delay=0)
    async with app.run_test(size=(120, 36)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, RoundEndScreen), "the results")
        await pilot.press("q")
    assert app.return_value is None and path.read_bytes() == before
    assert sorted(tmp_path.iterdir()) == [path]


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    return tmp_path / "rami" / "games"


def test_play_list_shows_the_saved_games(data_home: Path) -> None:
    runner = CliRunner()
    empty = runner.invoke(build_app(), ["play", "--list", "--lang", "en"])
    assert empty.exit_code == 0 and "No saved game" in empty.output
    data_home.mkdir(parents=True)
    finished_match(data_home / "2026-12-01-0930-Dana-Ana.jsonl")
    going = Session.start(new_app(data_home / "x.jsonl").settings)  # type: ignore[arg-type]
    going.save(data_home / "2026-12-01-1000-Dana-Ana.jsonl")
    (data_home / "notes.jsonl").write_text("not a game\n", encoding="utf-8")
    result = runner.invoke(build_app(), ["play", "--list", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert result.output.count("rami play --resume") == 2
    assert "match over" in result.output and "round 1" in result.output
    assert "Dana, Ana" in result.output and "notes.jsonl" not in result.output
    assert len(saved_games(data_home)) == 2


def test_no_continue_line_after_a_finished_match(
    data_home: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from rami.cli import play_cmd
    from rami.tui import app as app_module

    path = tmp_path / "done.jsonl"
    finished = finished_match(path)
    ongoing = Session.start(new_app(tmp_path / "x.jsonl").settings)  # type: ignore[arg-type]

    class Ran:
        session = finished

        def __init__(self, **_: object) -> None:
            pass

        def run(self) -> Path:
            return path

    monkeypatch.setattr(app_module, "RamiApp", Ran)
    monkeypatch.setattr(play_cmd, "has_terminal", lambda: True)
    runner = CliRunner()
    result = runner.invoke(build_app(), ["play", "--lang", "en", "--seed", "s"])
    assert "Game saved to" in result.output and "Continue it with" not in result.output
    Ran.session = ongoing
    result = runner.invoke(build_app(), ["play", "--lang", "en", "--seed", "s"])
    assert "Continue it with: rami play --resume" in result.output


@pytest.mark.asyncio
async def test_quit_returns_the_games_file(tmp_path: Path) -> None:
    save = tmp_path / "mine.jsonl"
    app = new_app(save)
    async with app.run_test(size=(120, 36)) as pilot:
        table_screen(pilot)
        await pilot.press("q")
    assert app.return_value == save and load(save).round_index == 1
