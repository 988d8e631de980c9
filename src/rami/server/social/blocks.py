"""Blocks: a player blocks another; the blocked player's chat lines do not reach the blocker
and quick match never seats the two together (a block either way keeps them apart).

The list lives in the database, so every process of a scaled-out server reads the same one:
chat delivery reads who blocks a line's sender (:meth:`Blocks.blockers_of`), and quick-match
pairing reads the blocks among the waiting accounts in its pairing transaction
(:func:`apart`). Guests have no account and can neither block nor be blocked.
"""

from __future__ import annotations

from sqlalchemy import delete, func, insert, or_, select
from sqlalchemy.engine import Connection

from rami.accounts import AccountStore
from rami.accounts.schema import accounts_t
from rami.server.social.moderation import SafetyRefusal, account_id_of
from rami.server.store.safety_schema import blocks_t, metadata
from rami.server.tables.identity import Identity

BLOCKS_MAX = 500
"""Accounts one account may block."""


class Blocks:
    """The block list in the accounts' database (synchronous: run on the store's threads)."""

    def __init__(self, store: AccountStore, create: bool = False) -> None:
        self.store, self.engine = store, store.engine
        if create:  # a database not made by the migrations (in-memory accounts)
            metadata.create_all(self.engine, checkfirst=True)

    def block(self, who: Identity, name: str) -> str:
        """``who`` blocks the account ``name`` (again: nothing changes); its spelling.
        Refusals: 404 ``no_such_account``, 400 ``block_self``, 409 ``too_many_blocks``."""
        with self.engine.begin() as conn:
            blocked, spelled = account_id_of(conn, name)
            if blocked == who.account_id:
                raise SafetyRefusal(400, "block_self", "you cannot block yourself")
            mine = blocks_t.c.blocker_id == who.account_id
            if conn.execute(select(blocks_t).where(mine, blocks_t.c.blocked_id == blocked)).first():
                return spelled
            if conn.execute(select(func.count()).where(mine)).scalar_one() >= BLOCKS_MAX:
                raise SafetyRefusal(409, "too_many_blocks", f"you block {BLOCKS_MAX} players")
            now = self.store.clock()
            row = {"blocker_id": who.account_id, "blocked_id": blocked, "created": now}
            conn.execute(insert(blocks_t), row)
        return spelled

    def unblock(self, who: Identity, name: str) -> bool:
        """Lift ``who``'s block of ``name``; False when there was none (404 for no account)."""
        with self.engine.begin() as conn:
            blocked, _ = account_id_of(conn, name)
            statement = delete(blocks_t).where(
                blocks_t.c.blocker_id == who.account_id, blocks_t.c.blocked_id == blocked
            )
            return bool(conn.execute(statement).rowcount)

    def blocked(self, who: Identity) -> list[str]:
        """The names ``who`` blocks, in alphabetical order."""
        query = (
            select(accounts_t.c.name)
            .join(blocks_t, blocks_t.c.blocked_id == accounts_t.c.id)
            .where(blocks_t.c.blocker_id == who.account_id)
            .order_by(accounts_t.c.name_key)
        )
        with self.engine.connect() as conn:
            return [str(name) for name in conn.execute(query).scalars()]

    def blockers_of(self, account_id: int) -> frozenset[int]:
        """The accounts that block ``account_id`` (its chat does not reach them)."""
        query = select(blocks_t.c.blocker_id).where(blocks_t.c.blocked_id == account_id)
        with self.engine.connect() as conn:
            return frozenset(int(found) for found in conn.execute(query).scalars())

    def blocked_ids(self, account_id: int) -> frozenset[int]:
        """The accounts ``account_id`` blocks (their lines are left out of its chat log)."""
        query = select(blocks_t.c.blocked_id).where(blocks_t.c.blocker_id == account_id)
        with self.engine.connect() as conn:
            return frozenset(int(found) for found in conn.execute(query).scalars())


def blocked_either_way(conn: Connection, account_id: int) -> set[int]:
    """The accounts ``account_id`` blocks or is blocked by, read in ``conn``."""
    c = blocks_t.c
    either = or_(c.blocker_id == account_id, c.blocked_id == account_id)
    return {
        int(b) if int(a) == account_id else int(a)
        for a, b in conn.execute(select(c.blocker_id, c.blocked_id).where(either))
    }


def apart(conn: Connection, account_ids: set[int]) -> set[frozenset[int]]:
    """The pairs of ``account_ids`` a block (either way) keeps apart, read in ``conn``."""
    if len(account_ids) < 2:
        return set()
    query = select(blocks_t.c.blocker_id, blocks_t.c.blocked_id).where(
        blocks_t.c.blocker_id.in_(account_ids), blocks_t.c.blocked_id.in_(account_ids)
    )
    return {frozenset((int(a), int(b))) for a, b in conn.execute(query)}


def compatible(group: list[int], candidate: int, pairs: set[frozenset[int]]) -> bool:
    """True when ``candidate`` may sit with every account of ``group``."""
    return all(frozenset((candidate, member)) not in pairs for member in group)
