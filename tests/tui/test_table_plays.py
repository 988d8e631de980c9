"""Plays on a prepared table: taking back a joker, choosing the end of a run, undoing the staging,
and the end of a match with "play again"."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from driver import choose_meld, select, shown, stage, table_screen, until

from rami.actions import Discard, DrawStock, Open
from rami.cards import parse_cards
from rami.match import new_match
from rami.melds import make_meld
from rami.rules import get_rules
from rami.state import Log, LogEntry, Phase, TableMeld
from rami.tui.app import RamiApp
from rami.tui.dialogs import ChoiceScreen
from rami.tui.play import PlayScreen
from rami.tui.results import RoundEndScreen
from rami.tui.session import Session


def prepared(hand: str, table: list[tuple[int, str]], opened: bool = True) -> Session:
    """Dana (seat 0) to play after her draw, holding ``hand``, with ``table`` melds laid."""
    match = new_match(get_rules(), ["Dana", "Ana"], "prepared")
    rnd = match.round
    melds = tuple(TableMeld(owner, make_meld(parse_cards(text))) for owner, text in table)
    state = replace(
        rnd,
        hands=(tuple(sorted(parse_cards(hand))), rnd.hands[1]),
        table=melds,
        opened=(opened, True),
        phase=Phase.PLAY,
        log=Log(LogEntry(0, Open()), None) if opened else None,
    )
    return Session(replace(match, round=state), 0, {1: "random"})


def app_for(session: Session, tmp_path: Path) -> RamiApp:
    return RamiApp(session=session, save_path=tmp_path / "g.jsonl", bot_delay=0)


@pytest.mark.asyncio
async def test_take_back_a_joker_which_must_then_be_played(tmp_path: Path) -> None:
    session = prepared("6S 2C 9D KH KS", [(1, "JK 7S 8S"), (1, "KC KD KH")])
    async with app_for(session, tmp_path).run_test(size=(120, 36)) as pilot:
        screen = table_screen(pilot)
        assert "JK=6♠" in shown(pilot, "#table")
        await select(pilot, parse_cards("6S"))
        await choose_meld(pilot, 0)
        await pilot.press("j")
        view = screen.view
        assert view.table[0].meld.cards == parse_cards("6S 7S 8S")
        assert 52 in view.hand
        assert "You took the joker from meld 1, putting 6♠ in its place" in shown(pilot, "#log")
        await select(pilot, parse_cards("JK"))
        await pilot.press("x")
        assert "Play the retrieved joker again this turn." in shown(pilot, "#message")
        await stage(pilot, parse_cards("KH KS JK"))
        assert "You laid down K♥ K♠ JK" in shown(pilot, "#log")


@pytest.mark.asyncio
async def test_an_ace_that_fits_both_ends_asks_which(tmp_path: Path) -> None:
    run = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    session = prepared("AS 4C 9D", [(1, run)])
    async with app_for(session, tmp_path).run_test(size=(120, 36)) as pilot:
        screen = table_screen(pilot)
        await select(pilot, parse_cards("AS"))
        await choose_meld(pilot, 0)
        await pilot.press("l")
        assert isinstance(pilot.app.screen, ChoiceScreen)
        await pilot.click("#choice-1")
        meld = screen.view.table[0].meld
        assert len(meld.cards) == 13 and meld.rank == 2, "the ace went on the high end"


@pytest.mark.asyncio
async def test_undo_returns_the_staged_melds_to_the_hand(tmp_path: Path) -> None:
    session = prepared("7C 7D 7S 2H 3H 9D", [], opened=False)
    async with app_for(session, tmp_path).run_test(size=(120, 36)) as pilot:
        screen = table_screen(pilot)
        await stage(pilot, parse_cards("7C 7D 7S"))
        assert len(screen.view.hand) == 3 and screen.view.staged
        assert "21 / 51" in shown(pilot, "#staging")
        await pilot.press("u")
        assert len(screen.view.hand) == 6 and not screen.view.staged
        assert "0 / 51" in shown(pilot, "#staging")


@pytest.mark.asyncio
async def test_the_match_ends_with_a_winner_and_play_again(tmp_path: Path) -> None:
    rules = get_rules().replace(match_end="rounds", match_limit=1)
    match = new_match(rules, ["Dana", "Ana"], "one-round")
    session = Session(match, 0, {1: "random"})
    while not session.round_over:
        if session.my_turn:
            session.play(DrawStock())
            session.play(Discard(session.view().hand[-1]))
        else:
            session.step_bot()
    app = app_for(session, tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, RoundEndScreen))
        assert isinstance(app.screen, RoundEndScreen)
        winners = session.match.winners
        assert winners and "The match is over." in str(app.screen.query_one("#winner").content)
        await pilot.press("n")
        assert isinstance(app.screen, RoundEndScreen), "no next round after the match"
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, PlayScreen))
        assert isinstance(app.screen, PlayScreen)
        fresh = app.screen.view
        assert fresh.round_index == 1 and fresh.totals == (0, 0)
        assert fresh.rules.match_limit == 1
