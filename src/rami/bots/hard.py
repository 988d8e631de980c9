"""The hard level: a sharper greedy policy and a one-draw lookahead; a Monte Carlo check on
request.

The greedy policy at the :data:`~rami.bots.policy.SHARP` style plays the draw, the opening
(fewest melds) and table play (melds held until they go out), and ranks the discards. The
one-draw lookahead (:mod:`rami.bots.lookahead`) picks among the best of them, and takes the
discard pile's card where the greedy draw would not when that card beats a stock draw. That
is the hard level by default. With ``Budget.worlds`` above 0 (``rami simulate --hard-worlds
N``) the bot then samples worlds consistent with its view (:mod:`rami.bots.determinize`),
plays that pick and the greedy policy's best few discards in each world and finishes the
round with the fast rollout policy (:mod:`rami.bots.rollout`). Every candidate sees the same
worlds, so their difference is measured with little noise; a candidate clearly behind the
pick leaves the race, and the pick is replaced only by a candidate ahead by ``confidence``
standard errors. The budget is a count (worlds per decision, each playing every candidate
still in the race), so a seed gives the same game on any machine; the optional time cap is a
safety net only, which ``rami simulate`` and the tests turn off.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from random import Random

from rami.actions import Action, Discard, DrawDiscard, DrawStock
from rami.bots.determinize import InconsistentView, round_seats, sample_world
from rami.bots.knowledge import Knowledge, read_view
from rami.bots.lookahead import best_discard, pile_beats_stock
from rami.bots.policy import SHARP, choose_action, discard_ranking, forced_play, play_step
from rami.bots.rollout import draw, play_turn, rollout
from rami.bots.valuation import outcome_value
from rami.engine import apply
from rami.state import Phase, RoundState
from rami.views import PlayerView


@dataclass(frozen=True, slots=True)
class Budget:
    """How much the hard bot searches per decision."""

    worlds: int = 0
    """Sampled worlds per decision (each plays every candidate to the end of the round);
    0, the default, plays the hard level's policy and lookahead without the search (measured
    in docs/BOTS.md, the search adds too little to pay for its time)."""
    max_ms: float | None = 5000.0
    """A safety cap: stop sampling after this many milliseconds (at least one world is always
    played); None turns it off. Only a search that reaches it depends on timing (a slow or
    heavily loaded machine)."""
    lookahead: int = 6
    """Discards of the greedy ranking the one-draw lookahead compares (below 2: no lookahead,
    for the discard or the draw)."""
    candidates: int = 3
    """Discards searched: the lookahead's choice and the greedy policy's best few."""
    horizon: int = 80
    """Turns simulated at most before the position is scored without a finished round."""
    confidence: float = 2.0
    """Standard errors of gain an alternative needs to replace the pick."""
    points_weight: float = 1.0
    """Reward per 100 points of score lead, added to 1 for winning the round."""

    @property
    def looks_ahead(self) -> bool:
        """Whether the one-draw lookahead picks the discard and judges the draw."""
        return self.lookahead > 1

    def exact(self) -> Budget:
        """This budget without its time cap: every decision searches all its worlds."""
        return dataclasses.replace(self, max_ms=None)


DEFAULT_BUDGET = Budget()
"""The budget of ``make_bot("hard")`` (the terminal client and the server)."""
PRUNE_EVERY = 8
"""Worlds between two prunings of the candidates that are clearly worse."""


class HardBot:
    """Plays the sharp greedy policy with its lookahead (and, with worlds in its budget,
    checks its discards by simulation)."""

    level = "hard"

    def __init__(
        self,
        seed: int | str = 0,
        budget: Budget = DEFAULT_BUDGET,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.rng = Random(f"hard|{seed}")
        self.budget = budget
        self.clock = clock
        """Seconds, read only for the budget's time cap."""
        self.worlds_searched = 0
        """Worlds the last decision played (0: it was not searched)."""
        self.rollouts_searched = 0
        """Rollouts the last decision played (one per candidate still in the race, per world)."""

    def choose(self, view: PlayerView) -> Action:
        """The searched action for ``view``.

        Draws are not simulated (:meth:`choose_draw`): measured against long simulations,
        searching them gained nothing (a draw changes which stock cards everybody gets next,
        so the two branches are hard to compare in few worlds).
        """
        self.worlds_searched = self.rollouts_searched = 0
        if view.phase is Phase.DRAW:
            return self.choose_draw(view)
        if view.phase is not Phase.PLAY or len(view.legal) < 2:
            return choose_action(view, SHARP, self.rng)
        step = play_step(view, SHARP)
        if step is not None:
            return step
        ranked = [d for _, d in discard_ranking(view, SHARP)]
        if not ranked:
            return forced_play(view)
        know = read_view(view)
        candidates = self.candidates(view, ranked, know)
        if len(candidates) < 2 or self.budget.worlds < 1:
            return candidates[0]
        try:
            return self.search(view, candidates, know)
        except InconsistentView:
            return candidates[0]

    def choose_draw(self, view: PlayerView) -> Action:
        """The greedy policy's draw, or the discard pile's card when the lookahead finds it
        brings the hand closer to going out than a stock card does on average."""
        action = choose_action(view, SHARP, self.rng)
        if action != DrawStock() or DrawDiscard() not in view.legal:
            return action
        if self.budget.looks_ahead and pile_beats_stock(view, read_view(view)):
            return DrawDiscard()
        return action

    def candidates(self, view: PlayerView, ranked: list[Discard], know: Knowledge) -> list[Action]:
        """The discards worth searching (``ranked``: the greedy order), the lookahead's pick
        first."""
        pick = ranked[0]
        if self.budget.looks_ahead:
            pick = best_discard(view, ranked[: self.budget.lookahead], know)
        return [pick, *(d for d in ranked[: self.budget.candidates] if d != pick)]

    def search(self, view: PlayerView, candidates: list[Action], know: Knowledge) -> Action:
        """The pick (``candidates[0]``) unless another candidate does clearly better.

        Each world plays every candidate still in the race; an alternative leaves the race
        when it is clearly worse than the first candidate, and wins it only when its mean
        gain over the first is above ``budget.confidence`` standard errors.
        """
        budget = self.budget
        assert view.seat is not None
        me = round_seats(view).index(view.seat)
        gains: dict[int, list[float]] = {i: [] for i in range(1, len(candidates))}
        out_of_time = self._timer()
        played = 0
        while gains and played < budget.worlds:
            world = sample_world(view, self.rng, know)
            base = self.simulate(world, candidates[0], me)
            values = {}
            for i in gains:
                if played and out_of_time():
                    break
                values[i] = self.simulate(world, candidates[i], me) - base
            if len(values) < len(gains):
                break
            for i, value in values.items():
                gains[i].append(value)
            played += 1
            if out_of_time():
                break
            if played % PRUNE_EVERY == 0:
                gains = {i: g for i, g in gains.items() if _upper(g) > 0}
        self.worlds_searched = played
        best, best_gain = 0, 0.0
        for i, found in gains.items():
            mean, error = mean_error(found)
            if mean > budget.confidence * error and mean > best_gain:
                best, best_gain = i, mean
        return candidates[best]

    def _timer(self) -> Callable[[], bool]:
        """A check that the time cap has passed (always False without a cap)."""
        if self.budget.max_ms is None:
            return lambda: False
        deadline = self.clock() + self.budget.max_ms / 1000
        return lambda: self.clock() > deadline

    def simulate(self, world: RoundState, action: Action, me: int) -> float:
        """Play ``action`` in ``world``, finish the round, and score it for round seat ``me``."""
        self.rollouts_searched += 1
        if isinstance(action, (DrawStock, DrawDiscard)):
            state = draw(world, action)
        else:
            state = apply(world, action)
        if state.phase is Phase.PLAY:
            state = play_turn(state)
        state = rollout(state, state.turn_number + self.budget.horizon)
        return outcome_value(state, me, self.budget.points_weight)


def mean_error(values: Sequence[float]) -> tuple[float, float]:
    """Mean and standard error (0 with fewer than two values)."""
    n = len(values)
    mean = sum(values) / n if n else 0.0
    if n < 2:
        return mean, 0.0
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, (variance / n) ** 0.5


def _upper(values: list[float]) -> float:
    """A generous upper bound of the mean (two standard errors above it)."""
    mean, error = mean_error(values)
    return mean + 2 * error
