"""Rematch: once the match is over each person asks once (bots agree at once); when every
person has asked, the lobby makes and starts a new table with the same seats, names, accounts,
bots and rules (rated or not, public or not) and a new seed. Each seated connection is told
where it is (``rematch_ready``) with its own new seat token, which no other connection sees;
spectators get the table id only.

A seat the host gave to a bot (:mod:`rami.server.tables.host`) does not vote and is a bot of that
level at the new table. The votes and the new tokens are events kept in memory only
(:data:`~rami.server.tables.events.MemoryEvent`): a seat's connection that says ``hello``
again at the old table gets its ``rematch_ready`` again.
"""

from __future__ import annotations

from rami.server.messages.outgoing import RematchReadyMessage, RematchVotesMessage, encode
from rami.server.tables.actor import Table
from rami.server.tables.commands import AskRematch, NoteRematch, sender_of
from rami.server.tables.state import Client, Refusal


def voters(table: Table) -> list[int]:
    """The seats whose rematch vote is needed: people not played by a bot the host chose."""
    return [i for i, seat in enumerate(table.seats) if seat.bot is None and seat.stand_in is None]


def votes_message(table: Table) -> str:
    """The ``rematch_votes`` message of the table now."""
    asked = sorted(table.rematch.asked)
    waiting = [seat for seat in voters(table) if seat not in table.rematch.asked]
    return encode(RematchVotesMessage(asked=asked, waiting=waiting))


def ready_message(table: Table, client: Client) -> str | None:
    """The ``rematch_ready`` message for ``client`` once the rematch is made (else None)."""
    made = table.rematch
    if made.table is None:
        return None
    token = made.tokens.get(client.seat) if client.seat is not None else None
    seat = client.seat if token is not None else None
    return encode(RematchReadyMessage(table=made.table, seat=seat, token=token))


def greet(table: Table, client: Client) -> None:
    """After ``hello``: the votes so far, and where the rematch is once it is made."""
    if table.rematch.asked:
        client.send(votes_message(table))
    ready = ready_message(table, client)
    if ready is not None:
        client.send(ready)


async def ask(table: Table, client: Client) -> None:
    """A seated player asks for a rematch (once the match is over): the vote is a table
    command (:class:`~rami.server.tables.commands.AskRematch`); the last one makes the table."""

    async def command(sender: Client) -> Refusal | None:
        done = await table.execute(AskRematch(sender_of(sender.seat)))
        if isinstance(done, Refusal):
            return done
        if table.rematch.table is None and all(s in table.rematch.asked for s in voters(table)):
            return await _make(table)
        for other in list(table.clients):
            other.send(votes_message(table))
        ready = ready_message(table, sender)
        if ready is not None:
            sender.send(ready)
        return None

    await table.run(client, command)


async def _make(table: Table) -> Refusal | None:
    if table.spawn_rematch is None:
        return Refusal("storage_failed", "the rematch table could not be made")
    made = await table.spawn_rematch(table)
    if isinstance(made, Refusal):
        return made
    noted = await table.execute(NoteRematch("table", *made))
    if isinstance(noted, Refusal):
        return noted
    for other in list(table.clients):
        other.send(votes_message(table))
        ready = ready_message(table, other)
        if ready is not None:
            other.send(ready)
    return None
