"""Where tables are served: the seam between the one :class:`~.lobby.Lobby` and the processes.

The lobby keeps the tables served here; a :class:`Placement` decides which tables those are.
:class:`LocalPlacement` serves every table in this process (``rami serve`` with SQLite or one
database of its own); the cluster's placement (:mod:`rami.server.cluster.placement`) shares
them among processes and relays connections to the process that owns a table.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from starlette.websockets import WebSocket

from rami.server.tables.actor import Table
from rami.server.tables.identity import Identity

if TYPE_CHECKING:
    from rami.server.social.safety import Safety


@dataclass(frozen=True, slots=True)
class Remote:
    """A table owned by another process (scaled-out mode)."""

    table_id: str
    owner: str


@dataclass(frozen=True, slots=True)
class Arrived:
    """A relayed connection whose table moved to this process: it is served here from now on,
    bound as it was at the former owner (``greeted``: it had sent ``hello``)."""

    table: Table
    seat: int | None
    lang: str
    greeted: bool
    held: str | None
    """A message the client sent while the table moved, not handled yet."""


Relay = Callable[[WebSocket, str, str, Identity | None, str], Awaitable[Arrived | None]]
"""Carries an accepted websocket (table, owner, its account, its client's address) to the
process owning its table (scaled-out mode) until it ends, or until the table moves here (then
:class:`Arrived`)."""


class Caps(Protocol):
    """The connections a process counts per table it serves and per client address there
    (:class:`~rami.server.edge.connections.Connections`)."""

    def refusal(self, table_id: str, address: str) -> str | None:
        """Why a new connection from ``address`` to ``table_id`` is refused (None: it is not)."""
        ...

    def opening(self, table_id: str, address: str) -> bool:
        """Count a connection; True when it took a place kept for seated players."""
        ...

    def closed(self, table_id: str, address: str) -> None:
        """Uncount a connection."""
        ...


class Served(Protocol):
    """What a placement asks of the lobby it places tables for."""

    @property
    def tables(self) -> dict[str, Table]:
        """The tables served here, by id."""
        ...

    @property
    def broken(self) -> dict[str, str]:
        """Quarantined tables, with the reason."""
        ...

    @property
    def safety(self) -> Safety | None:
        """Blocks, mutes, bans and reports at the tables' websockets."""
        ...

    async def find(self, table_id: str) -> Table | None:
        """The table served here, loaded when it was not (None: no table, or not here)."""
        ...

    async def retire(self, table: Table) -> None:
        """Stop serving a table that moves to another process (under its lock)."""
        ...

    async def drop(self, table_id: str) -> Table | None:
        """Stop serving a table this process lost; returns it."""
        ...

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` in the background until the lobby closes."""
        ...

    def restore(self) -> int:
        """Serve the stored matches in play; how many."""
        ...

    async def record_unrecorded(self) -> None:
        """Record the results of finished matches restored at start-up."""
        ...


class Placement(Protocol):
    """Which tables this process serves, and how connections reach the others."""

    async def start(self, lobby: Served) -> None:
        """Begin serving ``lobby``'s tables (restore them, or join the cluster)."""
        ...

    async def adopt(self, table_id: str) -> str | None:
        """Take a table on before it is served here: None when it is this process's now,
        else the process that owns it."""
        ...

    async def let_go(self, table_id: str) -> None:
        """A table is no longer served here (archived, or it failed to load)."""
        ...

    def relay(self) -> Relay | None:
        """How connections reach tables owned elsewhere (None: every table is here)."""
        ...

    def relayed_connections(self) -> int:
        """Connections this process carries to tables owned elsewhere."""
        ...

    def count_with(self, caps: Caps) -> None:
        """Count the connections relayed to tables served here in ``caps``, beside this
        process's own (before :meth:`start`)."""
        ...

    async def stop(self) -> None:
        """Stop taking and relaying (first step of shutting down)."""
        ...

    async def close(self, owned: list[str]) -> None:
        """Give up the tables that were served here and close the links (last step)."""
        ...


class LocalPlacement:
    """Every table in this process: restored at start, nothing relayed."""

    async def start(self, lobby: Served) -> None:
        """Restore the matches in play (the other tables load on demand) and record the
        results of finished matches not yet recorded."""
        lobby.restore()
        await lobby.record_unrecorded()

    async def adopt(self, table_id: str) -> str | None:
        """Every table is this process's."""
        return None

    async def let_go(self, table_id: str) -> None:
        """Nothing to give up."""

    def relay(self) -> Relay | None:
        """No relaying: every table is here."""
        return None

    def relayed_connections(self) -> int:
        """None."""
        return 0

    def count_with(self, caps: Caps) -> None:
        """Nothing is relayed here."""

    async def stop(self) -> None:
        """Nothing runs."""

    async def close(self, owned: list[str]) -> None:
        """Nothing to give up."""
