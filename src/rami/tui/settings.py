"""What a game of ``rami play`` is set up with, and where it is saved."""

from __future__ import annotations

import getpass
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from rami.bots import LEVELS
from rami.rules import RuleSet, get_rules

BOT_NAMES = ("Ana", "Luca", "Mai", "Tomasz", "Inês", "Adrien", "Siti")
"""Names given to the computer players, in seat order (a name the player took is skipped)."""


def default_level() -> str:
    """The bot level used when none is asked for: medium if it exists, else the first one."""
    return "medium" if "medium" in LEVELS else next(iter(LEVELS))


def account_name() -> str | None:
    """The player's name from their login (``dana`` → ``Dana``), or None when there is none.

    The table shows this name and saves keep it; the log speaks to the player ("You drew…")
    whatever their name is.
    """
    try:
        login = getpass.getuser().strip()
    except (OSError, KeyError, ImportError):
        return None
    if not login or not any(c.isalnum() for c in login):
        return None
    return login[0].upper() + login[1:] if login.islower() else login


def saves_dir() -> Path:
    """Where games are saved when no file is named: ``$XDG_DATA_HOME/rami/games``."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "rami" / "games"


def new_save_path(
    names: Sequence[str], folder: Path | None = None, when: datetime | None = None
) -> Path:
    """A file of its own for a new game: ``2026-12-01-0930-Dana-Ana.jsonl`` in ``folder``
    (default :func:`saves_dir`); a number is added when that name is taken."""
    stamp = (when or datetime.now()).strftime("%Y-%m-%d-%H%M")
    who = "-".join(_slug(name) for name in names) or "game"
    return free_path((folder or saves_dir()) / f"{stamp}-{who}.jsonl")


def free_path(path: Path) -> Path:
    """``path`` if no file is there, else ``stem-2``, ``stem-3``… beside it."""
    number = 1
    candidate = path
    while candidate.exists():
        number += 1
        candidate = path.with_name(f"{path.stem}-{number}{path.suffix}")
    return candidate


def _slug(name: str) -> str:
    """A name as letters, digits and dashes (any script; other characters are dropped)."""
    kept = "".join(c if c.isalnum() else "-" for c in name.strip())
    return "-".join(part for part in kept.split("-") if part)[:24]


@dataclass(frozen=True)
class GameSettings:
    """A new game: rules, the player's name, one bot level per opponent, seed and language."""

    rules: RuleSet = field(default_factory=get_rules)
    name: str = "You"
    bots: tuple[str, ...] = ("medium",)
    seed: str | None = None
    lang: str = "en"

    @property
    def players(self) -> int:
        """Number of seats: the player and the bots."""
        return 1 + len(self.bots)

    def names(self) -> tuple[str, ...]:
        """Seat names: the player first, then one name per bot."""
        free = [n for n in BOT_NAMES if n.casefold() != self.name.casefold()]
        return (self.name, *free[: len(self.bots)])


def parse_bots(text: str, players: int | None) -> tuple[str, ...]:
    """Bot levels from ``"medium,hard"``; one level repeats to fill ``players - 1`` seats.

    Raises ValueError naming an unknown level or a count that does not fit.
    """
    levels = tuple(part.strip() for part in text.split(",") if part.strip())
    if not levels:
        levels = (default_level(),)
    unknown = [level for level in levels if level not in LEVELS]
    if unknown:
        raise ValueError(f"unknown bot level '{unknown[0]}' (known: {', '.join(LEVELS)})")
    if players is None:
        return levels
    if len(levels) == 1:
        return levels * (players - 1)
    if len(levels) != players - 1:
        raise ValueError(f"{players} players need {players - 1} bot levels, not {len(levels)}")
    return levels
