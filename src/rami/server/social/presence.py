"""Presence in the database, so every process of a scaled-out server reads the same one.

An account is online while some process saw it in the last :data:`ONLINE_SECONDS`: a page
asking for its friends (``GET /api/friends``, polled by the lobby and the table pages) touches
``seen``; a table's websocket writes the table on connecting and clears it on leaving.
"""

from __future__ import annotations

from sqlalchemy import select, update
from sqlalchemy.engine import Connection, Engine

from rami.server.store.friends_schema import presence_t

ONLINE_SECONDS = 60.0
"""How long an account stays online after a process last saw it."""


def _upsert(conn: Connection, account_id: int, values: dict[str, object]) -> None:
    found = conn.execute(
        update(presence_t).where(presence_t.c.account_id == account_id).values(**values)
    )
    if not found.rowcount:
        conn.execute(presence_t.insert(), {"account_id": account_id, "table_id": None, **values})


def seen(engine: Engine, account_id: int, now: float) -> None:
    """``account_id`` is on a page now."""
    with engine.begin() as conn:
        _upsert(conn, account_id, {"seen": now})


def at_table(engine: Engine, account_id: int, table_id: str, now: float) -> None:
    """``account_id`` connected to ``table_id``."""
    with engine.begin() as conn:
        _upsert(conn, account_id, {"seen": now, "table_id": table_id})


def left_table(engine: Engine, account_id: int, table_id: str, now: float) -> None:
    """``account_id``'s connection to ``table_id`` closed (another table's is kept)."""
    with engine.begin() as conn:
        mine = presence_t.c.account_id == account_id
        conn.execute(
            update(presence_t)
            .where(mine, presence_t.c.table_id == table_id)
            .values(seen=now, table_id=None)
        )


def presences(conn: Connection, account_ids: set[int], now: float) -> dict[int, str | None]:
    """The online accounts among ``account_ids`` and the table each is at (None: none)."""
    if not account_ids:
        return {}
    query = select(presence_t.c.account_id, presence_t.c.table_id).where(
        presence_t.c.account_id.in_(account_ids), presence_t.c.seen > now - ONLINE_SECONDS
    )
    return {int(row.account_id): row.table_id for row in conn.execute(query)}
