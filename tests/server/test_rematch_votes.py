"""Rematch votes as commands of the pure table: ``decide`` returns a vote event or a refusal as
a value, ``evolve`` counts the vote without a version, and a rematch table the store cannot
make is a ``storage_failed`` refusal that a later vote retries."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

from server_helpers import Player, create, refusal
from stored import serve
from test_rematch import QUICK, play_out, ready, votes

from rami.actions import action_text
from rami.bots import make_bot
from rami.rules import get_rules
from rami.server.store.storage import MemoryStorage, StorageError, StoredTable
from rami.server.tables.actor import Table
from rami.server.tables.commands import AskRematch, NoteRematch, StartMatch, TakeSeat
from rami.server.tables.config import TableConfig
from rami.server.tables.decide import decide
from rami.server.tables.events import RematchAskEvent, RematchMadeEvent
from rami.server.tables.evolve import evolve
from rami.server.tables.state import Refusal, Settings
from rami.views import view_for

ONE_ROUND = replace(get_rules("rami40"), match_end="rounds", match_limit=1)
CONFIG = TableConfig(ONE_ROUND, (None, None, None), None, "rami40")


def finished() -> Table:
    """A table of three people whose one-round match is over (played by bots)."""
    table = Table("t", CONFIG, "votes", MemoryStorage(), Settings(), 0.0)
    for seat, name in enumerate(("Ana", "Bob", "Cy")):
        evolve(table, *decide(table, TakeSeat("table", name, seat, f"h{seat}")))  # type: ignore[misc]
    evolve(table, *decide(table, StartMatch(0)))  # type: ignore[misc]
    bots = {seat: make_bot("medium", seat) for seat in range(3)}
    while table.match is not None and (seat := table.match.current_seat) is not None:
        action = action_text(bots[seat].choose(view_for(table.match, seat)))
        table.apply_event({"type": "act", "seat": seat, "action": action})
    assert table.match is not None and table.match.finished
    return table


def test_a_vote_is_decided_as_an_event_and_evolves_without_a_version() -> None:
    table = finished()
    version = table.version
    vote = decide(table, AskRematch(1))
    assert vote == [RematchAskEvent(seat=1)]
    assert table.rematch.asked == set(), "deciding changes nothing"
    evolve(table, vote[0])  # type: ignore[index]
    assert table.rematch.asked == {1} and table.version == version
    assert decide(table, AskRematch(1)) == [], "asking twice counts once"
    made = decide(table, NoteRematch("table", "new", {0: "a", 1: "b"}))
    assert made == [RematchMadeEvent(table="new", tokens={0: "a", 1: "b"})]
    evolve(table, made[0])  # type: ignore[index]
    assert (table.rematch.table, table.rematch.tokens) == ("new", {0: "a", 1: "b"})
    assert decide(table, AskRematch(0)) == [], "once it is made, a vote changes nothing"
    assert table.version == version


def test_a_vote_is_refused_as_a_value() -> None:
    table = Table("t", CONFIG, "votes", MemoryStorage(), Settings(), 0.0)
    for command, code in [
        (AskRematch("spectator"), "spectator"),
        (AskRematch(0), "match_not_over"),
    ]:
        result = decide(table, command)
        assert isinstance(result, Refusal) and result.code == code, command
    over = finished()
    spectator = decide(over, AskRematch("spectator"))
    assert isinstance(spectator, Refusal) and spectator.code == "spectator"


def test_votes_are_not_stored() -> None:
    async def scenario() -> list[dict[str, Any]]:
        storage = MemoryStorage()
        table = finished()
        table.storage = storage
        await storage.create_table(StoredTable("t", 0.0, CONFIG.to_json(), {"seed": "votes"}))
        async with table.lock:
            done = await table.execute(AskRematch(2))
        assert done == [RematchAskEvent(seat=2)] and table.rematch.asked == {2}
        return storage.tables["t"].events

    assert asyncio.run(scenario()) == [], "a vote is kept in memory only"


class NoNewTables(MemoryStorage):
    """A store that cannot create a table while ``armed``."""

    armed = False

    async def create_table(self, table: StoredTable) -> None:
        if self.armed:
            raise StorageError("(sqlite3.OperationalError) database is locked")
        await super().create_table(table)


def test_a_rematch_the_store_cannot_make_is_refused_and_the_last_vote_retries() -> None:
    storage = NoNewTables()
    with serve(storage) as app:
        table_id, token = create(app, **QUICK)
        with (
            app.websocket_connect(f"/ws/{table_id}") as a,
            app.websocket_connect(f"/ws/{table_id}") as b,
        ):
            host, guest = Player(a), Player(b)
            host.hello(token)
            guest.hello()
            guest.reply(type="join", name="Bob")
            host.reply(type="start")
            play_out({0: host, 1: guest})
            host.send(type="rematch")
            assert votes(host)["asked"] == [0]
            storage.armed = True
            assert refusal(guest.reply(type="rematch")) == "storage_failed"
            storage.armed = False
            guest.send(type="rematch")
            assert votes(guest) == {"type": "rematch_votes", "asked": [0, 1], "waiting": []}
            assert ready(guest)["seat"] == 1 and ready(host)["seat"] == 0
