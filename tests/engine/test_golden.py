"""Golden playthroughs: a seeded random game rendered per player view, diffed line by line.

Regenerate after an intended change with ``RAMI_REGEN_GOLDEN=1 pytest tests/engine/test_golden.py``
and review the diff.
"""

import os
import random
from pathlib import Path

import pytest

from rami.actions import action_text
from rami.bots import random_legal
from rami.cards import cards_text
from rami.match import match_apply, match_legal_actions, new_match
from rami.rules import get_rules
from rami.views import PlayerView, view_for

GOLDEN = Path(__file__).resolve().parent.parent / "golden"


def _render_view(view: PlayerView) -> str:
    who = "spectator" if view.seat is None else f"seat {view.seat}"
    table = " | ".join(f"{tm.owner}:{tm.meld.text()}" for tm in view.table)
    top = cards_text(view.discard_pile[-1:]) or "-"
    return (
        f"  {who}: hand [{cards_text(view.hand)}] sizes {list(view.hand_sizes)} "
        f"opened {[int(o) for o in view.opened]} stock {view.stock_size} top {top} "
        f"table [{table}] legal {len(view.legal)}"
    )


def render_playthrough(preset: str, players: int, seed: int) -> str:
    rules = get_rules(preset)
    match = new_match(rules, [f"P{i}" for i in range(players)], f"golden-{seed}")
    rng = random.Random(seed)
    lines = [f"# {preset} ({rules.hash}), {players} players, seed {seed}"]
    step = 0
    while match.current_seat is not None:
        seat = match.current_seat
        action = random_legal(match_legal_actions(match), rng)
        match = match_apply(match, action)
        step += 1
        lines.append(f"{step} turn {match.round.turn_number} seat {seat}: {action_text(action)}")
        lines.extend(_render_view(view_for(match, s)) for s in (*range(players), None))
    result = match.round.result
    assert result is not None
    lines.append(f"end: {result.reason} winner {result.winner} scores {list(result.scores)}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("preset", "players", "seed"), [("rami51", 2, 1), ("scala40", 3, 2)])
def test_golden_playthrough(preset: str, players: int, seed: int) -> None:
    path = GOLDEN / f"{preset}-{players}p-seed{seed}.txt"
    rendered = render_playthrough(preset, players, seed)
    if os.environ.get("RAMI_REGEN_GOLDEN"):
        path.write_text(rendered, encoding="utf-8")
    expected = path.read_text(encoding="utf-8")
    for number, (want, got) in enumerate(
        zip(expected.splitlines(), rendered.splitlines(), strict=False), start=1
    ):
        assert got == want, f"{path.name} line {number} differs"
    assert len(expected.splitlines()) == len(rendered.splitlines())
