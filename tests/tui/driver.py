"""Playing the terminal client by key presses, as a person would, from what the screen shows."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Static

from rami.actions import Discard, LayOff, MeldAction
from rami.cards import Card
from rami.rules import get_rules
from rami.solver import best_opening, best_partition, card_penalty
from rami.state import Phase
from rami.tui.app import RamiApp
from rami.tui.play import PlayScreen
from rami.tui.render import SLOT
from rami.tui.settings import GameSettings
from rami.tui.widgets import HandView
from rami.views import PlayerView

SCENARIO_SEED = "tui-3096"
"""Seat 0's first hand, with its first draw: 5C 7C QC 6D 7D QD 8H 9H 10H JH KH 7S QS KS.
Sets of sevens and queens make 51 without a clean run; 8H 9H 10H fixes it; JH lays off."""


async def until(
    pilot: Pilot[object], done: Callable[[], bool], what: str = "", timeout: float = 120.0
) -> None:
    """Let the app process its messages until ``done()`` holds.

    Each round waits for the screen and its widgets to handle every pending message and for
    the app to go idle (no fixed sleep), so a busy machine only makes it slower; ``timeout``
    seconds is a generous bound for a stuck app.
    """

    async def rounds() -> None:
        while not done():
            await pilot.pause()

    try:
        await asyncio.wait_for(rounds(), timeout)
    except TimeoutError:
        raise AssertionError(f"gave up waiting ({timeout:.0f} s): {what or done}") from None


def new_app(
    save: Path,
    seed: str = SCENARIO_SEED,
    bots: tuple[str, ...] = ("random",),
    lang: str = "en",
    preset: str = "rami51",
    bot_delay: float = 0,
) -> RamiApp:
    """An app starting a game straight away (no setup screen), bots playing instantly."""
    settings = GameSettings(get_rules(preset), "Dana", bots, seed, lang)
    return RamiApp(settings=settings, save_path=save, bot_delay=bot_delay, lang=lang)


def shown(pilot: Pilot[object], selector: str) -> str:
    """The plain text a widget shows now."""
    widget = pilot.app.screen.query_one(selector, Static)
    console = Console(width=200, color_system=None, force_terminal=False)
    with console.capture() as capture:
        console.print(widget.content)
    return capture.get()


def table_screen(pilot: Pilot[object]) -> PlayScreen:
    """The play screen, wherever it is in the screen stack."""
    for screen in reversed(pilot.app.screen_stack):
        if isinstance(screen, PlayScreen):
            return screen
    raise AssertionError("no play screen")


async def select(pilot: Pilot[object], cards: Sequence[Card], mouse: bool = False) -> None:
    """Select ``cards`` in the hand: with the arrow keys and the space bar, or by clicking."""
    screen = table_screen(pilot)
    if screen.selected:
        await pilot.press("escape")
    for card in cards:
        index = next(
            i for i, c in enumerate(screen.order) if c == card and i not in screen.selected
        )
        if mouse:
            # The hand has a border and one cell of padding before its first card.
            await pilot.click(HandView, offset=(2 + index * SLOT + 1, 1))
            continue
        step = "right" if index > screen.cursor else "left"
        while screen.cursor != index:
            await pilot.press(step)
        await pilot.press("space")
    assert sorted(screen.order[i] for i in screen.selected) == sorted(cards)


async def choose_meld(pilot: Pilot[object], index: int) -> None:
    """Choose table meld ``index`` with the down arrow."""
    screen = table_screen(pilot)
    while screen.target != index:
        await pilot.press("down")


async def stage(pilot: Pilot[object], cards: Sequence[Card], mouse: bool = False) -> None:
    """Select ``cards`` and press M."""
    await select(pilot, cards, mouse)
    await pilot.press("m")


async def play_turn(pilot: Pilot[object]) -> None:
    """One sensible turn by keys: draw, open or meld, lay off, discard the costliest loose card."""
    screen = table_screen(pilot)
    view = screen.view
    assert view.my_turn and view.phase is Phase.DRAW
    await pilot.press("s")
    view = screen.view
    if not view.has_opened:
        opening = best_opening(view.hand, view.rules, keep=1)
        if opening is not None:
            for meld in opening.melds:
                await stage(pilot, meld.cards, mouse=True)
            await pilot.press("o")
            assert screen.view.has_opened, shown(pilot, "#message")
    while screen.view.phase is Phase.PLAY and await _one_play(pilot, screen.view):
        pass
    view = screen.view
    if view.phase is Phase.PLAY and view.my_turn:
        await select(pilot, [_costliest(view)], mouse=True)
        await pilot.press("x")


async def _one_play(pilot: Pilot[object], view: PlayerView) -> bool:
    if not view.has_opened:
        return False
    melds = [a for a in view.legal if isinstance(a, MeldAction) and not a.jokers_as]
    if melds:
        await stage(pilot, max(melds, key=lambda a: len(a.cards)).cards, mouse=True)
        return True
    layoffs = [a for a in view.legal if isinstance(a, LayOff) and not a.end]
    if layoffs:
        await select(pilot, [layoffs[0].card], mouse=True)
        await choose_meld(pilot, layoffs[0].target)
        await pilot.press("l")
        return True
    return False


def _costliest(view: PlayerView) -> Card:
    choices = [a.card for a in view.legal if isinstance(a, Discard)]
    loose = set(best_partition(view.hand, view.rules).leftover)
    pool = [c for c in choices if c in loose] or choices
    return max(pool, key=lambda c: (card_penalty(c, view.rules), c))
