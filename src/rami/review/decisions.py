"""One decision judged: the played line against every candidate, on common sampled worlds."""

from __future__ import annotations

from dataclasses import dataclass
from random import Random

from rami.actions import action_text
from rami.planning import line_text
from rami.review.candidates import Choice, Line
from rami.review.judge import Outcomes, gap, judge, sample_worlds
from rami.review.scale import accuracy, counted, verdict
from rami.views import PlayerView

ALTERNATIVES = 3
"""Closest alternatives reported beside the best."""


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
    verdict: str | None
    accuracy: float
    worlds: int


def decide(
    choice: Choice, turn: int, rng: Random, worlds: int, horizon: int, lang: str
) -> Decision:
    """Judge ``choice`` on ``worlds`` worlds sampled with ``rng``."""
    sampled = sample_worlds(choice.view, rng, worlds)
    found = judge(choice.view, choice.candidates, sampled, horizon)
    played = found[0]
    by_points = min(found, key=lambda o: (o.points, -o.win))
    by_win = max(found, key=lambda o: (o.win, -o.points))
    points_gap, win_gap = gap(played, by_points), gap(played, by_win)
    loss_points = counted(points_gap.points, points_gap.points_error)
    loss_win = counted(win_gap.win, win_gap.win_error)
    others = sorted(found[1:], key=lambda o: (o.points, -o.win))
    return Decision(
        turn=turn,
        kind=choice.kind,
        played=_option(played, choice.view, lang),
        best=_option(by_points, choice.view, lang),
        likeliest=_option(by_win, choice.view, lang),
        alternatives=tuple(_option(o, choice.view, lang) for o in others[:ALTERNATIVES]),
        loss_points=loss_points,
        loss_win=loss_win,
        raw_points=points_gap.points,
        raw_win=win_gap.win,
        verdict=verdict(loss_points, loss_win),
        accuracy=accuracy(loss_points),
        worlds=len(sampled),
    )


def _option(outcomes: Outcomes, view: PlayerView, lang: str) -> Option:
    top = view.discard_pile[-1] if view.discard_pile else None
    line: Line = outcomes.actions
    return Option(
        actions=tuple(action_text(a) for a in line),
        text=line_text(line, lang, top),
        points=outcomes.points,
        win=outcomes.win,
    )
