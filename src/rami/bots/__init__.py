"""Computer opponents. A bot sees only a :class:`~rami.views.PlayerView` (its legal actions
included) and owns its seeded random generator, so it is blind by construction."""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Protocol

from rami.actions import Action, TakeBack
from rami.views import PlayerView


class Bot(Protocol):
    """A computer player: picks one of ``view.legal``."""

    level: str

    def choose(self, view: PlayerView) -> Action:
        """The action to play in ``view`` (one of ``view.legal``)."""
        ...


class RandomBot:
    """Plays a uniformly random legal action (never taking back its staged melds)."""

    level = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = Random(seed)

    def choose(self, view: PlayerView) -> Action:
        """A random legal action."""
        return random_legal(view.legal, self.rng)


def random_legal(legal: tuple[Action, ...] | list[Action], rng: Random) -> Action:
    """A random choice among ``legal``, skipping 'takeback' unless it is the only choice."""
    choices: list[Action] = [a for a in legal if not isinstance(a, TakeBack)] or list(legal)
    if not choices:
        raise ValueError("no legal action to choose from")
    return rng.choice(choices)


def _levels() -> dict[str, Callable[[int | str], Bot]]:
    from rami.bots.expert import ExpertBot
    from rami.bots.greedy import EasyBot, MediumBot
    from rami.bots.hard import HardBot

    return {
        "random": RandomBot,
        "easy": EasyBot,
        "medium": MediumBot,
        "hard": HardBot,
        "expert": ExpertBot,
    }


LEVELS: dict[str, Callable[[int | str], Bot]] = _levels()
"""Bot factories by level name (each takes a seed)."""


def make_bot(level: str, seed: int | str = 0) -> Bot:
    """A bot of ``level`` seeded with ``seed``."""
    try:
        return LEVELS[level](seed)
    except KeyError:
        raise ValueError(f"unknown bot level '{level}' (known: {', '.join(LEVELS)})") from None
