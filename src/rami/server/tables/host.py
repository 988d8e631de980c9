"""What the host (seat 1, who created the table) may do besides starting the match.

- ``remove``: free a person's seat before the start; the seat's token stops working and its
  connections are told (``removed``) and watch from then on.
- ``stand_in``: give a person's away seat to a bot of a chosen level at once (no grace
  period), from the start on; the player takes the seat back by coming back (a ``hello``
  with the seat's token). A seat still given to a bot when a rematch is made is a bot seat
  of that level at the rematch table.
- ``close``: close the table for good; everyone sees the status ``closed`` and every later
  command is refused with ``table_closed``.

Each becomes a stored event (:mod:`rami.server.tables.events`), so a restart keeps it; the
rules each must fit are in :mod:`rami.server.tables.rules`.
"""

from __future__ import annotations

from rami.server.messages.outgoing import RemovedMessage, encode
from rami.server.messages.protocol import CloseTable, Remove, StandIn
from rami.server.tables import commands
from rami.server.tables.actor import Table
from rami.server.tables.commands import sender_of
from rami.server.tables.state import Client, Refusal


async def remove(table: Table, client: Client, msg: Remove) -> None:
    """Free a person's seat before the start (host only); its connections are told."""

    async def step(sender: Client) -> Refusal | None:
        told = [other for other in table.clients if other.seat == msg.seat]
        done = await table.execute(commands.RemoveSeat(sender_of(sender.seat), msg.seat))
        if isinstance(done, Refusal):
            return done
        for other in told:
            other.send(encode(RemovedMessage(seat=msg.seat)))
        table.acknowledge(sender)
        return None

    await table.run(client, step)


async def stand_in(table: Table, client: Client, msg: StandIn) -> None:
    """Give an away seat to a bot of ``msg.level`` (host only, after the start)."""
    command = commands.GiveToBot(sender_of(client.seat), msg.seat, msg.level)
    await table.perform(client, command)


async def close(table: Table, client: Client, _msg: CloseTable) -> None:
    """Close the table for good (host only)."""
    await table.perform(client, commands.CloseTable(sender_of(client.seat)))
