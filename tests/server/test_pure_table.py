"""The pure table: stored events as typed values, ``decide`` returning events or a refusal,
``evolve`` the one place they change a table, and rows in the older format still restoring."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from rami.actions import action_text
from rami.bots import make_bot
from rami.rules import get_rules
from rami.server.social.lobby import rebuild
from rami.server.store.storage import MemoryStorage, StoredTable
from rami.server.tables.actor import Table
from rami.server.tables.commands import Deal, GiveToBot, Play, RemoveSeat, StartMatch, TakeSeat
from rami.server.tables.config import TableConfig
from rami.server.tables.decide import decide
from rami.server.tables.events import (
    ActEvent,
    BadEventError,
    JoinEvent,
    StartEvent,
    parse_event,
    stored_form,
)
from rami.server.tables.evolve import evolve
from rami.server.tables.identity import Identity
from rami.server.tables.state import Refusal, Settings
from rami.views import view_for

CONFIG = TableConfig(get_rules("rami40"), (None, None, None), None, "rami40")


def fresh() -> Table:
    return Table("t", CONFIG, "pure", MemoryStorage(), Settings(), 0.0)


def legacy_rows() -> list[dict[str, Any]]:
    """Rows as the store holds them from before events had a version: no ``v`` anywhere."""
    rows: list[dict[str, Any]] = [
        {"type": "join", "seat": 0, "name": "Ana", "token_hash": "h0"},
        {"type": "join", "seat": 1, "name": "Bob", "token_hash": "h1"},
        {"type": "remove", "seat": 1},
        {"type": "join", "seat": 1, "name": "Cy", "token_hash": "h1b"},
        {
            "type": "join",
            "seat": 2,
            "name": "Dee",
            "token_hash": "h2",
            "account": {"id": 7, "name": "Dee"},
        },
        {"type": "start"},
        {"type": "stand_in", "seat": 2, "level": "easy"},
    ]
    table = fresh()
    for row in rows:
        table.apply_event(row)
    bots = {seat: make_bot("medium", seat) for seat in range(3)}
    while table.match is not None and (seat := table.match.current_seat) is not None:
        action = action_text(bots[seat].choose(view_for(table.match, seat)))
        row = {"type": "act", "seat": seat, "action": action}
        table.apply_event(row)
        rows.append(row)
    rows += [{"type": "next_round"}, {"type": "close"}]
    return rows


def test_rows_in_the_older_format_restore_to_the_same_table_as_their_stored_form() -> None:
    rows = legacy_rows()
    stored = StoredTable("t", 0.0, CONFIG.to_json(), {"seed": "pure"}, rows)
    old = rebuild(stored, MemoryStorage(), Settings())
    rewritten = [stored_form(parse_event(row)) for row in rows]
    assert all(list(row)[:2] == ["type", "v"] and row["v"] == 1 for row in rewritten)
    assert [{k: v for k, v in row.items() if k != "v"} for row in rewritten] == rows
    new = rebuild(
        StoredTable("t", 0.0, CONFIG.to_json(), {"seed": "pure"}, rewritten),
        MemoryStorage(),
        Settings(),
    )
    assert (old.version, old.closed, old.match) == (new.version, new.closed, new.match)
    assert old.version == len(rows) and old.closed and old.match is not None
    assert [s.name for s in old.seats] == ["Ana", "Cy", "Dee"]
    assert old.seats[2].account == Identity(7, "Dee") and old.seats[2].stand_in == "easy"
    assert old.match.round_index == 2, "the second round was dealt"


@pytest.mark.parametrize(
    ("row", "why"),
    [
        ({"type": "join", "seat": True, "name": "A", "token_hash": "h"}, "seat"),
        ({"type": "join", "seat": 0, "name": "A"}, "token_hash"),
        ({"type": "start", "v": 2}, "v"),
        ({"type": "shuffle"}, "type"),
        ({"seat": 0}, "type"),
        (
            {
                "type": "join",
                "seat": 0,
                "name": "A",
                "token_hash": "h",
                "account": {"id": 1, "name": ""},
            },
            "name",
        ),
    ],
)
def test_a_row_of_no_known_shape_is_a_bad_event(row: dict[str, Any], why: str) -> None:
    with pytest.raises(BadEventError, match=why):
        parse_event(row)


def test_decide_returns_events_and_changes_nothing_until_they_evolve() -> None:
    table = fresh()
    events = decide(table, TakeSeat("table", "Ana", None, "h0"))
    assert events == [JoinEvent(seat=0, name="Ana", token_hash="h0")]
    assert table.version == 0 and not table.seats[0].taken, "deciding changes nothing"
    assert evolve(table, events[0]) is table
    assert table.version == 1 and table.seats[0].name == "Ana"


def test_decide_returns_a_refusal_as_a_value() -> None:
    table = fresh()
    refused = decide(table, StartMatch(0))
    assert isinstance(refused, Refusal) and refused.code == "seats_empty"
    for command, code in [
        (StartMatch("spectator"), "spectator"),
        (StartMatch(1), "not_host"),
        (TakeSeat("table", "Ana", 3, "h"), "no_such_seat"),
        (TakeSeat(0, "Ana", 1, "h"), "already_seated"),
        (Play("spectator", "draw stock"), "spectator"),
        (Play(0, "draw stock"), "not_started"),
        (Play(0, "draw stock", seat=1), "not_your_seat"),
        (Deal(1, 0), "not_started"),
        (RemoveSeat(1, 1), "host_only"),
        (RemoveSeat(0, 1), "seat_empty"),
        (GiveToBot(0, 1, "easy"), "not_started"),
    ]:
        result = decide(table, command)
        assert isinstance(result, Refusal) and result.code == code, command
    assert table.version == 0


def test_a_played_action_is_stored_in_its_canonical_text_and_applied_once() -> None:
    table = fresh()
    for seat, name in enumerate(("Ana", "Bob", "Cy")):
        table.apply_event({"type": "join", "seat": seat, "name": name, "token_hash": f"h{seat}"})
    [start] = decide(table, StartMatch(0))  # type: ignore[misc]
    assert isinstance(start, StartEvent) and start.match_after is not None
    evolve(table, start)
    assert table.match is start.match_after, "the match decide computed is the one kept"
    assert table.match is not None
    seat = table.match.current_seat
    assert seat is not None
    stale = decide(table, Play(seat, "draw stock", version=0))
    assert isinstance(stale, Refusal) and stale.code == "stale_version"
    [act] = decide(table, Play(seat, "  draw   stock ", version=table.version))  # type: ignore[misc]
    assert isinstance(act, ActEvent)
    assert stored_form(act) == {"type": "act", "v": 1, "seat": seat, "action": "draw stock"}


def test_the_actor_stores_before_it_evolves_and_a_refusal_stores_nothing() -> None:
    async def scenario() -> tuple[Table, MemoryStorage, object]:
        storage = MemoryStorage()
        await storage.create_table(StoredTable("t", 0.0, CONFIG.to_json(), {"seed": "pure"}))
        table = Table("t", CONFIG, "pure", storage, Settings(), 0.0)
        async with table.lock:
            await table.take_seat("Ana", 0, Identity(3, "Ana Account"))
            refused = await table.execute(StartMatch(0))
        return table, storage, refused

    table, storage, refused = asyncio.run(scenario())
    assert isinstance(refused, Refusal) and refused.code == "seats_empty"
    [row] = storage.tables["t"].events
    assert row["account"] == {"id": 3, "name": "Ana Account"} and row["name"] == "Ana Account"
    assert table.version == 1
