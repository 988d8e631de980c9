"""The notices every page shows a logged-in player: facts read from the tournaments and the
Daily Duplicate, each with the key the page remembers it dismissed by and the link it opens.

| Kind | When | Link |
|---|---|---|
| ``tournament_start`` | a tournament one is in starts within :data:`STARTING_SOON` | its page |
| ``tournament_table`` | a board of one's is being played at a table | the table |
| ``duplicate`` | today's editions are dealt and one began none of their deals | ``/duplicate`` |
| ``invitation`` | a friend's open invitation to a table (accepted from the notice) | the table |
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import select
from sqlalchemy.engine import Connection, Engine

from rami.server.store.duplicate_schema import duplicate_deals_t, duplicate_entries_t
from rami.server.store.tournament_schema import boards_t, entries_t, tournaments_t

STARTING_SOON = 300.0
"""Seconds before its start from which a tournament is about to start."""


def _tournament_notices(conn: Connection, player: str, now: float) -> list[dict[str, Any]]:
    t, e, b = tournaments_t.c, entries_t.c, boards_t.c
    mine = (
        select(t.id, t.name, t.start, t.status)
        .join(entries_t, e.tournament_id == t.id)
        .where(e.player == player, e.withdrawn.is_(None), t.status != "finished")
        .order_by(t.start, t.id)
    )
    rows = conn.execute(mine).mappings().all()
    live = (
        select(b.tournament_id, b.round, b.seats, b.table_id)
        .where(b.tournament_id.in_([str(row["id"]) for row in rows]))
        .where(b.result.is_(None), b.table_id.is_not(None))
        .order_by(b.round, b.board)
    )
    tables: dict[str, list[Any]] = {}
    for board in conn.execute(live).mappings().all():  # one query for every tournament
        if player in json.loads(board["seats"]):
            tables.setdefault(str(board["tournament_id"]), []).append(board)
    found: list[dict[str, Any]] = []
    for row in rows:
        tid, name = str(row["id"]), str(row["name"])
        about = {"tournament": tid, "name": name}
        if row["status"] == "open" and row["start"] - now <= STARTING_SOON:
            found.append(
                {"key": f"tournament-start:{tid}", "kind": "tournament_start"}
                | about
                | {"start": row["start"], "url": f"/tournaments?id={tid}"}
            )
            continue
        for board in tables.get(tid, []):
            table = str(board["table_id"])
            found.append(
                {"key": f"tournament-table:{tid}:{table}", "kind": "tournament_table"}
                | about
                | {"round": int(board["round"]), "table_id": table, "url": f"/t/{table}"}
            )
    return found


def _duplicate_notice(conn: Connection, account_id: int, day: str) -> dict[str, Any] | None:
    d, e = duplicate_deals_t.c, duplicate_entries_t.c
    dealt = conn.execute(select(d.day).where(d.day == day).limit(1)).first()
    begun = conn.execute(
        select(e.day).where(e.account_id == account_id, e.day == day).limit(1)
    ).first()
    if dealt is None or begun is not None:
        return None
    return {"key": f"duplicate:{day}", "kind": "duplicate", "day": day, "url": "/duplicate"}


def notices(engine: Engine, account_id: int, player: str, now: float, day: str) -> list[Any]:
    """The notices of ``player`` (account ``account_id``) at ``now``, whose Daily Duplicate day
    is ``day``: the tournaments' by start time, then the Daily Duplicate's."""
    with engine.connect() as conn:
        found = _tournament_notices(conn, player, now)
        duplicate = _duplicate_notice(conn, account_id, day)
    return found + ([duplicate] if duplicate is not None else [])


def invitation_notices(invitations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The notices of open invitations (:meth:`~.friends.Friends.invitations`)."""
    return [
        {"key": f"invitation:{i['id']}", "kind": "invitation", "invitation": i["id"]}
        | {"from": i["from"], "table_id": i["table"], "url": f"/t/{i['table']}"}
        for i in invitations
    ]
