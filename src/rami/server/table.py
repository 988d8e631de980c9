"""The table actor: one per table, owning its match and handling commands one at a time.

Every command runs under the table's lock, in arrival order. A command that changes the
table becomes an event: it is checked, written to storage, and only then applied, counted as
a new version, acknowledged and broadcast (a snapshot per connection, built from the view of
its seat). A refused command changes nothing: the client gets an error and a full resync.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeGuard

from rami.actions import action_text, parse_action
from rami.errors import RamiError
from rami.i18n import negotiate_language
from rami.match import MatchState, match_apply, new_match, next_round
from rami.server import seat_events
from rami.server.auth import new_token, token_hash, token_matches
from rami.server.config import Seat, TableConfig
from rami.server.extras import ChatLog, RematchVotes
from rami.server.identity import Identity
from rami.server.protocol import (
    Act,
    Hello,
    Join,
    NextRound,
    ProtocolError,
    Start,
    ack_message,
    encode,
    error_message,
)
from rami.server.snapshot import snapshot
from rami.server.storage import Storage, StorageError
from rami.state import Phase

log = logging.getLogger("rami.server")


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
    """A command refused with a stable code; nothing changed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message, code)


class BadEventError(RamiError, ValueError):
    """A stored event that does not fit the table it belongs to (restoring it fails)."""

    code = "bad_event"


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat_names(config: TableConfig) -> list[str | None]:
    return [
        None if level is None else f"Bot {i + 1} ({level})" for i, level in enumerate(config.bots)
    ]


