"""The Textual application: setup (or a resumed save), the table, round ends, play again."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from textual.app import App

from rami.match import MatchState
from rami.tui.play import PlayScreen
from rami.tui.replay import ReplayScreen
from rami.tui.session import Session
from rami.tui.settings import GameSettings
from rami.tui.setup import SetupScreen


class RamiApp(App[Path | None]):
    """Rami in the terminal. Returns the path of the save when a game was played."""

    TITLE = "Rami"

    def __init__(
        self,
        *,
        settings: GameSettings | None = None,
        session: Session | None = None,
        replay: MatchState | None = None,
        lang: str = "en",
        name: str = "Player",
        save_path: Path,
        bot_delay: float = 0.35,
        seat: int = 0,
    ) -> None:
        super().__init__()
        self.settings = settings
        self.session = session
        self.replay_match = replay
        self.lang = lang
        self.player_name = name
        self.save_path = save_path
        self.bot_delay = bot_delay
        self.games = 0
        self.replay_seat = seat

    def on_mount(self) -> None:
        """Start where the command line asked: replay, resume, a new game or the setup."""
        if self.replay_match is not None:
            self.push_screen(
                ReplayScreen(self.replay_match, self.lang, self.replay_seat), self._finished
            )
        elif self.session is not None:
            self._play(self.session)
        elif self.settings is not None:
            self._new_game(self.settings)
        else:
            self.push_screen(SetupScreen(self.lang, self.player_name), self._new_game)

    def _new_game(self, settings: GameSettings | None) -> None:
        if settings is None:
            self.exit(None)
            return
        self.settings = settings
        self.lang = settings.lang
        self._play(Session.start(settings))

    def _play(self, session: Session) -> None:
        self.session = session
        self.games += 1
        screen = PlayScreen(session, self.lang, self.save_path, self.bot_delay)
        self.push_screen(screen, self._after_game)

    def _after_game(self, choice: str | None) -> None:
        if choice == "again" and self.session is not None:
            settings = self.settings or _settings_of(self.session, self.lang)
            if settings.seed is not None:
                settings = replace(settings, seed=f"{settings.seed}-{self.games}")
            self._new_game(settings)
            return
        self.exit(self.save_path)

    def _finished(self, _: str | None) -> None:
        self.exit(None)

    async def action_quit(self) -> None:
        """Ctrl+Q: leave, saving the game being played (as Q does)."""
        if self.session is not None and self.replay_match is None:
            self.session.save(self.save_path)
            self.exit(self.save_path)
        else:
            self.exit(None)


def _settings_of(session: Session, lang: str) -> GameSettings:
    """Settings for a new game like a resumed one: same rules, names and bot levels."""
    match = session.match
    bots = tuple(level for _, level in sorted(session.levels.items()))
    return GameSettings(match.rules, match.names[session.human], bots, None, lang)
