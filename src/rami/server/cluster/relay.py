"""Connections that reach a process other than their table's owner, relayed over the bus.

The relay forwards the connection's raw messages to the owner; the owner runs them through an
ordinary :class:`~rami.server.edge.ws.Session` whose outbox is published back to the relay. So the
owner alone reads the table, and every snapshot is still built there from ``view_for``. When
the owner stops answering (its process died or lost the table), the relay closes the
connection with 1012 and the client reconnects to whichever process then owns the table.

**Handover.** When every connection of a table reaches its owner through one other process,
the table moves there, without closing a connection:

1. the owner asks that process to ``pause`` the table's connections;
2. the relay stops forwarding (a message the client sends meanwhile is held) and answers
   ``paused`` on the table's channel, after every message it forwarded before;
3. the owner handles what it received, publishes what it answered, stops serving the table
   and passes its lease to the relay's process, then sends ``handover`` with each
   connection's seat and language and the table's chat;
4. the relay's process loads the table under a new epoch and serves the connections itself.

When anything changed meanwhile (a connection came to another process), the owner sends
``resume`` instead and nothing moves.

:mod:`rami.server.cluster.serving` is the owner's side (steps 1 and 3),
:mod:`rami.server.cluster.relaying` the relaying process's side (steps 2 and 4); :class:`Relays`
wires both into the process's :class:`~rami.server.cluster.lobby.ClusterLobby`.
"""

from __future__ import annotations

from rami.server.cluster.lobby import ClusterLobby
from rami.server.cluster.relaying import Relaying
from rami.server.cluster.serving import Serving
from rami.server.messages.limits import Limits


class Relays:
    """Both sides of relaying for one process, wired into its lobby: the connections it relays
    and the sessions it serves."""

    def __init__(self, lobby: ClusterLobby, limits: Limits) -> None:
        self.serving = Serving(lobby, limits)
        self.relaying = Relaying(lobby)
        lobby.on_process = self.relaying.to_connection
        lobby.on_owned = self.serving.from_relay
        lobby.on_lost = self.serving.table_lost
        lobby.on_closing = self.serving.close
        lobby.on_relay = self.relaying.relay
        lobby.count_relayed = lambda: len(self.relaying.relayed)
