"""How the table reads: melds numbered down the screen, refusals that say why, the winner line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from driver import choose_meld, select, shown, table_screen, until
from test_table_plays import app_for, prepared

from rami.actions import Discard, DrawStock
from rami.cards import parse_cards
from rami.match import new_match
from rami.rules import get_rules
from rami.tui.results import RoundEndScreen
from rami.tui.session import Session


@pytest.mark.asyncio
async def test_melds_are_numbered_in_table_order_and_down_goes_to_meld_one(
    tmp_path: Path,
) -> None:
    table = [(1, "2C 2H 2D"), (0, "5S 6S 7S"), (1, "9H 10H JH")]
    session = prepared("2D 4C 9D", table)
    async with app_for(session, tmp_path).run_test(size=(120, 36)) as pilot:
        screen = table_screen(pilot)
        lines = [line for line in shown(pilot, "#table").splitlines() if line.strip()]
        assert [line.split()[0] for line in lines] == ["1", "2", "3"]
        assert lines[0].split()[1] == "Ana" and lines[1].split()[1] == "Dana"
        await pilot.press("down")
        assert screen.target == 0 and "◀" in shown(pilot, "#table").splitlines()[0]


@pytest.mark.asyncio
async def test_a_lay_off_that_does_not_fit_says_why(tmp_path: Path) -> None:
    table = [(1, "5S 6S 7S"), (1, "9H 10H JH"), (1, "2C 2H 2D")]
    session = prepared("2D 4C 9D 9S KH", table)
    async with app_for(session, tmp_path).run_test(size=(120, 36)) as pilot:
        screen = table_screen(pilot)
        before = screen.view
        await select(pilot, parse_cards("2D"))
        await choose_meld(pilot, 2)
        await pilot.press("l")
        said = shown(pilot, "#message")
        assert "2♦ does not fit meld 3: the set already has a 2♦." in said
        await select(pilot, parse_cards("9S"))
        await choose_meld(pilot, 0)
        await pilot.press("l")
        assert "9♠ does not fit meld 1: it does not continue the run" in shown(pilot, "#message")
        await select(pilot, parse_cards("KH"))
        await choose_meld(pilot, 2)
        await pilot.press("l")
        assert "K♥ does not fit meld 3: a set is cards of one rank." in shown(pilot, "#message")
        assert screen.view == before


@pytest.mark.asyncio
async def test_the_refusal_reason_is_said_in_the_players_language(tmp_path: Path) -> None:
    session = prepared("2D 4C 9D", [(1, "2C 2H 2D")])
    app = app_for(session, tmp_path)
    app.lang = "ro"
    async with app.run_test(size=(120, 36)) as pilot:
        await select(pilot, parse_cards("2D"))
        await choose_meld(pilot, 0)
        await pilot.press("l")
        said = shown(pilot, "#message")
        assert "2♦" in said and "meld 1" not in said and "does not fit" not in said


@pytest.mark.asyncio
async def test_the_winner_line_stands_above_the_buttons(tmp_path: Path) -> None:
    rules = get_rules().replace(match_end="rounds", match_limit=1)
    session = Session(new_match(rules, ["You", "Ana"], "one-round"), 0, {1: "random"})
    while not session.round_over:
        if session.my_turn:
            session.play(DrawStock())
            session.play(Discard(session.view().hand[-1]))
        else:
            session.step_bot()
    app = app_for(session, tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, RoundEndScreen), "the results")
        screen = app.screen
        winner = screen.query_one("#winner")
        buttons = screen.query_one("#results-buttons")
        await until(pilot, lambda: buttons.region.area > 0, "the buttons")
        assert winner.region.bottom <= buttons.region.y, (winner.region, buttons.region)
        assert winner.parent is not buttons


def test_the_player_is_named_after_their_login(monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from rami.cli import build_app, play_cmd
    from rami.tui import app as app_module
    from rami.tui import settings as settings_module

    made: dict[str, Any] = {}

    class Recorder:
        def __init__(self, **kwargs: Any) -> None:
            made.update(kwargs)
            self.session = None

        def run(self) -> None:
            return None

    monkeypatch.setattr(app_module, "RamiApp", Recorder)
    monkeypatch.setattr(play_cmd, "has_terminal", lambda: True)
    monkeypatch.setenv("LOGNAME", "dana")
    for lang in ("en", "pl", "ro"):
        result = CliRunner().invoke(build_app(), ["play", "--lang", lang, "--seed", "x"])
        assert result.exit_code == 0, result.output
        assert made["settings"].names()[0] == "Dana"

    def no_login() -> str:
        raise OSError("no login name")

    monkeypatch.setattr(settings_module.getpass, "getuser", no_login)
    CliRunner().invoke(build_app(), ["play", "--lang", "pl", "--seed", "x"])
    assert made["settings"].names()[0] == "Ty"


@pytest.mark.asyncio
async def test_the_table_speaks_to_the_player_in_their_language(tmp_path: Path) -> None:
    from driver import new_app

    save = tmp_path / "ro.jsonl"
    app = new_app(save, lang="ro", bots=("random", "hard"))
    async with app.run_test(size=(120, 36)) as pilot:
        screen = table_screen(pilot)
        await pilot.press("s")
        drawn = screen.drawn
        assert drawn is not None
        log = shown(pilot, "#log")
        assert "Ai tras" in log and "Dana a tras" not in log
        keys = shown(pilot, "#keys")
        assert "Spațiu" in keys and " Space " not in keys
        players = shown(pilot, "#players")
        assert "aleatoriu" in players and "greu" in players and "random" not in players
        await pilot.press("q")
    assert save.read_text(encoding="utf-8").count('"Dana"') >= 1
    resumed = Session.resume(save)
    assert resumed.match.names[0] == "Dana"


@pytest.mark.parametrize("lang", ["fr", "ro", "pt", "ms", "vi", "pl", "it"])
def test_words_the_terminal_and_the_web_show_are_translated(lang: str) -> None:
    from rami.i18n import LEVEL_WORDS, level_name, translator

    tr = translator(lang)
    for words in ("Bot: {level}", "offline"):
        assert tr.gettext(words, level="x") != words.replace("{level}", "x"), words
    assert tr.pgettext("key", "Space") != "Space"
    names = [level_name(level, lang) for level in LEVEL_WORDS]
    changed = [name for name, level in zip(names, LEVEL_WORDS, strict=True) if name != level]
    assert len(changed) >= len(LEVEL_WORDS) - 1  # "expert" may be spelt alike
    assert level_name("wizard", lang) == "wizard"
