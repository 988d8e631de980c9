"""The easy and medium levels: the greedy policy of :mod:`rami.bots.policy` at two styles."""

from __future__ import annotations

from random import Random

from rami.actions import Action
from rami.bots.policy import EASY, MEDIUM, Style, choose_action
from rami.views import PlayerView


class GreedyBot:
    """A bot that plays the greedy policy in one style, with its own seeded generator."""

    level = "greedy"
    style = MEDIUM

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = Random(f"{self.level}|{seed}")

    def choose(self, view: PlayerView) -> Action:
        """The greedy action for ``view``."""
        return choose_action(view, self.style, self.rng)


class EasyBot(GreedyBot):
    """Legal and sensible but loose: opens when it can, sheds high cards, no finesse."""

    level = "easy"
    style: Style = EASY


class MediumBot(GreedyBot):
    """Solver-driven greedy play: opens at once, keeps promising cards, discards safely."""

    level = "medium"
    style: Style = MEDIUM
