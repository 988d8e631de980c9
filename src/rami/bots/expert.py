"""The expert level: a determinized search over the worlds the seat cannot see (PIMC).

At each decision with a real choice the bot lists candidate lines (:mod:`rami.bots.plans`):
for the draw, the stock and the discard pile; for the rest of a turn, the table play of the
hard level's style (melds held) followed by its best few discards, and the table play of a
style that lays every meld followed by its lookahead's discard. It samples worlds
consistent with its view, weighted by what the opponents did (:mod:`rami.bots.inference`,
:func:`rami.bots.determinize.sample_world`), plays every candidate in the same worlds to the
end of the round, every seat playing the hard style's policy from its own view
(:func:`rami.bots.valuation.line_value`), and plays the best one. A candidate clearly behind
the leader leaves the race; the policy's own line (the first) is replaced only by a line
ahead of it by ``confidence`` standard errors.
The chosen line's later actions are played without a new search while the turn goes as
planned. The budget is a count (worlds per decision), so a seed gives the same decisions on
any machine.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from random import Random

from rami.actions import Action, DrawDiscard, DrawStock
from rami.bots.cardsense import fits_table, related
from rami.bots.determinize import InconsistentView, sample_world
from rami.bots.hard import mean_error
from rami.bots.inference import FACTORS, UNIFORM, Factors, opponent_weights
from rami.bots.knowledge import read_view
from rami.bots.lookahead import pile_beats_stock
from rami.bots.plans import Line, turn_lines, view_key
from rami.bots.policy import SHARP, choose_action
from rami.bots.valuation import Standing, line_value, standing
from rami.cards import JOKER
from rami.state import Phase, RoundState
from rami.views import PlayerView, round_seats

LAYING = dataclasses.replace(SHARP, hold_melds=False)
"""The sharp style laying every meld it can (the alternative table play)."""


@dataclass(frozen=True, slots=True)
class ExpertBudget:
    """How much the expert bot searches per decision (counts only)."""

    worlds: int = 12
    """Sampled worlds per searched decision at 2 players (at n players ``worlds * 2 // n``,
    at least 2: the rollouts are longer); each plays every candidate still in the race."""
    discards: int = 2
    """Best discards of the hard style's ranking searched beside the lookahead's pick (the
    laying style brings only its lookahead's pick)."""
    lookahead: int = 6
    """Discards the one-draw lookahead compares to pick each style's first discard."""
    horizon: int = 80
    """Turns a rollout plays at most."""
    confidence: float = 2.0
    """Standard errors of gain a line needs to replace the policy's own line."""
    prune_every: int = 3
    """Worlds between two prunings of the lines clearly behind the leader."""
    points_weight: float = 1.0
    """Value per 100 points of lead, added to 1 for winning the round."""
    match_weight: float = 1.0
    """Value of winning (+1) or losing (-1) the match at this round's end, late in a match."""
    factors: Factors = FACTORS
    """Inference likelihood ratios (``UNIFORM``: worlds drawn without inference)."""
    search_draws: bool = True
    """Search the draw when the pile's card could matter (else the policy's draw)."""
    policy_turns: int = 80
    """Turns of each rollout every seat plays by the hard style's greedy policy, from its own
    view; the rest of the rollout is played by the faster, plainer policy of
    :mod:`rami.bots.rollout` (0: all of it)."""

    def worlds_at(self, players: int) -> int:
        """Sampled worlds per searched decision at a table of ``players``."""
        return self.worlds if players <= 2 else max(2, self.worlds * 2 // players)

    def without_inference(self) -> ExpertBudget:
        """This budget drawing worlds uniformly."""
        return dataclasses.replace(self, factors=UNIFORM)


DEFAULT_BUDGET = ExpertBudget()


class ExpertBot:
    """Chooses by simulated outcome over sampled worlds (see the module)."""

    level = "expert"

    def __init__(self, seed: int | str = 0, budget: ExpertBudget = DEFAULT_BUDGET) -> None:
        self.rng = Random(f"expert|{seed}")
        self.budget = budget
        self.worlds_searched = 0
        """Worlds the last decision played (0: it was not searched)."""
        self.rollouts_searched = 0
        """Rollouts the last decision played."""
        self._line: list[tuple[tuple[object, ...], Action]] = []

    def choose(self, view: PlayerView) -> Action:
        """The action for ``view`` (always one of ``view.legal``)."""
        self.worlds_searched = self.rollouts_searched = 0
        planned = self._planned(view)
        if planned is not None:
            return planned
        if view.phase not in (Phase.DRAW, Phase.PLAY) or len(view.legal) < 2:
            return choose_action(view, SHARP, self.rng)
        try:
            if view.phase is Phase.DRAW:
                return self.choose_draw(view)
            return self.choose_play(view)
        except InconsistentView:
            return choose_action(view, SHARP, self.rng)

    def _planned(self, view: PlayerView) -> Action | None:
        """The next action of the chosen line, while the turn goes as it planned."""
        if not self._line:
            return None
        key, action = self._line.pop(0)
        if key == view_key(view) and action in view.legal:
            return action
        self._line = []
        return None

    def choose_draw(self, view: PlayerView) -> Action:
        """The hard level's draw, or the other pile when the search finds it clearly better."""
        usual = choose_action(view, SHARP, self.rng)
        pile = DrawDiscard() in view.legal
        if usual == DrawStock() and pile and pile_beats_stock(view, read_view(view)):
            usual = DrawDiscard()
        if not self.budget.search_draws or not _draw_matters(view):
            return usual
        other: Action = DrawDiscard() if usual == DrawStock() else DrawStock()
        if other not in view.legal:
            return usual
        lines = [Line((usual,), ()), Line((other,), ())]
        return lines[self.search(view, lines, None)].actions[0]

    def choose_play(self, view: PlayerView) -> Action:
        """The first action of the best line for the rest of the turn."""
        weights, know = self._weights(view), read_view(view)
        first = sample_world(view, self.rng, know, weights)
        budget = self.budget
        lines = turn_lines(view, first, (SHARP, LAYING), budget.discards, budget.lookahead)
        if not lines:
            return choose_action(view, SHARP, self.rng)
        best = lines[self.search(view, lines, first) if len(lines) > 1 else 0]
        self._line = list(zip(best.keys[1:], best.actions[1:], strict=True))
        return best.actions[0]

    def _weights(self, view: PlayerView) -> dict[int, tuple[float, ...]] | None:
        if self.budget.factors == UNIFORM:
            return None
        return opponent_weights(view, self.budget.factors)

    def search(self, view: PlayerView, lines: Sequence[Line], first: RoundState | None) -> int:
        """Index of the line to play: ``lines[0]`` unless another is clearly better."""
        budget = self.budget
        weights, know = self._weights(view), read_view(view)
        late = standing(view)
        values: dict[int, list[float]] = {i: [] for i in range(len(lines))}
        for played in range(budget.worlds_at(len(round_seats(view)))):
            world = first if played == 0 and first is not None else None
            world = world or sample_world(view, self.rng, know, weights)
            for i in values:
                values[i].append(self._value(world, lines[i], late))
            self.worlds_searched += 1
            if (played + 1) % budget.prune_every == 0 and len(values) > 1:
                values = _prune(values)
            if len(values) == 1:
                break
        return _pick(values, budget.confidence)

    def _value(self, world: RoundState, line: Line, late: Standing | None) -> float:
        self.rollouts_searched += 1
        budget = self.budget
        found = line_value(
            world,
            line.actions,
            budget.horizon,
            budget.points_weight,
            late,
            budget.match_weight,
            SHARP,
            budget.policy_turns,
        )
        return -10.0 if found is None else found


def _draw_matters(view: PlayerView) -> bool:
    """True when the pile's card could join the hand or the table (else the stock is the
    policy's obvious draw and not searched)."""
    if not view.discard_pile:
        return False
    top = view.discard_pile[-1]
    if top == JOKER:
        return True
    if view.has_opened and fits_table(top, view.table, view.rules.jokers_per_meld):
        return True
    return sum(1 for c in view.hand if related(top, c)) >= 1


def _gain(values: dict[int, list[float]], i: int, j: int) -> tuple[float, float]:
    """Mean and standard error of line ``i``'s gain over line ``j`` on the worlds both saw."""
    n = min(len(values[i]), len(values[j]))
    return mean_error([a - b for a, b in zip(values[i][:n], values[j][:n], strict=True)])


def _prune(values: dict[int, list[float]]) -> dict[int, list[float]]:
    """The lines not clearly behind the leader (the policy's line 0 always stays)."""
    leader = max(values, key=lambda i: sum(values[i]) / len(values[i]))
    kept = {}
    for i, found in values.items():
        mean, error = _gain(values, i, leader)
        if i in (0, leader) or mean + 2 * error >= 0:
            kept[i] = found
    return kept


def _pick(values: dict[int, list[float]], confidence: float) -> int:
    """The line with the best gain over line 0, if that gain is above ``confidence``
    standard errors; else 0."""
    best, best_gain = 0, 0.0
    for i in values:
        if i == 0:
            continue
        mean, error = _gain(values, i, 0)
        if mean > confidence * error and mean > best_gain:
            best, best_gain = i, mean
    return best
