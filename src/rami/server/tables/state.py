"""What a table holds between commands: seats, the match, its version, the connections bound
to it, who is away and the turn timer. :class:`~rami.server.tables.actor.Table` runs the
commands that change it; :func:`~rami.server.tables.evolve.evolve` applies its stored events.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass

from rami.errors import Facts, RamiError
from rami.match import MatchState
from rami.server.store.storage import Storage
from rami.server.tables.auth import token_matches
from rami.server.tables.clock import SYSTEM_CLOCK, Clock
from rami.server.tables.config import Seat, TableConfig
from rami.server.tables.extras import ChatLog, RematchVotes
from rami.server.tables.identity import Identity


@dataclass(frozen=True, slots=True)
class Settings:
    """Server-wide timings: bot thinking time, grace period before a bot stands in, and how
    long a table nobody is connected to and with nothing to do (finished, or waiting for its
    players) stays in memory before it is archived."""

    bot_delay: float = 0.8
    grace: float = 30.0
    archive_after: float = 600.0


class Client:
    """One connection as a table sees it: its seat (None: spectator), language and outbox."""

    def __init__(
        self, send: Callable[[str | None], None], lang: str = "en", account: Identity | None = None
    ) -> None:
        self.seat: int | None = None
        self.lang = lang
        self.account = account
        """The logged-in account of the connection (resolved from its handshake's cookie)."""
        self._send = send

    def send(self, text: str) -> None:
        """Queue one encoded message for the connection."""
        self._send(text)

    def close(self) -> None:
        """Close the connection once what is queued is sent (the client reconnects)."""
        self._send(None)


class Refusal(RamiError):
    """A command refused with a stable code and the facts it is about; nothing changed."""

    def __init__(self, code: str, message: str, facts: Facts | None = None) -> None:
        super().__init__(message, code, facts)


def _seat_names(config: TableConfig) -> list[str | None]:
    return [
        None if level is None else f"Bot {i + 1} ({level})" for i, level in enumerate(config.bots)
    ]


class TableState:
    """A table's state: seats, the match, a version bumped per event, and the connected clients."""

    def __init__(
        self,
        table_id: str,
        config: TableConfig,
        seed: str,
        storage: Storage,
        settings: Settings,
        created: float,
        clock: Clock = SYSTEM_CLOCK,
    ) -> None:
        self.table_id = table_id
        self.config = config
        self.seed = seed
        self.storage = storage
        self.settings = settings
        self.created = created
        self.clock = clock
        """Where the table reads the time (its timers, grace periods and idle time)."""
        names = _seat_names(config)
        self.seats = [Seat(bot=level, name=names[i]) for i, level in enumerate(config.bots)]
        self.match: MatchState | None = None
        self.version = 0
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self.changed_at = self.clock.now()
        self.turn_started = self.changed_at
        self.timed_out: tuple[int, int] | None = None
        self.timeouts = [0] * config.seats
        """Timed-out turns per seat (counted at a table with the forfeit rule)."""
        self.last_turn: tuple[int, int] | None = None
        self.quiet_since = self.changed_at
        """When the table last changed or its last connection left."""
        self.wakeup = asyncio.Event()
        self.closed = False
        """True once the host closed the table: nothing changes it any more."""
        self.chat = ChatLog()
        self.rematch = RematchVotes()
        self.on_turn: Callable[[TableState], None] | None = None
        """Called when a new turn begins (the lobby sets it: "your turn" pushes)."""
        self.retired = False
        """Set when the table left this process's memory (idle, or its lease was lost): a
        connection that still reaches this object is closed and reconnects to the one served."""

    def touch(self, at: float | None = None) -> None:
        """Note a change now: the turn timer restarts on a new turn (from ``at``, the wall
        time a stored event happened, when it has one); the table is awake."""
        now = self.clock.now()
        key = self.turn_key()
        if key != self.last_turn:
            self.last_turn = key
            self.turn_started = now if at is None else now - max(0.0, self.clock.wall() - at)
            if key is not None and self.on_turn is not None:
                self.on_turn(self)
        self.changed_at = self.quiet_since = now
        self.wakeup.set()

    def turn_key(self) -> tuple[int, int] | None:
        """(round, turn) while a turn is being played, else None."""
        match = self.match
        if match is None or match.current_seat is None or match.finished:
            return None
        return match.round_index, match.round.turn_number

    def match_seat(self) -> int:
        """The seat to act (only asked while a turn is being played)."""
        assert self.match is not None and self.match.current_seat is not None
        return self.match.current_seat

    def turn_left(self) -> float | None:
        """Seconds left on the turn timer of the seat to act (None: no timer running)."""
        if self.config.turn_timer is None or self.turn_key() is None:
            return None
        left = self.turn_started + self.config.turn_timer - self.clock.now()
        return round(max(0.0, left), 1)

    def turn_deadline(self) -> float | None:
        """Wall time (epoch seconds) the turn of the seat to act times out (None: no timer)."""
        left = self.turn_left()
        return None if left is None else round(self.clock.wall() + left)

    def listed_status(self) -> str:
        """The status the store lists the table under: waiting, playing or finished."""
        if self.closed or (self.match is not None and self.match.finished):
            return "finished"
        return "waiting" if self.match is None else "playing"

    def mark_away(self) -> None:
        """Count every person with no connection as away from now (a restored table)."""
        now = self.clock.now()
        for seat in self.seats:
            if seat.joined and seat.bot is None and seat.online == 0:
                seat.away_since = now
        self.wakeup.set()

    # --- connections -------------------------------------------------------------------

    def seat_of_account(self, account_id: int) -> int | None:
        """The seat the account holds at this table."""
        for index, seat in enumerate(self.seats):
            if seat.account is not None and seat.account.account_id == account_id:
                return index
        return None

    def seat_of_token(self, token: str) -> int | None:
        """The seat whose token this is."""
        for index, seat in enumerate(self.seats):
            if seat.joined and token_matches(token, seat.token_hash):
                return index
        return None

    def _bind(self, client: Client, seat: int | None) -> None:
        self._unbind(client)
        client.seat = seat
        self.clients.add(client)
        if seat is not None:
            state = self.seats[seat]
            state.online += 1
            state.away_since = None
            state.autoplay = False
            state.stand_in = None
            self.wakeup.set()

    def _unbind(self, client: Client) -> None:
        if client not in self.clients:
            return
        self.clients.discard(client)
        if client.seat is not None:
            state = self.seats[client.seat]
            state.online -= 1
            if state.online == 0 and state.bot is None:
                state.away_since = self.clock.now()
                self.wakeup.set()
        if not self.clients:
            self.quiet_since = self.clock.now()
            self.wakeup.set()
