"""What the tournament pages show: the list of tournaments, and one with its standings,
rounds (an arena's waves) and live tables, and the commitments of its rounds' deals."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.engine import Connection

from rami.rules import PRESETS
from rami.server.social.tournament_arena import arena_lines
from rami.server.social.tournament_rounds import (
    board_rows,
    board_view,
    entry_rows,
    pairing_results,
    tournament_row,
)
from rami.server.store.tournament_schema import entries_t, tournaments_t
from rami.tournaments import TOURNAMENT_DOCUMENT, TableResult, round_commitment, standings

LISTED = 100
"""Tournaments ``GET /api/tournaments`` lists (the newest first)."""

SHOWN = ["id", "name", "host", "preset", "format", "per_table", "rounds", "start", "duration"]
SHOWN += ["rated", "duplicate", "twins", "deals", "status", "round"]


def _standings(found: dict[str, Any], players: list[str], rows: list[dict[str, Any]]) -> Any:
    if found["format"] == "arena":
        return [
            {"rank": s.rank, "player": s.player, "points": s.points, "played": s.played}
            | {"wins": s.wins, "streak": s.streak}
            for s in arena_lines(players, rows)
        ]
    history: list[list[TableResult]] = []
    for number in range(1, int(found["round"]) + 1):
        results = pairing_results([row for row in rows if row["round"] == number])
        if results is not None:
            history.append(results)
    return [
        {"rank": s.rank, "player": s.player, "score": float(s.score)}
        | {"buchholz": float(s.buchholz), "opponents_results": float(s.opponents_results)}
        | {"played": s.played, "byes": s.byes}
        for s in standings(players, history)
    ]


def tournament_view(conn: Connection, tid: str) -> dict[str, Any] | None:
    """A tournament as ``GET /api/tournaments/{id}`` shows it (None: no such tournament)."""
    found = tournament_row(conn, tid)
    if found is None:
        return None
    entries = entry_rows(conn, tid)
    rows = board_rows(conn, tid)
    players = [e["player"] for e in entries]
    out: dict[str, Any] = {"document": TOURNAMENT_DOCUMENT} | {key: found[key] for key in SHOWN}
    out["players"] = [
        {"name": e["player"], "withdrawn": e["withdrawn"] is not None} for e in entries
    ]
    out["standings"] = _standings(found, players, rows)
    rounds: list[list[dict[str, Any]]] = [[] for _ in range(int(found["round"]))]
    for row in rows:
        rounds[int(row["round"]) - 1].append(board_view(row))
    out["rounds"], out["rounds_total"] = rounds, found["rounds"]
    out["live"] = [
        {"round": row["round"], "table_id": row["table_id"]} | board_view(row)
        for row in rows
        if row["result"] is None and row["table_id"] is not None
    ]
    rules = PRESETS[str(found["preset"])].hash
    count = int(found["rounds"]) if found["format"] == "swiss" else 0
    out["commitments"] = [
        round_commitment(str(found["seed"]), rules, tid, n) for n in range(1, count + 1)
    ]
    if found["status"] == "finished" and found["format"] == "swiss":
        out["seed"] = found["seed"]  # revealed once over: every round's deals can be checked
    return out


def tournament_list(conn: Connection) -> list[dict[str, Any]]:
    """The newest tournaments, each with its number of players."""
    counts = (
        select(entries_t.c.tournament_id, func.count().label("players"))
        .where(entries_t.c.withdrawn.is_(None))
        .group_by(entries_t.c.tournament_id)
        .subquery()
    )
    t = tournaments_t.c
    query = (
        select(tournaments_t, func.coalesce(counts.c.players, 0).label("players"))
        .outerjoin(counts, counts.c.tournament_id == t.id)
        .order_by(t.created.desc(), t.id)
        .limit(LISTED)
    )
    keys = ["id", "name", "host", "preset", "format", "start", "status", "round", "rounds"]
    return [
        {key: row[key] for key in keys} | {"players": int(row["players"])}
        for row in conn.execute(query).mappings()
    ]
