"""An arena's clock: whoever is free is seated at once while the arena is open.

The arena stores its tables as boards like a Swiss round's; each pairing of the free players
is one *wave* (the tournament's ``round`` counts them) and each table of a wave its own
pairing, with its own deal seed. A player's tables follow one another, so the boards in
(wave, board) order are each player's tables in the order they ended, which is all the streaks
need. Once the duration is over nobody is seated; the tables begun before it finish and count,
and the arena is finished when the last one has its result.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import insert, update
from sqlalchemy.engine import Connection

from rami.server.social.tournament_rounds import board_result, board_rows, entry_rows
from rami.server.store.tournament_schema import boards_t, tournaments_t
from rami.tournaments import ArenaLine, Board, arena_open, arena_pairs, arena_standings, boards


def _moment(epoch: float) -> datetime:
    return datetime.fromtimestamp(epoch, UTC)


def arena_lines(players: Sequence[str], rows: Sequence[dict[str, Any]]) -> list[ArenaLine]:
    """The arena's standings from its board rows (finished ones count)."""
    finished = [board_result(row) for row in rows if row["result"] is not None]
    return arena_standings(players, finished)


def arena_wave(
    conn: Connection, found: dict[str, Any], now: float, present: Collection[str] | None
) -> tuple[int, list[tuple[int, Board]]] | None:
    """Seat the free players of an arena at ``now`` (None: nobody seated); finish an arena
    whose time is over once its last table has ended."""
    tid = str(found["id"])
    rows = board_rows(conn, tid)
    where = tournaments_t.c.id == tid
    start, duration = _moment(float(found["start"])), timedelta(seconds=float(found["duration"]))
    if not arena_open(_moment(now), start, duration):
        if all(row["result"] is not None for row in rows):
            conn.execute(update(tournaments_t).where(where).values(status="finished"))
        return None
    if found["status"] == "open":
        conn.execute(update(tournaments_t).where(where).values(status="running"))
    entries = entry_rows(conn, tid)
    players = [e["player"] for e in entries]
    active = {e["player"] for e in entries if e["withdrawn"] is None}
    busy = {p for row in rows if row["result"] is None for p in json.loads(row["seats"])}
    last: dict[str, frozenset[str]] = {}
    for row in rows:
        seats = json.loads(row["seats"])
        for player in seats:
            last[player] = frozenset(p for p in seats if p != player)
    ranked = [line.player for line in arena_lines(players, rows)]
    free = [p for p in ranked if p in active and p not in busy]
    free = [p for p in free if present is None or p in present]
    tables = arena_pairs(free, last, int(found["per_table"]))
    if not tables:
        return None
    wave = int(found["round"]) + 1
    made = boards(tables, str(found["seed"]), wave, False, False)
    conn.execute(
        insert(boards_t),
        [
            {"tournament_id": tid, "round": wave, "board": index, "pairing": board.pairing}
            | {"seats": json.dumps(list(board.seats)), "seed": board.seed, "twin": False}
            | {"table_id": None, "result": None}
            for index, board in enumerate(made)
        ],
    )
    conn.execute(update(tournaments_t).where(where).values(status="running", round=wave))
    return wave, list(enumerate(made))
