"""The Textual application: setup (or a resumed save), the table, round ends, play again."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from textual.app import App

from rami.match import MatchState
from rami.review import BUDGETS, ReviewBudget
from rami.tui.play import PlayScreen
from rami.tui.replay import ReplayScreen
from rami.tui.session import Session
from rami.tui.settings import GameSettings, new_save_path
from rami.tui.setup import SetupScreen


class RamiApp(App[Path | None]):
    """Rami in the terminal. Returns the path of the last game saved (None if none was).

    Every game has a file of its own: the first one ``save_path`` when it is given, else (and
    for every "Play again") a new file named by date and players in ``save_dir`` (default: the
    folder of ``save_path``, else :func:`~rami.tui.settings.saves_dir`). A resumed match that is
    already over is never written again.
    """

    TITLE = "Rami"

    def __init__(
        self,
        *,
        settings: GameSettings | None = None,
        session: Session | None = None,
        replay: MatchState | None = None,
        lang: str = "en",
        name: str = "You",
        save_path: Path | None = None,
        save_dir: Path | None = None,
        bot_delay: float = 0.35,
        seat: int = 0,
        review_budget: ReviewBudget = BUDGETS["quick"],
    ) -> None:
        super().__init__()
        self.settings = settings
        self.session = session
        self.replay_match = replay
        self.lang = lang
        self.player_name = name
        self.save_path = save_path
        self.save_dir = save_dir
        self.saved: Path | None = None
        """The file of the game being played (None: it is not saved)."""
        self.bot_delay = bot_delay
        self.games = 0
        self.replay_seat = seat
        self.review_budget = review_budget
        """The budget of the round reviews (R at a round's end) and the viewer's marks."""

    def on_mount(self) -> None:
        """Start where the command line asked: replay, resume, a new game or the setup."""
        if self.replay_match is not None:
            self.push_screen(
                ReplayScreen(self.replay_match, self.lang, self.replay_seat, self.review_budget),
                self._finished,
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
        self.saved = self._file_for(session)
        screen = PlayScreen(session, self.lang, self.saved, self.bot_delay, self.review_budget)
        self.push_screen(screen, self._after_game)

    def _file_for(self, session: Session) -> Path | None:
        """Where this game is saved: None for a resumed match that is over."""
        if session.match.finished:
            return None
        if self.games == 1 and self.save_path is not None:
            return self.save_path
        folder = self.save_dir
        if folder is None and self.save_path is not None:
            folder = self.save_path.parent
        return new_save_path(session.match.names, folder)

    def _after_game(self, choice: str | None) -> None:
        if choice == "again" and self.session is not None:
            settings = self.settings or _settings_of(self.session, self.lang)
            if settings.seed is not None:
                settings = replace(settings, seed=f"{settings.seed}-{self.games}")
            self._new_game(settings)
            return
        self.exit(self.saved)

    def _finished(self, _: str | None) -> None:
        self.exit(None)

    async def action_quit(self) -> None:
        """Ctrl+Q: leave, saving the game being played (as Q does)."""
        if self.session is not None and self.replay_match is None:
            if self.saved is not None:
                self.session.save(self.saved)
            self.exit(self.saved)
        else:
            self.exit(None)


def _settings_of(session: Session, lang: str) -> GameSettings:
    """Settings for a new game like a resumed one: same rules, names and bot levels."""
    match = session.match
    bots = tuple(level for _, level in sorted(session.levels.items()))
    return GameSettings(match.rules, match.names[session.human], bots, None, lang)
