"""The websockets a process counts against its limits: per table and per client address at
a table (where the table is served, relayed connections included), and the budgets every
connection spends."""

from __future__ import annotations

from collections import Counter

from starlette.websockets import WebSocket

from rami.accounts.answers import address_of
from rami.accounts.budgets import Budgets, MemoryBudgets
from rami.server.edge.ops import Metrics
from rami.server.messages.limits import Limits


class Connections:
    """Open websockets per table and per client address at a table, and the budgets every
    connection spends (counted in memory, or in Redis when scaled out).

    A table takes :attr:`Limits.connections_per_table` connections, then
    :attr:`Limits.seat_room` more whose ``hello`` claims a seat; one address takes at most
    :attr:`Limits.connections_per_address` of a table's connections. The counts are kept by
    the process serving the table: its own connections and those other processes relay to it
    (:class:`~rami.server.social.placement.Caps`).
    """

    def __init__(
        self,
        limits: Limits,
        metrics: Metrics | None = None,
        budgets: Budgets | None = None,
        proxy_header: str | None = None,
    ) -> None:
        self.limits = limits
        self.metrics = metrics
        self.proxy_header = proxy_header
        self.open: Counter[str] = Counter()
        self.by_address: Counter[tuple[str, str]] = Counter()
        budgets = budgets or MemoryBudgets()
        self.opened = budgets.budget("ws-opened", limits.connections_per_minute, 60.0)
        self.messages = budgets.budget("ws-messages", limits.address_messages_per_minute, 60.0)
        self.chat = budgets.budget("chat", *limits.chat_per_sender.pair())

    def address(self, websocket: WebSocket) -> str:
        """The client address of ``websocket`` (the trusted proxy's header, if set)."""
        peer = websocket.client.host if websocket.client is not None else None
        return address_of(peer, websocket.headers, self.proxy_header)

    def refusal(self, table_id: str, address: str) -> str | None:
        """Why a new connection from ``address`` to ``table_id`` is refused (None: it is not)."""
        limits = self.limits
        if self.open[table_id] >= limits.connections_per_table + limits.seat_room:
            return "this table has all the connections"
        if self.by_address[table_id, address] >= limits.connections_per_address:
            return "this address has all the connections it may open to this table"
        return None

    def opening(self, table_id: str, address: str) -> bool:
        """Count a connection; True when it took a place kept for seated players."""
        seats_only = self.open[table_id] >= self.limits.connections_per_table
        self.open[table_id] += 1
        self.by_address[table_id, address] += 1
        return seats_only

    def closed(self, table_id: str, address: str) -> None:
        """Uncount a connection."""
        self.open[table_id] -= 1
        if self.open[table_id] <= 0:
            del self.open[table_id]
        self.by_address[table_id, address] -= 1
        if self.by_address[table_id, address] <= 0:
            del self.by_address[table_id, address]
