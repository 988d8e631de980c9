"""What the host (seat 1, who created the table) may do besides starting the match.

- ``remove``: free a person's seat before the start; the seat's token stops working and its
  connections are told (``removed``) and watch from then on.
- ``stand_in``: give a person's away seat to a bot of a chosen level at once (no grace
  period), from the start on; the player takes the seat back by coming back (a ``hello``
  with the seat's token). A seat still given to a bot when a rematch is made is a bot seat
  of that level at the rematch table.
- ``close``: close the table for good; everyone sees the status ``closed`` and every later
  command is refused with ``table_closed``.

Each becomes a stored event (:mod:`rami.server.tables.seat_events`), so a restart keeps it.
"""

from __future__ import annotations

from rami.bots import LEVELS
from rami.server.messages.outgoing import RemovedMessage, ack_message, encode
from rami.server.messages.protocol import CloseTable, Remove, StandIn
from rami.server.tables.actor import Table
from rami.server.tables.state import Client, Refusal


def _check_host(client: Client) -> None:
    if client.seat != 0:
        raise Refusal("host_only", "only the host (seat 1) can do this")


def _person_seat(table: Table, seat: int) -> None:
    if not 0 <= seat < len(table.seats):
        raise Refusal("no_such_seat", f"this table has {len(table.seats)} seats")
    if seat == 0:
        raise Refusal("host_seat", "the host's own seat stays the host's")
    state = table.seats[seat]
    if state.bot is not None:
        raise Refusal("not_a_person", "a bot sits in that seat")
    if not state.joined:
        raise Refusal("seat_empty", "nobody sits in that seat")


async def _done(table: Table, client: Client) -> None:
    client.send(encode(ack_message(table.version)))
    table.broadcast()


async def remove(table: Table, client: Client, msg: Remove) -> None:
    """Free a person's seat before the start (host only)."""

    async def command(sender: Client) -> None:
        _check_host(sender)
        if table.match is not None:
            raise Refusal("already_started", "a seat is freed only before the start")
        _person_seat(table, msg.seat)
        told = [other for other in table.clients if other.seat == msg.seat]
        await table.commit({"type": "remove", "seat": msg.seat})
        for other in told:
            other.send(encode(RemovedMessage(seat=msg.seat)))
        await _done(table, sender)

    await table.run(client, command)


async def stand_in(table: Table, client: Client, msg: StandIn) -> None:
    """Give an away seat to a bot of ``msg.level`` (host only, after the start)."""

    async def command(sender: Client) -> None:
        _check_host(sender)
        if table.match is None:
            raise Refusal("not_started", "the match has not started")
        _person_seat(table, msg.seat)
        if table.seats[msg.seat].online > 0:
            raise Refusal("seat_online", "that player is here: only an away seat goes to a bot")
        if msg.level not in LEVELS:
            raise Refusal("unknown_bot", f"bot levels: {', '.join(LEVELS)}")
        await table.commit({"type": "stand_in", "seat": msg.seat, "level": msg.level})
        await _done(table, sender)

    await table.run(client, command)


async def close(table: Table, client: Client, _msg: CloseTable) -> None:
    """Close the table for good (host only)."""

    async def command(sender: Client) -> None:
        _check_host(sender)
        await table.commit({"type": "close"})
        await _done(table, sender)

    await table.run(client, command)
