"""One decision judged: the played line against every candidate, on common sampled worlds."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from random import Random

from rami.actions import action_text
from rami.planning import line_text
from rami.review.budget import ReviewBudget
from rami.review.candidates import Choice, Line
from rami.review.judge import Outcomes, gap, judge, sample_worlds
from rami.review.scale import (
    POINTS_THRESHOLDS,
    WIN_THRESHOLDS,
    accuracy,
    counted,
    verdict,
)
from rami.views import PlayerView

ALTERNATIVES = 3
"""Closest alternatives reported beside the best."""
SETTLED = 3.0
"""Standard errors a loss must be from every mistake and blunder threshold for its verdict to
be settled (closer, the decision plays more worlds)."""


@dataclass(frozen=True, slots=True)
class Option:
    """One candidate's results."""

    actions: tuple[str, ...]
    """The line in the record's action notation."""
    text: str
    """The line in words (the review's language)."""
    points: float
    """Expected final penalty of the seat."""
    win: float
    """Round-win probability."""


@dataclass(frozen=True, slots=True)
class Decision:
    """A judged decision of the reviewed seat."""

    turn: int
    kind: str
    played: Option
    best: Option
    """The candidate with the lowest expected penalty (the played line when none is lower)."""
    likeliest: Option
    """The candidate with the highest round-win probability."""
    alternatives: tuple[Option, ...]
    """The closest other candidates, best first (the played line left out)."""
    loss_points: float
    """Expected penalty above the best candidate's (counted: 0 unless clearly measured)."""
    loss_win: float
    """Round-win probability below the likeliest winner's (counted)."""
    raw_points: float
    """The points lost as measured, however noisy."""
    raw_win: float
    points_error: float
    """The standard error of ``raw_points`` (of the world-by-world differences' mean)."""
    win_error: float
    verdict: str | None
    accuracy: float
    worlds: int
    """Worlds the played line, the best and the likeliest winner were played on (the other
    alternatives: the first ``budget.worlds``)."""


def decide(choice: Choice, turn: int, rng: Random, budget: ReviewBudget, lang: str) -> Decision:
    """Judge ``choice``: every candidate on ``budget.worlds`` worlds sampled with ``rng``, then
    the lines that set the verdict on more worlds while it is unsettled."""
    view = choice.view
    found = judge(view, choice.candidates, sample_worlds(view, rng, budget.worlds), budget.horizon)
    best = min(range(len(found)), key=lambda i: (found[i].points, -found[i].win))
    likeliest = max(range(len(found)), key=lambda i: (found[i].win, -found[i].points))
    keys = sorted({0, best, likeliest})
    while len(found[0].penalties) < budget.max_worlds and _unsettled(
        found[0], found[best], found[likeliest]
    ):
        more = sample_worlds(view, rng, budget.worlds)
        extra = judge(view, [choice.candidates[i] for i in keys], more, budget.horizon)
        for i, outcomes in zip(keys, extra, strict=True):
            found[i] = found[i].extended(outcomes)
    if len(found[0].penalties) > budget.worlds:
        best = min(keys, key=lambda i: (found[i].points, -found[i].win))
        likeliest = max(keys, key=lambda i: (found[i].win, -found[i].points))
    played = found[0]
    points_gap, win_gap = gap(played, found[best]), gap(played, found[likeliest])
    loss_points = counted(points_gap.points, points_gap.points_error)
    loss_win = counted(win_gap.win, win_gap.win_error)
    others = sorted(found[1:], key=lambda o: (o.points, -o.win))
    return Decision(
        turn=turn,
        kind=choice.kind,
        played=_option(played, view, lang),
        best=_option(found[best], view, lang),
        likeliest=_option(found[likeliest], view, lang),
        alternatives=tuple(_option(o, view, lang) for o in others[:ALTERNATIVES]),
        loss_points=loss_points,
        loss_win=loss_win,
        raw_points=points_gap.points,
        raw_win=win_gap.win,
        points_error=points_gap.points_error,
        win_error=win_gap.win_error,
        verdict=verdict(loss_points, loss_win, points_gap.points_error, win_gap.win_error),
        accuracy=accuracy(loss_points),
        worlds=len(played.penalties),
    )


def _unsettled(played: Outcomes, best: Outcomes, likeliest: Outcomes) -> bool:
    """True when a mistake or blunder threshold lies within ``SETTLED`` standard errors
    of the points or the win probability the played line loses."""
    points, win = gap(played, best), gap(played, likeliest)
    return _near(points.points, points.points_error, POINTS_THRESHOLDS[1:]) or _near(
        win.win, win.win_error, WIN_THRESHOLDS[1:]
    )


def _near(loss: float, error: float, thresholds: Sequence[float]) -> bool:
    margin = SETTLED * error
    return any(loss - margin <= t <= loss + margin for t in thresholds)


def _option(outcomes: Outcomes, view: PlayerView, lang: str) -> Option:
    top = view.discard_pile[-1] if view.discard_pile else None
    line: Line = outcomes.actions
    return Option(
        actions=tuple(action_text(a) for a in line),
        text=line_text(line, lang, top),
        points=outcomes.points,
        win=outcomes.win,
    )
