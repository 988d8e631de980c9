"""The game behind the screen: the match, the player's seat and the bots' seats.

The session is the only holder of the :class:`~rami.match.MatchState`. The screen asks it for
the player's :class:`~rami.views.PlayerView` and nothing else; each bot is asked for its move
with its own seat's view. Saves are game records whose header carries a ``client`` entry naming
the player's seat and the bots' levels, so ``rami play --resume FILE`` seats everyone again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import Any

from rami.actions import Action
from rami.bots import LEVELS, Bot, make_bot, random_legal
from rami.errors import IllegalActionError, InvalidRecordError, RamiError
from rami.match import MatchState, match_apply, new_match, next_round
from rami.records import dumps, load
from rami.state import Phase
from rami.tui.settings import GameSettings, default_level
from rami.views import PlayerView, view_for

CLIENT_KEY = "client"


@dataclass
class Session:
    """One match played by a person at ``human`` against bots at every other seat."""

    match: MatchState
    human: int
    levels: dict[int, str]
    bots: dict[int, Bot] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for seat, level in self.levels.items():
            self.bots.setdefault(seat, make_bot(level, f"{self.match.seed_commitment}-{seat}"))

    @classmethod
    def start(cls, settings: GameSettings) -> Session:
        """A new match from ``settings`` (the player sits at seat 0)."""
        match = new_match(settings.rules, settings.names(), settings.seed)
        return cls(match, 0, {seat + 1: level for seat, level in enumerate(settings.bots)})

    @classmethod
    def resume(cls, path: str | Path) -> Session:
        """The match saved at ``path``, with its seats as they were."""
        match = load(path)
        human, levels = _client_entry(Path(path), len(match.names))
        return cls(match, human, levels)

    def view(self) -> PlayerView:
        """What the player may see now."""
        return view_for(self.match, self.human)

    @property
    def my_turn(self) -> bool:
        """True when the player is to act."""
        return self.match.current_seat == self.human

    @property
    def bot_to_act(self) -> bool:
        """True when a bot is to act in a round still being played."""
        return self.match.current_seat in self.bots

    @property
    def round_over(self) -> bool:
        """True between the end of a round and the next deal (or after the match)."""
        return self.match.round.phase is Phase.OVER

    def play(self, action: Action) -> None:
        """Play the player's ``action``; raises IllegalActionError and changes nothing."""
        if not self.my_turn:
            current = self.match.round.current
            raise IllegalActionError(
                "it is not your turn",
                "not_your_turn",
                {"seat": current, "player": self.match.names[current]},
            )
        self.match = match_apply(self.match, action)

    def step_bot(self) -> None:
        """Let the bot to act choose from its own view and play one action.

        A bot whose choice is refused plays a random legal action instead, so a faulty bot
        cannot stall the table.
        """
        seat = self.match.current_seat
        if seat is None or seat not in self.bots:
            return
        view = view_for(self.match, seat)
        try:
            self.match = match_apply(self.match, self.bots[seat].choose(view))
        except RamiError:
            fallback = random_legal(view.legal, Random(f"{seat}-{view.turn_number}"))
            self.match = match_apply(self.match, fallback)

    def deal_next(self) -> None:
        """Deal the next round."""
        self.match = next_round(self.match)

    def save(self, path: str | Path) -> None:
        """Save the match as a private game record (it keeps the seeds so it can resume)."""
        lines = dumps(self.match, reveal=True).splitlines()
        header = json.loads(lines[0])
        levels = {str(seat): level for seat, level in sorted(self.levels.items())}
        header[CLIENT_KEY] = {"tui": {"human": self.human, "bots": levels}}
        lines[0] = json.dumps(header, ensure_ascii=False, separators=(",", ":"))
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.with_name(target.name + ".tmp")
        temporary.write_text("\n".join(lines) + "\n", encoding="utf-8")
        temporary.replace(target)


def _client_entry(path: Path, players: int) -> tuple[int, dict[int, str]]:
    """The player's seat and the bots' levels from a save (seat 0 and default bots if absent)."""
    try:
        first = path.read_text(encoding="utf-8").splitlines()[0]
        entry: Any = json.loads(first).get(CLIENT_KEY, {}).get("tui", {})
    except (OSError, IndexError, ValueError, AttributeError) as error:
        raise InvalidRecordError(f"cannot read the save's header: {error}", 1) from None
    human = entry.get("human", 0) if isinstance(entry, dict) else 0
    if not isinstance(human, int) or not 0 <= human < players:
        human = 0
    saved = entry.get("bots", {}) if isinstance(entry, dict) else {}
    levels: dict[int, str] = {}
    for seat in range(players):
        if seat == human:
            continue
        level = saved.get(str(seat)) if isinstance(saved, dict) else None
        levels[seat] = level if isinstance(level, str) and level in LEVELS else default_level()
    return human, levels
