"""The saved games of ``rami play``: one game record per game in :func:`saves_dir`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from rami.errors import RamiError
from rami.records import load
from rami.tui.settings import saves_dir


@dataclass(frozen=True)
class SavedGame:
    """One save: where it is, who plays, how far the match is."""

    path: Path
    names: tuple[str, ...]
    rules: str
    round_index: int
    finished: bool
    saved: datetime


def saved_games(folder: Path | None = None) -> list[SavedGame]:
    """The games saved in ``folder`` (default :func:`saves_dir`), newest first; files that are
    not game records are skipped."""
    where = folder or saves_dir()
    found = []
    for path in where.glob("*.jsonl") if where.is_dir() else ():
        try:
            match = load(path)
        except RamiError:
            continue
        when = datetime.fromtimestamp(path.stat().st_mtime)
        found.append(
            SavedGame(
                path,
                match.names,
                match.rules.name,
                match.round_index,
                match.finished,
                when,
            )
        )
    return sorted(found, key=lambda game: (game.saved, game.path.name), reverse=True)
