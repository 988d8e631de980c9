"""Keys that are refused leave the game as it was and say why; hint, sort, pile and help."""

from __future__ import annotations

from pathlib import Path

import pytest
from driver import new_app, select, shown, table_screen

from rami.actions import Action, Discard, DrawStock, LayOff, MeldAction, Open
from rami.cards import parse_cards
from rami.planning import Hint as SolverHint
from rami.planning import Reason, TurnPlan, hint, hint_text
from rami.tui.dialogs import PileScreen
from rami.tui.help import HelpScreen
from rami.tui.hints import hint_for
from rami.tui.render import face
from rami.tui.session import Session
from rami.views import PlayerView


@pytest.mark.asyncio
async def test_refusals_change_nothing_and_say_why(tmp_path: Path) -> None:
    app = new_app(tmp_path / "g.jsonl")
    async with app.run_test(size=(120, 36)) as pilot:
        screen = table_screen(pilot)
        before = screen.view
        await pilot.press("x")
        assert "Draw a card first" in shown(pilot, "#message")
        assert screen.view == before

        top = before.discard_pile[-1]
        await pilot.press("d")
        assert screen.view.taken == top
        await select(pilot, [top])
        after_draw = screen.view
        await pilot.press("x")
        assert "from the discard pile this turn: keep it" in shown(pilot, "#message")
        assert screen.view == after_draw

        await pilot.press("l")
        assert "Choose a meld on the table first" in shown(pilot, "#message")
        await select(pilot, parse_cards("7C 7D"))
        await pilot.press("m")
        assert "at least 3" in shown(pilot, "#message")
        await select(pilot, parse_cards("7C 8H 9H"))
        await pilot.press("m")
        assert "one suit in sequence (a run)" in shown(pilot, "#message")
        await select(pilot, parse_cards("8H 10H JH"))
        await pilot.press("m")
        assert "The cards of a run must follow each other" in shown(pilot, "#message")
        assert screen.view == after_draw


@pytest.mark.asyncio
async def test_keys_wait_while_a_bot_thinks(tmp_path: Path) -> None:
    app = new_app(tmp_path / "g.jsonl", bot_delay=60)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = table_screen(pilot)
        await pilot.press("s")
        await select(pilot, parse_cards("5C"))
        await pilot.press("x")
        assert "Ana is playing" in shown(pilot, "#status")
        before = screen.view
        await pilot.press("s")
        assert "It is Ana's turn, not yours." in shown(pilot, "#message")
        assert screen.view == before


@pytest.mark.asyncio
async def test_hint_marks_the_cards_it_suggests(tmp_path: Path) -> None:
    app = new_app(tmp_path / "g.jsonl")
    async with app.run_test(size=(120, 36)) as pilot:
        screen = table_screen(pilot)
        await pilot.press("h")
        assert "Draw from the stock" in shown(pilot, "#message")
        await pilot.press("s")
        await pilot.press("h")
        message = shown(pilot, "#message")
        assert "Open with 88 points: meld 7♣ 7♦ 7♠, meld Q♣ Q♦ Q♠" in message
        assert not screen.selected, "a hint never selects"
        hinted = [screen.order[i] for i in sorted(screen.hinted)]
        assert hinted == list(parse_cards("7C 7D 7S"))
        await select(pilot, hinted)
        await pilot.press("m")
        assert screen.view.staged, "the hinted meld stages as it is"


def test_the_terminal_says_the_planners_hint(tmp_path: Path) -> None:
    settings = new_app(tmp_path / "g.jsonl").settings
    assert settings is not None
    session = Session.start(settings)
    view = session.view()
    said = hint_for(view, "en")
    assert said.text == hint_text(hint(view), "en", face)
    session.play(DrawStock())
    view = session.view()
    planned = hint(view)
    said = hint_for(view, "en")
    assert said.text == hint_text(planned, "en", face) and said.cards == planned.cards
    assert planned.actions and planned.actions[0] in view.legal


@pytest.mark.asyncio
async def test_sort_by_rank_pile_and_help(tmp_path: Path) -> None:
    app = new_app(tmp_path / "g.jsonl")
    async with app.run_test(size=(120, 36)) as pilot:
        screen = table_screen(pilot)
        await pilot.press("s")
        assert screen.order == sorted(screen.view.hand)
        await pilot.press("r")
        ranks = [card % 13 for card in screen.order if card != 52]
        assert ranks == sorted(ranks)
        await pilot.press("p")
        assert isinstance(app.screen, PileScreen)
        await pilot.press("escape")
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert app.screen is screen


@pytest.mark.asyncio
async def test_a_narrow_terminal_shows_the_seats_above_the_table(tmp_path: Path) -> None:
    app = new_app(tmp_path / "g.jsonl", bots=("random", "random"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.screen.query_one("#right").display
        brief = shown(pilot, "#brief")
        assert "Dana 13 cards" in brief and "Luca 13 cards" in brief


class RecordingBot:
    """Plays the first legal action that is not an opening, keeping every view it is given."""

    level = "random"

    def __init__(self) -> None:
        self.views: list[PlayerView] = []

    def choose(self, view: PlayerView) -> Action:
        self.views.append(view)
        return next(a for a in view.legal if not isinstance(a, (Open, MeldAction)))


def test_bots_see_only_their_own_seat(tmp_path: Path) -> None:
    settings = new_app(tmp_path / "g.jsonl").settings
    assert settings is not None
    session = Session.start(settings)
    bot = RecordingBot()
    session.bots[1] = bot
    session.play(DrawStock())
    session.play(Discard(parse_cards("5C")[0]))
    while session.bot_to_act:
        session.step_bot()
    assert len(bot.views) == 2
    for view in bot.views:
        assert view.seat == 1
        assert len(view.hand) == view.hand_sizes[1] and view.hand_sizes[0] == 13
        draws = [e for e in view.events if e.seat == 0 and isinstance(e.action, DrawStock)]
        assert draws and all(e.card is None for e in draws), "the player's draw stays hidden"


def test_a_lay_off_hint_names_the_meld_and_marks_it(tmp_path: Path) -> None:
    settings = new_app(tmp_path / "g.jsonl").settings
    assert settings is not None
    session = Session.start(settings)
    session.play(DrawStock())
    view = session.view()
    plan = TurnPlan((), parse_cards("KS")[0], view.hand, 17, False)
    actions = (LayOff(parse_cards("JH")[0], 2), Discard(parse_cards("KS")[0]))
    answer = SolverHint(actions, Reason.BUILD, plan, short=0)
    hint = hint_for(view, "en", solver=lambda _: answer)
    assert hint.text == (
        "Keep building your opening: lay off J♥ on meld 3, then discard K♠."
        " (17 points left in hand)"
    )
    assert hint.cards == parse_cards("JH") and hint.target == 2
