"""The table actor: one per table, owning its match and handling commands one at a time.

Every command runs under the table's lock, in arrival order: the actor asks
:func:`~rami.server.tables.decide.decide` for its events, stores them, applies each with
:func:`~rami.server.tables.evolve.evolve`, then acknowledges and broadcasts (a snapshot per
connection, built from the view of its seat). A refused command changes nothing: the client
gets an error and a full resync. A restored table only evolves its stored events.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from rami.errors import Facts
from rami.i18n import negotiate_language
from rami.server.messages.protocol import (
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
from rami.server.store.storage import Storage, StorageError
from rami.server.tables.auth import new_token, token_hash
from rami.server.tables.clock import SYSTEM_CLOCK, Clock
from rami.server.tables.commands import Command, Deal, Play, StartMatch, TakeSeat, sender_of
from rami.server.tables.config import TableConfig
from rami.server.tables.decide import decide
from rami.server.tables.events import (
    MEMORY_EVENTS,
    TURN_EVENTS,
    AnyEvent,
    BadEventError,
    JoinEvent,
    parse_event,
    stored_form,
)
from rami.server.tables.evolve import evolve
from rami.server.tables.identity import Identity
from rami.server.tables.rules import fits
from rami.server.tables.snapshot import snapshot
from rami.server.tables.state import Client, Refusal, Settings, TableState

log = logging.getLogger("rami.server")

LISTED_KINDS = frozenset(("join", "start", "next_round"))
"""Events that change what the lobby lists of a public table."""


class NotStored(Refusal):
    """A command refused because the store failed to write its event (``cause`` says why)."""

    def __init__(self, version: int, cause: StorageError) -> None:
        super().__init__("storage_failed", "the move was not saved: nothing changed")
        self.version = version
        self.cause = cause


class Table(TableState):
    """A table actor: decides each command under the lock, stores its events, then evolves
    and broadcasts."""

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
        super().__init__(table_id, config, seed, storage, settings, created, clock)
        self.spawn_rematch: (
            Callable[[Table], Awaitable[tuple[str, dict[int, str]] | Refusal]] | None
        ) = None
        """Creates the rematch table (set by the lobby): its id and the people's new tokens, or
        the refusal."""
        self.on_finish: Callable[[Table], Awaitable[bool]] | None = None
        """Records the finished match; False: not recorded now (a later load tries again)."""

    # --- events ------------------------------------------------------------------------

    def apply_event(self, row: object) -> None:
        """Restore one stored event: read it, check it fits, evolve (raises
        :class:`~.events.BadEventError` for one that does not)."""
        event = parse_event(row)
        refusal = fits(self, event)
        if refusal is not None:
            raise BadEventError(f"{event.type} does not fit the table: {refusal.message}")
        evolve(self, event)

    async def execute(self, command: Command) -> list[AnyEvent] | Refusal:
        """Decide ``command``, store its events (those not kept in memory only), evolve the
        table; the events, or the refusal (:class:`NotStored` when the store failed). The
        caller holds the lock."""
        decided = decide(self, command)
        if isinstance(decided, Refusal):
            return decided
        listed = self.listed_status()
        for event in decided:
            if isinstance(event, MEMORY_EVENTS):
                evolve(self, event)
                continue
            if isinstance(event, TURN_EVENTS) and self.config.turn_timer is not None:
                event = event.model_copy(update={"at": round(self.clock.wall(), 3)})
            try:
                await self.storage.append(self.table_id, self.version + 1, stored_form(event))
            except StorageError as error:
                return NotStored(self.version + 1, error)
            evolve(self, event)
        if self.config.public and any(event.type in LISTED_KINDS for event in decided):
            await self.store_listing()
        if self.listed_status() != listed:
            if self.listed_status() == "finished" and not await self.record_result():
                return decided  # listed as playing until recorded: the next load records it
            await self.store_status()
        return decided

    def _log_not_stored(self, refusal: Refusal) -> None:
        if isinstance(refusal, NotStored):
            log.error(
                "table %s: event %d not saved: %s", self.table_id, refusal.version, refusal.cause
            )

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

    async def store_status(self) -> None:
        """Record :meth:`listed_status` in the store (a failure is logged: it is only a hint)."""
        try:
            await self.storage.set_status(self.table_id, self.listed_status())
        except StorageError as error:
            log.warning("table %s: status not saved: %s", self.table_id, error)

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

    def acknowledge(self, client: Client) -> None:
        """Tell ``client`` its command is done (the new version), then send everyone the change."""
        client.send(encode(ack_message(self.version)))
        self.broadcast()

    def refuse(self, client: Client, code: str, message: str, facts: Facts | None = None) -> None:
        """Tell ``client`` why its command was refused (with the refusal's facts), then resync."""
        client.send(encode(error_message(code, message, facts)))
        client.send(self.state_for(client, {}))

    # --- connections -------------------------------------------------------------------

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

    async def run(
        self, client: Client, command: Callable[[Client], Awaitable[Refusal | None] | None]
    ) -> None:
        """Run a command under the lock; a refusal it returns is reported with a resync."""
        async with self.lock:
            if self.retired:
                client.close()
                return
            if self.closed:
                self.refuse(client, "table_closed", "the host closed this table")
                return
            result = command(client)
            refusal = await result if asyncio.iscoroutine(result) else result
            if isinstance(refusal, Refusal):
                self._log_not_stored(refusal)
                self.refuse(client, refusal.code, refusal.message, refusal.facts)

    async def perform(
        self, client: Client, command: Command, then: Callable[[list[AnyEvent]], None] | None = None
    ) -> None:
        """Run a table command for ``client``: on success, ``then`` (with the events), an ack
        and a broadcast; a refusal is reported with a resync."""

        async def step(sender: Client) -> Refusal | None:
            done = await self.execute(command)
            if isinstance(done, Refusal):
                return done
            if then is not None:
                then(done)
            self.acknowledge(sender)
            return None

        await self.run(client, step)

    async def join(self, client: Client, msg: Join) -> None:
        """Take a seat."""
        token = new_token()

        def joined(events: list[AnyEvent]) -> None:
            seat = next(event.seat for event in events if isinstance(event, JoinEvent))
            client.send(encode({"type": "joined", "seat": seat, "token": token}))
            self._bind(client, seat)

        command = TakeSeat(
            sender_of(client.seat), msg.name, msg.seat, token_hash(token), client.account
        )
        await self.perform(client, command, joined)

    async def take_seat(
        self, name: str, wanted: int | None, account: Identity | None = None
    ) -> tuple[int, str] | Refusal:
        """Seat ``name`` (in ``wanted``, or the first free seat) for the lobby; returns the seat
        and token, or the refusal. The caller holds the lock.

        A logged-in player sits under the account's name, bound to the account; a rated
        table seats only accounts (and its bots).
        """
        token = new_token()
        command = TakeSeat("table", name, wanted, token_hash(token), account)
        events = await self._execute_logged(command)
        if isinstance(events, Refusal):
            return events
        seat = next(event.seat for event in events if isinstance(event, JoinEvent))
        return seat, token

    async def start_match(self) -> Refusal | None:
        """Start the match for the lobby (None: started); the caller holds the lock."""
        done = await self._execute_logged(StartMatch("table"))
        return done if isinstance(done, Refusal) else None

    async def _execute_logged(self, command: Command) -> list[AnyEvent] | Refusal:
        """:meth:`execute` for a caller outside a connection (a store failure is logged)."""
        done = await self.execute(command)
        if isinstance(done, Refusal):
            self._log_not_stored(done)
        return done

    async def start(self, client: Client, _msg: Start) -> None:
        """The host starts the match once every seat is taken."""
        await self.perform(client, StartMatch(sender_of(client.seat)))

    async def act(self, client: Client, msg: Act) -> None:
        """Play an action: credentials, turn, legality, version, then store and apply."""
        command = Play(sender_of(client.seat), msg.action, msg.seat, msg.version)
        await self.perform(client, command)

    async def deal_next(self, client: Client, msg: NextRound) -> None:
        """Deal the next round (any seated player, between rounds)."""
        await self.perform(client, Deal(sender_of(client.seat), msg.version))


def refuse_protocol(client: Client, table: Table | None, error: ProtocolError) -> None:
    """Report a malformed message (with a resync when the client is at a table)."""
    if table is None:
        client.send(encode(error_message(error.code, error.message)))
    else:
        table.refuse(client, error.code, error.message)
