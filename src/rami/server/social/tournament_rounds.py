"""A tournament's stored rows: reading them, and its boards turned into the pure package's
results.

A board row's ``result`` is JSON ``{"penalties": {player: n}, "absent": [player, …]}``. A
pairing's result is its board's places by penalty or, with twin tables, the penalties summed
over both boards (:func:`rami.tournaments.twin_result`); an absent player forfeits. The
functions here take an open connection, so the service's commands stay one transaction each.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.engine import Connection

from rami.server.store.tournament_schema import boards_t, entries_t, tournaments_t
from rami.tournaments import TableResult, bye, places_from_penalties, twin_result


def result_json(penalties: Mapping[str, int], absent: Sequence[str] = ()) -> str:
    """A board's stored result."""
    return json.dumps({"penalties": dict(penalties), "absent": sorted(absent)})


def board_result(row: Mapping[str, Any]) -> TableResult:
    """One finished board's result on its own (an arena table, or a table of one: a bye)."""
    seats = tuple(json.loads(row["seats"]))
    if len(seats) == 1:
        return bye(seats[0])
    found = json.loads(row["result"])
    places = places_from_penalties([int(found["penalties"].get(p, 0)) for p in seats])
    return TableResult(seats, places, frozenset(found["absent"]))


def pairing_results(rows: Sequence[Mapping[str, Any]]) -> list[TableResult] | None:
    """One round's results from its board rows (None: a board is still being played)."""
    if any(row["result"] is None for row in rows):
        return None
    by_pairing: dict[int, list[Mapping[str, Any]]] = {}
    for row in rows:
        by_pairing.setdefault(int(row["pairing"]), []).append(row)
    results: list[TableResult] = []
    for pairing in sorted(by_pairing):
        boards = sorted(by_pairing[pairing], key=lambda r: bool(r["twin"]))
        if len(boards) == 2:
            seats = tuple(json.loads(boards[0]["seats"]))
            found = [json.loads(board["result"]) for board in boards]
            absent = frozenset(p for f in found for p in f["absent"])
            penalties = [f["penalties"] for f in found]
            results.append(twin_result(seats, penalties[0], penalties[1], absent))
        else:
            results.append(board_result(boards[0]))
    return results


def tournament_row(conn: Connection, tid: str) -> dict[str, Any] | None:
    """The tournament's row (None: no such tournament)."""
    row = conn.execute(select(tournaments_t).where(tournaments_t.c.id == tid)).mappings().first()
    return None if row is None else dict(row)


def entry_rows(conn: Connection, tid: str) -> list[dict[str, Any]]:
    """Everyone who joined ``tid``, in entry order (withdrawn ones included)."""
    query = select(entries_t).where(entries_t.c.tournament_id == tid)
    rows = conn.execute(query.order_by(entries_t.c.position)).mappings().all()
    return [dict(row) for row in rows]


def board_rows(conn: Connection, tid: str, number: int | None = None) -> list[dict[str, Any]]:
    """The boards of round ``number`` (None: of every round), in order."""
    c = boards_t.c
    query = select(boards_t).where(c.tournament_id == tid)
    if number is not None:
        query = query.where(c.round == number)
    rows = conn.execute(query.order_by(c.round, c.board)).mappings().all()
    return [dict(r) for r in rows]


def board_key(tid: str, number: int, board: int) -> tuple[Any, ...]:
    """The where-clause of one board."""
    c = boards_t.c
    return (c.tournament_id == tid, c.round == number, c.board == board)


def forfeit(conn: Connection, row: Mapping[str, Any], seats: list[str], absent: set[str]) -> None:
    """Every open board of ``row``'s pairing ends now with ``absent`` forfeiting."""
    c = boards_t.c
    where = (c.tournament_id == row["tournament_id"], c.round == row["round"])
    result = result_json(dict.fromkeys(seats, 0), sorted(absent))
    conn.execute(
        update(boards_t)
        .where(*where, c.pairing == row["pairing"], c.result.is_(None))
        .values(result=result)
    )


def board_view(row: Mapping[str, Any]) -> dict[str, Any]:
    """A board as the tournament's page shows it."""
    result = None if row["result"] is None else json.loads(row["result"])
    return {"board": row["board"], "pairing": row["pairing"], "seats": json.loads(row["seats"])} | {
        "twin": row["twin"],
        "table_id": row["table_id"],
        "result": result,
    }
