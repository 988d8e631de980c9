"""The judge: every candidate of one decision played on the same sampled worlds.

The worlds are drawn from the seat's information set at the decision with the search bots'
sampler and inference (:func:`rami.bots.determinize.sample_world` weighted by
:func:`rami.bots.inference.opponent_weights`); each candidate line is played in every world and
the round finished by the fast rollout policy (:func:`rami.bots.valuation.line_outcome`), so
two candidates differ only by what they do (common random numbers). A candidate is measured by
the seat's final penalty and whether it wins the round.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from random import Random

from rami.actions import Action
from rami.bots.determinize import sample_world
from rami.bots.hard import mean_error
from rami.bots.inference import FACTORS, Factors, opponent_weights
from rami.bots.knowledge import read_view
from rami.bots.valuation import final_scores, line_outcome, round_won
from rami.state import RoundState
from rami.views import PlayerView, round_seats

REFUSED_PENALTY = 200
"""The penalty counted for a line the rules refuse in a world (never the case for lines
planned from the view; a guard)."""


@dataclass(frozen=True, slots=True)
class Outcomes:
    """One candidate's results, world by world (the same worlds for every candidate)."""

    actions: tuple[Action, ...]
    penalties: tuple[int, ...]
    wins: tuple[bool, ...]

    def extended(self, more: Outcomes) -> Outcomes:
        """These outcomes followed by ``more`` (the same line on further worlds)."""
        return Outcomes(self.actions, self.penalties + more.penalties, self.wins + more.wins)

    @property
    def points(self) -> float:
        """The expected final penalty."""
        return sum(self.penalties) / len(self.penalties)

    @property
    def win(self) -> float:
        """The round-win probability."""
        return sum(self.wins) / len(self.wins)


@dataclass(frozen=True, slots=True)
class Gap:
    """How much worse one candidate is than another, paired over the worlds."""

    points: float
    points_error: float
    win: float
    win_error: float


def gap(worse: Outcomes, better: Outcomes) -> Gap:
    """The penalty ``worse`` adds and the win probability it gives up against ``better``
    (means and standard errors of the world-by-world differences)."""
    points = [float(a - b) for a, b in zip(worse.penalties, better.penalties, strict=True)]
    wins = [float(b) - float(a) for a, b in zip(worse.wins, better.wins, strict=True)]
    (p, p_error), (w, w_error) = mean_error(points), mean_error(wins)
    return Gap(p, p_error, w, w_error)


def sample_worlds(
    view: PlayerView, rng: Random, count: int, factors: Factors = FACTORS
) -> list[RoundState]:
    """``count`` worlds the seat cannot tell from the real one, weighted by inference."""
    know = read_view(view)
    weights = opponent_weights(view, factors)
    return [sample_world(view, rng, know, weights) for _ in range(count)]


def judge(
    view: PlayerView,
    lines: Sequence[tuple[Action, ...]],
    worlds: Sequence[RoundState],
    horizon: int,
) -> list[Outcomes]:
    """Every line of ``lines`` played in every world of ``worlds`` from ``view``'s seat."""
    assert view.seat is not None
    me = round_seats(view).index(view.seat)
    found = []
    for line in lines:
        penalties: list[int] = []
        wins: list[bool] = []
        for world in worlds:
            end = line_outcome(world, line, horizon)
            if end is None:
                penalties.append(REFUSED_PENALTY)
                wins.append(False)
                continue
            penalties.append(final_scores(end)[me])
            wins.append(round_won(end, me))
        found.append(Outcomes(tuple(line), tuple(penalties), tuple(wins)))
    return found
