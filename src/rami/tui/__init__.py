"""Rami in the terminal: a Textual client against computer players (``rami play``).

The screens draw only from the player's :class:`~rami.views.PlayerView`; the match itself is
held by :class:`~rami.tui.session.Session`, which also seats the bots with their own views.
"""

from rami.tui.app import RamiApp
from rami.tui.session import Session
from rami.tui.settings import GameSettings

__all__ = ["GameSettings", "RamiApp", "Session"]
