"""The table actor: one per table, owning its match and handling commands one at a time.

Every command runs under the table's lock, in arrival order. A command that changes the
table becomes an event: it is checked, written to storage, and only then applied, counted as
a new version, acknowledged and broadcast (a snapshot per connection, built from the view of
its seat). A refused command changes nothing: the client gets an error and a full resync.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from rami.actions import action_text, parse_action
from rami.errors import Facts, RamiError
from rami.i18n import negotiate_language
from rami.match import MatchState, match_apply
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
from rami.server.tables import events
from rami.server.tables.auth import new_token, token_hash
from rami.server.tables.config import TableConfig
from rami.server.tables.identity import Identity
from rami.server.tables.snapshot import snapshot
from rami.server.tables.state import Client, Refusal, Settings, TableState
from rami.state import Phase

log = logging.getLogger("rami.server")


class Table(TableState):
    """A table actor: runs each command under the lock, stores its event, then applies and
    broadcasts it."""

    def __init__(
        self,
        table_id: str,
        config: TableConfig,
        seed: str,
        storage: Storage,
        settings: Settings,
        created: float,
    ) -> None:
        super().__init__(table_id, config, seed, storage, settings, created)
        self.spawn_rematch: Callable[[Table], Awaitable[tuple[str, dict[int, str]]]] | None = None
        """Creates the rematch table (set by the lobby): its id and the people's new tokens."""
        self.on_finish: Callable[[Table], Awaitable[bool]] | None = None
        """Records the finished match; False: not recorded now (a later load tries again)."""

    # --- events: applied live after storage, and again when a table is restored ----------

    def apply_event(self, event: dict[str, Any]) -> None:
        """Check and apply a stored event (restoring); raises :class:`~.events.BadEventError`."""
        self._settle(event, self.outcome(event))

    def outcome(self, event: dict[str, Any]) -> MatchState | None:
        """The match once ``event`` is applied; nothing changes (:func:`.events.outcome`)."""
        return events.outcome(self, event)

    def _settle(self, event: dict[str, Any], after: MatchState | None) -> None:
        events.settle(self, event, after)

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
            raise Refusal(error.code, error.message, error.facts) from None
        except Exception:  # a command the engine cannot apply must not reach the store
            log.exception("table %s: %s cannot be applied", self.table_id, event.get("type"))
            raise Refusal("cannot_apply", "the server cannot apply this: nothing changed") from None

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
                self.refuse(client, refusal.code, refusal.message, refusal.facts)

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
                raise Refusal(
                    "no_such_seat", f"this table has {len(self.seats)} seats", {"seat": wanted}
                )
            if wanted not in free:
                raise Refusal("seat_taken", "that seat is taken", {"seat": wanted})
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
            current = match.current_seat
            name = match.names[current]
            raise Refusal(
                "not_your_turn", f"it is {name}'s turn", {"seat": current, "player": name}
            )
        try:
            return match_apply(match, parse_action(text))
        except RamiError as error:
            raise Refusal(error.code, error.message, error.facts) from None

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