class Table:
    """A table: seats, the match, a version bumped per event, and the connected clients."""

    def __init__(
        self,
        table_id: str,
        config: TableConfig,
        seed: str,
        storage: Storage,
        settings: Settings,
        created: float,
    ) -> None:
        self.table_id = table_id
        self.config = config
        self.seed = seed
        self.storage = storage
        self.settings = settings
        self.created = created
        names = _seat_names(config)
        self.seats = [Seat(bot=level, name=names[i]) for i, level in enumerate(config.bots)]
        self.match: MatchState | None = None
        self.version = 0
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self.changed_at = time.monotonic()
        self.turn_started = self.changed_at
        self.timed_out: tuple[int, int] | None = None
        self.last_turn: tuple[int, int] | None = None
        self.quiet_since = self.changed_at
        """When the table last changed or its last connection left."""
        self.wakeup = asyncio.Event()
        self.closed = False
        """True once the host closed the table: nothing changes it any more."""
        self.chat = ChatLog()
        self.rematch = RematchVotes()
        self.spawn_rematch: Callable[[Table], Awaitable[tuple[str, dict[int, str]]]] | None = None
        """Creates the rematch table (set by the lobby): its id and the people's new tokens."""
        self.on_finish: Callable[[Table], Awaitable[bool]] | None = None
        """Records the finished match; False: not recorded now (a later load tries again)."""
        self.retired = False
        """Set when the table left this process's memory (idle, or its lease was lost): a
        connection that still reaches this object is closed and reconnects to the one served."""

    # --- events: applied live after storage, and again when a table is restored ----------

    def apply_event(self, event: dict[str, Any]) -> None:
        """Check and apply a stored event (restoring); raises :class:`BadEventError`."""
        self._settle(event, self.outcome(event))

    def outcome(self, event: dict[str, Any]) -> MatchState | None:
        """The match once ``event`` is applied; nothing changes.

        Raises :class:`BadEventError` when the event does not fit the table now (a corrupt
        store), and whatever the engine raises when it cannot apply it.
        """
        kind = event.get("type")
        match = self.match
        if self.closed:
            raise BadEventError(f"{kind!r} after the table was closed")
        if kind in seat_events.KINDS:
            seat_events.check(self, event)
            return match
        if kind == "join":
            seat = event.get("seat")
            if match is not None or not _is_int(seat) or not 0 <= seat < len(self.seats):
                raise BadEventError(f"join of seat {seat!r} does not fit the table")
            if self.seats[seat].taken:
                raise BadEventError(f"seat {seat} is taken already")
            if not isinstance(event.get("name"), str) or not isinstance(
                event.get("token_hash"), str
            ):
                raise BadEventError("a join names a player and a token hash")
            if "account" in event:
                account = Identity.from_json(event["account"])
                if account is None:
                    raise BadEventError("a join's account is an id and a name")
                if self.seat_of_account(account.account_id) is not None:
                    raise BadEventError(f"account {account.account_id} is seated already")
            return None
        if kind == "start":
            if match is not None or not all(seat.taken for seat in self.seats):
                raise BadEventError("start before every seat is taken, or twice")
            names = [seat.name or "?" for seat in self.seats]
            return new_match(self.config.rules, names, self.seed)
        if match is None or match.finished:
            raise BadEventError(f"{kind!r} outside a match in play")
        if kind == "act":
            action = event.get("action")
            if event.get("seat") != match.current_seat or not isinstance(action, str):
                raise BadEventError(f"act {action!r} by seat {event.get('seat')!r} out of turn")
            return match_apply(match, parse_action(action))
        if kind == "next_round":
            if match.round.phase is not Phase.OVER:
                raise BadEventError("next_round while the round is being played")
            return next_round(match)
        raise BadEventError(f"unknown event type {kind!r}")

    def _settle(self, event: dict[str, Any], after: MatchState | None) -> None:
        if event["type"] in seat_events.KINDS:
            seat_events.settle(self, event)
        elif event["type"] == "join":
            seat = self.seats[event["seat"]]
            seat.name, seat.token_hash, seat.joined = event["name"], event["token_hash"], True
            seat.account = Identity.from_json(event.get("account"))
        else:
            self.match = after
        self.version += 1
        self._touch()

    def _touch(self) -> None:
        now = time.monotonic()
        key = self.turn_key()
        if key != self.last_turn:
            self.last_turn = key
            self.turn_started = now
        self.changed_at = self.quiet_since = now
        self.wakeup.set()

    def turn_key(self) -> tuple[int, int] | None:
        """(round, turn) while a turn is being played, else None."""
        match = self.match
        if match is None or match.current_seat is None or match.finished:
            return None
        return match.round_index, match.round.turn_number

    def turn_left(self) -> float | None:
        """Seconds left on the turn timer of the seat to act (None: no timer running)."""
        if self.config.turn_timer is None or self.turn_key() is None:
            return None
        left = self.turn_started + self.config.turn_timer - time.monotonic()
        return round(max(0.0, left), 1)

    async def commit(self, event: dict[str, Any], after: MatchState | None = None) -> None:
        """Store the event, then apply and broadcast it (raises :class:`Refusal` on failure).

        ``after`` is the match the event leads to when the caller computed it already (an
        action it checked); otherwise it is computed here, before anything is stored.
        """
        if after is None:
            after = self._outcome_or_refuse(event)
        listed = self.listed_status()
        try:
            await self.storage.append(self.table_id, self.version + 1, event)
        except StorageError as error:
            log.error("table %s: event %d not saved: %s", self.table_id, self.version + 1, error)
            raise Refusal("storage_failed", "the move was not saved: nothing changed") from None
        self._settle(event, after)
        if self.config.public and event["type"] in ("join", "start", "next_round"):
            await self.store_listing()
        if self.listed_status() != listed:
            if self.listed_status() == "finished" and not await self.record_result():
                return  # listed as playing until recorded: the next load records it
            await self.store_status()

    async def record_result(self) -> bool:
        """Record the finished match through :attr:`on_finish` (True when nothing to do)."""
        return True if self.on_finish is None else await self.on_finish(self)

    async def store_listing(self) -> None:
        """Record what the lobby lists (seats taken, names, round); a failure is logged."""
        taken = [seat for seat in self.seats if seat.taken]
        names = [seat.name or "?" for seat in taken]
        round_ = 0 if self.match is None else self.match.round_index
        try:
            await self.storage.set_lobby(self.table_id, len(taken), names, round_)
        except StorageError as error:
            log.warning("table %s: lobby listing not saved: %s", self.table_id, error)

    def listed_status(self) -> str:
        """The status the store lists the table under: waiting, playing or finished."""
        if self.closed or (self.match is not None and self.match.finished):
            return "finished"
        return "waiting" if self.match is None else "playing"

    async def store_status(self) -> None:
        """Record :meth:`listed_status` in the store (a failure is logged: it is only a hint)."""
        try:
            await self.storage.set_status(self.table_id, self.listed_status())
        except StorageError as error:
            log.warning("table %s: status not saved: %s", self.table_id, error)

    def _outcome_or_refuse(self, event: dict[str, Any]) -> MatchState | None:
        try:
            return self.outcome(event)
        except RamiError as error:
            raise Refusal(error.code, error.message) from None
        except Exception:  # a command the engine cannot apply must not reach the store
            log.exception("table %s: %s cannot be applied", self.table_id, event.get("type"))
            raise Refusal("cannot_apply", "the server cannot apply this: nothing changed") from None

    def mark_away(self) -> None:
        """Count every person with no connection as away from now (a restored table)."""
        now = time.monotonic()
        for seat in self.seats:
            if seat.joined and seat.bot is None and seat.online == 0:
                seat.away_since = now
        self.wakeup.set()

    # --- sending -----------------------------------------------------------------------

    def state_for(self, client: Client, cache: dict[tuple[int | None, str], str]) -> str:
        """The encoded snapshot for ``client`` (shared by clients with the same seat and lang)."""
        key = (client.seat, client.lang)
        text = cache.get(key)
        if text is None:
            text = cache[key] = encode(snapshot(self, client.seat, client.lang))
        return text

    def broadcast(self) -> None:
        """Send every connected client its snapshot."""
        cache: dict[tuple[int | None, str], str] = {}
        for client in list(self.clients):
            client.send(self.state_for(client, cache))

    def refuse(self, client: Client, code: str, message: str) -> None:
        """Tell ``client`` why its command was refused, then resync it."""
        client.send(encode(error_message(code, message)))
        client.send(self.state_for(client, {}))

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
                state.away_since = time.monotonic()
                self.wakeup.set()
        if not self.clients:
            self.quiet_since = time.monotonic()
            self.wakeup.set()

    async def hello(self, client: Client, msg: Hello) -> None:
        """Bind a connection to the seat of its token (without one: the seat its logged-in
        account holds here), or as a spectator, and sync it.

        Only the sender gets a state, unless the hello brings its seat back online (then
        everyone sees it).
        """
        async with self.lock:
            if self.retired:
                client.close()
                return
            client.lang = negotiate_language([msg.lang])
            seat = None
            if msg.token is not None:
                seat = self.seat_of_token(msg.token)
                if seat is None:
                    client.send(encode(error_message("bad_token", "that seat token is not valid")))
            elif client.account is not None:
                seat = self.seat_of_account(client.account.account_id)
            before = [(s.online > 0, s.autoplay) for s in self.seats]
            self._bind(client, seat)
            if before != [(s.online > 0, s.autoplay) for s in self.seats]:
                self.broadcast()
            else:
                client.send(self.state_for(client, {}))

    async def rebind(self, client: Client, seat: int | None, lang: str) -> None:
        """Bind a connection that was bound to ``seat`` at the table's former owner (the table
        moved to this process with it) and sync it."""
        async with self.lock:
            if self.retired:
                client.close()
                return
            client.lang = lang
            self._bind(client, seat)
            self.broadcast()

    async def leave(self, client: Client) -> None:
        """Forget a closed connection (its seat becomes away when no other connection holds it)."""
        async with self.lock:
            had = client in self.clients
            self._unbind(client)
            if had and client.seat is not None:
                self.broadcast()

    # --- commands ----------------------------------------------------------------------

    async def run(self, client: Client, command: Callable[[Client], Any]) -> None:
        """Run a command under the lock; a refusal is reported with a resync."""
        async with self.lock:
            if self.retired:
                client.close()
                return
            if self.closed:
                self.refuse(client, "table_closed", "the host closed this table")
                return
            try:
                result = command(client)
                if asyncio.iscoroutine(result):
                    await result
            except Refusal as refusal:
                self.refuse(client, refusal.code, refusal.message)

    async def join(self, client: Client, msg: Join) -> None:
        """Take a seat."""
        await self.run(client, lambda c: self._join(c, msg))

    async def _join(self, client: Client, msg: Join) -> None:
        if client.seat is not None:
            raise Refusal("already_seated", "you already have a seat at this table")
        chosen, token = await self.take_seat(msg.name, msg.seat, client.account)
        client.send(encode({"type": "joined", "seat": chosen, "token": token}))
        self._bind(client, chosen)
        client.send(encode(ack_message(self.version)))
        self.broadcast()

    async def take_seat(
        self, name: str, wanted: int | None, account: Identity | None = None
    ) -> tuple[int, str]:
        """Seat ``name`` (in ``wanted``, or the first free seat); returns the seat and token.

        A logged-in player sits under the account's name, bound to the account; a rated
        table seats only accounts (and its bots).
        """
        if self.match is not None:
            raise Refusal("already_started", "the match has started: you can watch it")
        if account is None and self.config.rated:
            raise Refusal("login_required", "log in to sit at a rated table")
        if account is not None and self.seat_of_account(account.account_id) is not None:
            raise Refusal("already_seated", "your account already has a seat at this table")
        free = [i for i, seat in enumerate(self.seats) if not seat.taken]
        if wanted is not None:
            if not 0 <= wanted < len(self.seats):
                raise Refusal("no_such_seat", f"this table has {len(self.seats)} seats")
            if wanted not in free:
                raise Refusal("seat_taken", "that seat is taken")
            chosen = wanted
        elif free:
            chosen = free[0]
        else:
            raise Refusal("table_full", "every seat is taken")
        token = new_token()
        event: dict[str, Any] = {"type": "join", "seat": chosen, "name": name}
        event["token_hash"] = token_hash(token)
        if account is not None:
            event["name"] = account.name
            event["account"] = account.to_json()
        await self.commit(event)
        return chosen, token

    async def start(self, client: Client, _msg: Start) -> None:
        """The host starts the match once every seat is taken."""
        await self.run(client, self._start)

    async def _start(self, client: Client) -> None:
        if client.seat is None:
            raise Refusal("spectator", "spectators cannot start the match")
        if client.seat != 0:
            raise Refusal("not_host", "only the host (seat 1) starts the match")
        if self.match is not None:
            raise Refusal("already_started", "the match has already started")
        if not all(seat.taken for seat in self.seats):
            raise Refusal("seats_empty", "wait until every seat is taken")
        await self.commit({"type": "start"})
        client.send(encode(ack_message(self.version)))
        self.broadcast()

    async def act(self, client: Client, msg: Act) -> None:
        """Play an action: credentials, turn, legality, version, then store and apply."""
        await self.run(client, lambda c: self._act(c, msg))

    def check_action(self, seat: int, text: str) -> MatchState:
        """The match after ``seat`` plays ``text``, or a :class:`Refusal` (turn, legality)."""
        match = self.match
        if match is None:
            raise Refusal("not_started", "the match has not started")
        if match.finished:
            raise Refusal("match_over", "the match is over")
        if match.current_seat is None:
            raise Refusal("round_over", "the round is over: deal the next one")
        if match.current_seat != seat:
            raise Refusal("not_your_turn", f"it is {match.names[match.current_seat]}'s turn")
        try:
            return match_apply(match, parse_action(text))
        except RamiError as error:
            raise Refusal(error.code, error.message) from None

    async def _act(self, client: Client, msg: Act) -> None:
        if client.seat is None:
            raise Refusal("spectator", "spectators cannot play")
        if msg.seat is not None and msg.seat != client.seat:
            raise Refusal("not_your_seat", "you can only play for your own seat")
        after = self.check_action(client.seat, msg.action)
        if msg.version != self.version:
            raise Refusal("stale_version", f"you saw version {msg.version}, now {self.version}")
        text = action_text(parse_action(msg.action))
        await self.commit({"type": "act", "seat": client.seat, "action": text}, after)
        client.send(encode(ack_message(self.version)))
        self.broadcast()

    async def deal_next(self, client: Client, msg: NextRound) -> None:
        """Deal the next round (any seated player, between rounds)."""
        await self.run(client, lambda c: self._next_round(c, msg.version))

    async def _next_round(self, client: Client, version: int) -> None:
        if client.seat is None:
            raise Refusal("spectator", "spectators cannot deal")
        self.check_next_round()
        if version != self.version:
            raise Refusal("stale_version", f"you saw version {version}, now {self.version}")
        await self.commit({"type": "next_round"})
        client.send(encode(ack_message(self.version)))
        self.broadcast()

    def check_next_round(self) -> None:
        """Refuse unless a round is over and the match goes on."""
        match = self.match
        if match is None:
            raise Refusal("not_started", "the match has not started")
        if match.finished:
            raise Refusal("match_over", "the match is over")
        if match.round.phase is not Phase.OVER:
            raise Refusal("round_in_progress", "the round is still being played")


def refuse_protocol(client: Client, table: Table | None, error: ProtocolError) -> None:
    """Report a malformed message (with a resync when the client is at a table)."""
    if table is None:
        client.send(encode(error_message(error.code, error.message)))
    else:
        table.refuse(client, error.code, error.message)
