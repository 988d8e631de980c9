"""Regenerate the table screenshot shown in the README: ``python -m rami.tui.snapshot [FILE]``.

A seeded game against two bots is played (the player's seat by a plain policy: open when
possible, meld, lay off, throw the costliest loose card) until the table holds melds of more
than one player and a joker; the table screen is then saved as SVG.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

from rami.actions import Action, Discard, DrawStock, LayOff, MeldAction, Open
from rami.bots import LEVELS
from rami.cards import JOKER
from rami.rules import get_rules
from rami.solver import best_opening, best_partition, card_penalty
from rami.state import Phase
from rami.tui.app import RamiApp
from rami.tui.session import Session
from rami.tui.settings import GameSettings
from rami.views import PlayerView

SEED = "readme-7"
SIZE = (120, 34)


def plain_move(view: PlayerView) -> list[Action]:
    """The player's next actions under the plain policy."""
    if view.phase is Phase.DRAW:
        return [DrawStock()]
    if not view.has_opened:
        opening = best_opening(view.hand, view.rules, keep=1)
        if opening is not None:
            return [*(MeldAction(tuple(sorted(m.cards))) for m in opening.melds), Open()]
    plays = [a for a in view.legal if isinstance(a, (MeldAction, LayOff)) and view.has_opened]
    if plays:
        return [plays[0]]
    choices = [a.card for a in view.legal if isinstance(a, Discard)]
    loose = set(best_partition(view.hand, view.rules).leftover)
    pool = [c for c in choices if c in loose] or choices
    return [Discard(max(pool, key=lambda c: (card_penalty(c, view.rules), c)))]


def interesting(view: PlayerView) -> bool:
    """A table worth showing: melds of two players or more, a joker among them, my turn."""
    owners = {tm.owner for tm in view.table}
    jokers = any(JOKER in tm.meld.cards for tm in view.table)
    return view.my_turn and view.phase is Phase.PLAY and len(owners) >= 2 and jokers


def staged_session(limit: int = 400) -> Session:
    """A seeded game played on until :func:`interesting` holds (or ``limit`` actions)."""
    level = "medium" if "medium" in LEVELS else "random"
    settings = GameSettings(get_rules("rami51"), "Dana", (level, level), SEED, "en")
    session = Session.start(settings)
    for _ in range(limit):
        if session.round_over:
            session.deal_next()
        elif session.bot_to_act:
            session.step_bot()
        elif interesting(session.view()):
            break
        else:
            for action in plain_move(session.view()):
                session.play(action)
    return session


async def save_snapshot(path: Path) -> None:
    """Play to an interesting table, ask for a hint, and save the screen as SVG."""
    session = staged_session()
    with tempfile.TemporaryDirectory() as scratch:
        app = RamiApp(session=session, save_path=Path(scratch) / "s.jsonl", bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("down", "h")
            await pilot.pause()
            app.save_screenshot(path.name, str(path.parent))


def main() -> None:
    """Command-line entry point."""
    path = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/tui-table.svg")
    path.parent.mkdir(parents=True, exist_ok=True)
    asyncio.run(save_snapshot(path))
    sys.stdout.write(f"wrote {path}\n")


if __name__ == "__main__":
    main()
