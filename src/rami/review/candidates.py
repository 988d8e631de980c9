"""The candidates of each decision of a turn, the move played always among them.

- ``draw`` (the view before the draw): each legal draw, the stock and the discard pile.
- ``play`` (the view after the draw): the table play played, the hard style's (melds held)
  and the laying style's (:func:`rami.bots.plans.turn_lines`), each ending with the one-draw
  lookahead's discard, so table plays are compared under the same discard rule.
- ``discard`` (the view before the discard): the discard played, the lookahead's pick and
  the hard ranking's best ``discards``.

A decision with one candidate (a forced move) is not judged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rami.actions import Action, Discard, DrawDiscard, DrawStock
from rami.bots.expert import LAYING
from rami.bots.knowledge import read_view
from rami.bots.lookahead import best_discard
from rami.bots.plans import turn_lines
from rami.bots.policy import SHARP, discard_ranking
from rami.review.turns import Turn
from rami.state import RoundState
from rami.views import PlayerView

Line = tuple[Action, ...]


@dataclass(frozen=True, slots=True)
class Choice:
    """One decision to judge: the view, the line played and every candidate (played first)."""

    kind: str
    """``draw``, ``play`` or ``discard``."""
    view: PlayerView
    played: Line
    candidates: tuple[Line, ...]


def draw_choice(turn: Turn) -> Choice | None:
    """The draw of ``turn`` and the other pile, when both are legal."""
    view, played = turn.draw_view, turn.draw
    if view is None or played is None:
        return None
    draws = [a for a in view.legal if isinstance(a, (DrawStock, DrawDiscard))]
    lines = _distinct([(played,), *((a,) for a in draws)])
    return Choice("draw", view, (played,), tuple(lines)) if len(lines) > 1 else None


def lookahead_pick(view: PlayerView, lookahead: int) -> Discard | None:
    """The discard the hard level plays from ``view`` (None: no legal discard)."""
    ranked = [d for _, d in discard_ranking(view, SHARP)]
    if not ranked:
        return None
    if lookahead < 2:
        return ranked[0]
    return best_discard(view, ranked[:lookahead], read_view(view))


def play_choice(turn: Turn, world: RoundState, lookahead: int) -> Choice | None:
    """The table play of ``turn`` against the hard and laying styles' table plays."""
    view = turn.play_view
    if view is None or (not turn.plays and turn.discard is None):
        return None
    ending: Line = ()
    if turn.discard_view is not None:
        pick = lookahead_pick(turn.discard_view, lookahead)
        ending = (pick,) if pick is not None else ()
    played = (*turn.plays, *ending)
    styles = turn_lines(view, world, (SHARP, LAYING), 0, lookahead)
    lines: list[Line] = [played]
    prefixes = {_table_part(played)}
    for line in styles:
        prefix = _table_part(line.actions)
        if prefix not in prefixes:
            prefixes.add(prefix)
            lines.append(line.actions)
    return Choice("play", view, played, tuple(lines)) if len(lines) > 1 else None


def discard_choice(turn: Turn, discards: int, lookahead: int) -> Choice | None:
    """The discard of ``turn`` against the lookahead's pick and the hard ranking's best."""
    view, played = turn.discard_view, turn.discard
    if view is None or played is None:
        return None
    ranked = [d for _, d in discard_ranking(view, SHARP)]
    pick = lookahead_pick(view, lookahead)
    options = [played, *([pick] if pick is not None else []), *ranked[:discards]]
    lines = _distinct([(d,) for d in options])
    return Choice("discard", view, (played,), tuple(lines)) if len(lines) > 1 else None


def _table_part(line: Sequence[Action]) -> Line:
    """A line without its final discard."""
    if line and isinstance(line[-1], Discard):
        return tuple(line[:-1])
    return tuple(line)


def _distinct(lines: Sequence[Line]) -> list[Line]:
    seen: set[Line] = set()
    kept = []
    for line in lines:
        if line not in seen:
            seen.add(line)
            kept.append(line)
    return kept
