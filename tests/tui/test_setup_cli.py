"""The setup screen and the command line: what they start, and what they refuse."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import pytest
from driver import until
from textual.pilot import Pilot
from textual.widgets import Button, Input, Select, Static, Switch
from typer.testing import CliRunner

from rami.bots import LEVELS
from rami.cli import build_app
from rami.tui.app import RamiApp
from rami.tui.play import PlayScreen
from rami.tui.settings import GameSettings, parse_bots
from rami.tui.setup import SetupScreen
from rami.tui.widgets import level_name


async def press_start(pilot: Pilot[object]) -> None:
    """Click Start once the screen has laid it out (a new button has no place until then)."""
    await until(pilot, lambda: pilot.app.screen.query_one("#start").region.area > 0, "Start")
    await pilot.click("#start")


@pytest.mark.asyncio
async def test_setup_screen_starts_the_game_chosen(tmp_path: Path) -> None:
    app = RamiApp(save_path=tmp_path / "g.jsonl", name="Dana", bot_delay=0)
    async with app.run_test(size=(120, 50)) as pilot:
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert "Open with 51 points" in str(screen.query_one("#summary").content)
        screen.query_one("#preset", Select).value = "rami40"
        screen.query_one("#players", Select).value = 3
        await until(pilot, lambda: screen.query_one("#bot-row-2").display, "two bot rows")
        assert not screen.query_one("#bot-row-3").display
        screen.query_one("#seed", Input).value = "setup-1"
        screen.query_one("#reference", Switch).value = False
        house = screen.query_one("#house")
        await until(pilot, lambda: house.has_class("-shown"), "the house rules")
        screen.query_one("#option-match_limit", Input).value = "101"
        await press_start(pilot)
        await until(pilot, lambda: isinstance(app.screen, PlayScreen), "the table")
        assert isinstance(app.screen, PlayScreen)
        view = app.screen.view
        assert view.names[0] == "Dana" and len(view.names) == 3
        assert view.rules.opening_points == 40 and view.rules.match_limit == 101
        assert view.rules.name == "custom"


@pytest.mark.asyncio
async def test_setup_screen_refuses_settings_that_cannot_be_played(tmp_path: Path) -> None:
    app = RamiApp(save_path=tmp_path / "g.jsonl")
    async with app.run_test(size=(120, 50)) as pilot:
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.query_one("#preset", Select).value = "rami51-pl"
        screen.query_one("#players", Select).value = 5
        await press_start(pilot)
        error = screen.query_one("#error", Static)
        await until(pilot, lambda: "2 to 4 players" in str(error.content), "the refusal")
        assert isinstance(app.screen, SetupScreen)


@pytest.mark.asyncio
async def test_setup_screen_speaks_the_language_chosen(tmp_path: Path) -> None:
    app = RamiApp(save_path=tmp_path / "g.jsonl", name="You", bot_delay=0)
    async with app.run_test(size=(120, 50)) as pilot:
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.query_one("#players", Select).value = 3
        screen.query_one("#seed", Input).value = "kept"
        screen.query_one("#lang", Select).value = "pl"

        def start_label() -> str:
            return str(screen.query_one("#start", Button).label)

        await until(pilot, lambda: start_label() == "Rozpocznij", "the Polish screen")
        await until(pilot, lambda: app.focused is screen.query_one("#lang"), "focus on Language")
        assert screen.query_one("#players", Select).value == 3, "choices survive the change"
        assert screen.query_one("#seed", Input).value == "kept"
        assert screen.query_one("#name", Input).value == "Ty", "the default name is translated"
        await press_start(pilot)
        await until(pilot, lambda: isinstance(app.screen, PlayScreen), "the table")
        assert isinstance(app.screen, PlayScreen) and app.screen.lang == "pl"
        status = app.screen.query_one("#status", Static)
        await until(pilot, lambda: "Twoja tura" in str(status.content), "the Polish status")


def test_bot_levels_fill_the_seats_or_are_refused() -> None:
    assert parse_bots("random", 4) == ("random",) * 3
    assert parse_bots("random,random", None) == ("random", "random")
    assert parse_bots("expert,hard", None) == ("expert", "hard")
    with pytest.raises(ValueError, match="unknown bot level 'genius'"):
        parse_bots("genius", 2)
    with pytest.raises(ValueError, match="3 players need 2 bot levels"):
        parse_bots("random,random,random", 3)


def test_every_level_has_a_name_in_the_setup_choices() -> None:
    assert level_name("expert", "pl") == "ekspert"
    assert level_name("expert", "en") == "expert"
    assert all(level_name(level, "fr") for level in LEVELS)


def test_names_skip_the_one_the_player_took() -> None:
    settings = GameSettings(name="ana", bots=("random", "random"))
    assert settings.names() == ("ana", "Luca", "Mai")


class FakeApp:
    """Stands in for the Textual app: records how the command built it."""

    made: ClassVar[dict[str, Any]] = {}

    def __init__(self, **kwargs: Any) -> None:
        FakeApp.made = kwargs

    def run(self) -> None:
        return None


@pytest.fixture
def runner(monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    from rami.cli import play_cmd
    from rami.tui import app

    monkeypatch.setattr(app, "RamiApp", FakeApp)
    monkeypatch.setattr(play_cmd, "has_terminal", lambda: True)
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    return CliRunner()


def test_play_options_become_the_game_settings(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "s.jsonl"
    args = ["play", "--rules", "rami40", "--players", "3", "--bots", "random"]
    args += ["--seed", "s1", "--name", "Ana", "--save", str(save)]
    result = runner.invoke(build_app(), args)
    assert result.exit_code == 0, result.output
    settings = FakeApp.made["settings"]
    assert settings.rules.name == "rami40" and settings.bots == ("random", "random")
    assert settings.seed == "s1" and settings.names()[0] == "Ana"
    assert FakeApp.made["lang"] == "pt" and FakeApp.made["save_path"] == save


def test_play_without_options_opens_the_setup_screen(runner: CliRunner) -> None:
    result = runner.invoke(build_app(), ["play", "--lang", "fr"])
    assert result.exit_code == 0, result.output
    assert FakeApp.made["settings"] is None and FakeApp.made["session"] is None
    assert FakeApp.made["lang"] == "fr"


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["--lang", "xx"], "unknown_language"),
        (["--bots", "genius"], "bad_bots"),
        (["--rules", "rami51-pl", "--players", "5"], "bad_player_count"),
        (["--rules", "nope"], "unknown_preset"),
        (["--resume", "/nonexistent/save.jsonl"], "invalid_record"),
    ],
)
def test_play_refuses_bad_options(runner: CliRunner, args: list[str], code: str) -> None:
    result = runner.invoke(build_app(), ["play", *args])
    assert result.exit_code == 2
    assert code in result.output


def test_replay_viewer_opens_the_viewer(runner: CliRunner, tmp_path: Path) -> None:
    from rami.match import new_match
    from rami.records import save
    from rami.rules import get_rules

    path = tmp_path / "r.jsonl"
    save(new_match(get_rules(), ["A", "B"], "seed"), path, reveal=True)
    result = runner.invoke(build_app(), ["replay", str(path), "--viewer", "--seat", "2"])
    assert result.exit_code == 0, result.output
    assert FakeApp.made["replay"].names == ("A", "B") and FakeApp.made["seat"] == 1


def test_play_save_to_a_folder_saves_a_new_file_inside_it(
    runner: CliRunner, tmp_path: Path
) -> None:
    result = runner.invoke(build_app(), ["play", "--seed", "s1", "--save", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert FakeApp.made["save_dir"] == tmp_path and FakeApp.made["save_path"] is None


@pytest.mark.asyncio
async def test_quitting_a_game_saved_to_a_folder_writes_inside_it(tmp_path: Path) -> None:
    settings = GameSettings(name="Dana", bots=("random",), seed="folder-1")
    app = RamiApp(settings=settings, save_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, PlayScreen), "the table")
        await pilot.press("q")
    saved = list(tmp_path.glob("*.jsonl"))
    assert len(saved) == 1 and app.return_value == saved[0]
