"""Friends: an account follows another; two accounts that follow each other are friends, see
each other online and at which table, and may invite each other to a table.

Everything lives in the database (follows, invitations, presence), so every process of a
scaled-out server reads the same friends, the same invitations and the same presence. A block
either way (:mod:`~rami.server.social.blocks`) refuses a follow and an invitation, and keeps
the two out of each other's friends. Refusals are values (:class:`FriendRefusal`):

| Code | Status | When |
|---|---|---|
| ``follow_self`` | 400 | following oneself |
| ``no_such_account`` | 404 | following or inviting a name no account has |
| ``follow_blocked`` | 403 | a block either way stands between the two |
| ``not_following`` | 404 | unfollowing someone one does not follow |
| ``not_friends`` | 403 | inviting someone who is not a friend |
| ``invite_blocked`` | 403 | inviting across a block |
| ``not_at_table`` | 409 | inviting to a table one is not connected to |
| ``no_such_invitation`` | 404 | accepting or declining an invitation that is not one's own |
| ``invitation_expired`` | 410 | accepting an invitation after :data:`INVITATION_SECONDS` |
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, insert, select
from sqlalchemy.engine import Connection

from rami.accounts import AccountStore
from rami.accounts.names import name_key
from rami.accounts.schema import accounts_t
from rami.server.social import presence
from rami.server.social.blocks import apart, blocked_either_way
from rami.server.store.friends_schema import follows_t, invitations_t, metadata
from rami.server.tables.identity import Identity

INVITATION_SECONDS = 120.0
"""How long an invitation can be accepted."""

Notify = Callable[[int, str, dict[str, Any]], None]
"""A notification hook: ``notify(account_id, kind, payload)``."""


@dataclass(frozen=True, slots=True)
class FriendRefusal:
    """A refused follow or invitation: status, stable code and message; nothing changed."""

    status: int
    code: str
    message: str


def _account(conn: Connection, name: str) -> tuple[int, str] | FriendRefusal:
    row = conn.execute(
        select(accounts_t.c.id, accounts_t.c.name).where(accounts_t.c.name_key == name_key(name))
    ).first()
    if row is None:
        return FriendRefusal(404, "no_such_account", f"no account is called {name[:40]!r}")
    return int(row.id), str(row.name)


def _follows(conn: Connection, follower: int, followed: int) -> bool:
    query = select(follows_t.c.created).where(
        follows_t.c.follower_id == follower, follows_t.c.followed_id == followed
    )
    return conn.execute(query).first() is not None


def _names(conn: Connection, ids: set[int]) -> dict[int, str]:
    if not ids:
        return {}
    query = select(accounts_t.c.id, accounts_t.c.name).where(accounts_t.c.id.in_(ids))
    return {int(row.id): str(row.name) for row in conn.execute(query)}


@dataclass(frozen=True, slots=True)
class Invitation:
    """A stored invitation: its id, the invitee's account and what its push carries."""

    number: int
    to_id: int
    payload: dict[str, Any]


class Friends:
    """Follows, invitations and presence on the accounts' database (synchronous: run on the
    store's threads)."""

    def __init__(
        self, store: AccountStore, clock: Callable[[], float], create: bool = False
    ) -> None:
        self.store, self.engine, self.clock = store, store.engine, clock
        self.notify: Notify | None = None
        """The notification hook invitations are handed to, when one is set."""
        self.departures = 0
        """Closed connections whose presence has been written (:meth:`wait_departures`)."""
        self._written = threading.Condition()
        self._leaving: set[asyncio.Task[None]] = set()
        if create:  # a database not made by the migrations (in-memory accounts)
            metadata.create_all(self.engine, checkfirst=True)

    def follow(self, who: Identity, name: str) -> str | FriendRefusal:
        """``who`` follows ``name`` (again: nothing changes); its spelling, or the refusal."""
        with self.engine.begin() as conn:
            found = _account(conn, name)
            if isinstance(found, FriendRefusal):
                return found
            followed, spelled = found
            if followed == who.account_id:
                return FriendRefusal(400, "follow_self", "you cannot follow yourself")
            if apart(conn, {who.account_id, followed}):
                return FriendRefusal(403, "follow_blocked", "a block stands between you")
            if not _follows(conn, who.account_id, followed):
                row = {"follower_id": who.account_id, "followed_id": followed}
                conn.execute(insert(follows_t), {**row, "created": self.clock()})
        return spelled

    def unfollow(self, who: Identity, name: str) -> FriendRefusal | None:
        """``who`` stops following ``name``; 404 ``not_following`` when it did not."""
        with self.engine.begin() as conn:
            found = _account(conn, name)
            if isinstance(found, FriendRefusal):
                return found
            statement = delete(follows_t).where(
                follows_t.c.follower_id == who.account_id, follows_t.c.followed_id == found[0]
            )
            if not conn.execute(statement).rowcount:
                return FriendRefusal(404, "not_following", "you do not follow this player")
        return None

    def listing(self, who: Identity) -> dict[str, Any]:
        """What ``who``'s pages show, and ``who`` seen online now: its friends (online, at
        which table), whom else it follows, its open invitations, its friends' games."""
        now = self.clock()
        presence.seen(self.engine, who.account_id, now)
        with self.engine.connect() as conn:
            mine = follows_t.c.follower_id == who.account_id
            following = {
                int(i) for i in conn.execute(select(follows_t.c.followed_id).where(mine)).scalars()
            }
            to_me = follows_t.c.followed_id == who.account_id
            followers = {
                int(i) for i in conn.execute(select(follows_t.c.follower_id).where(to_me)).scalars()
            }
            blocked = blocked_either_way(conn, who.account_id)
            friends = (following & followers) - blocked
            names = _names(conn, following | friends)
            online = presence.presences(conn, friends, now)
            invitations = self._open(conn, who.account_id, now, blocked)
        listed = [
            {"name": names[i], "online": i in online, "table": online.get(i)} for i in friends
        ]
        listed.sort(key=lambda entry: (not entry["online"], str(entry["name"]).lower()))
        others = sorted((names[i] for i in following - friends), key=str.lower)
        games: dict[str, list[str]] = {}
        for entry in listed:
            if entry["table"] is not None:
                games.setdefault(str(entry["table"]), []).append(str(entry["name"]))
        return {
            "friends": listed,
            "following": others,
            "invitations": invitations,
            "games": [{"table": table, "friends": names} for table, names in games.items()],
        }

    def invitations(self, who: Identity) -> list[dict[str, Any]]:
        """``who``'s open invitations, as :meth:`listing` has them."""
        with self.engine.connect() as conn:
            blocked = blocked_either_way(conn, who.account_id)
            return self._open(conn, who.account_id, self.clock(), blocked)

    def _open(
        self, conn: Connection, account_id: int, now: float, blocked: set[int]
    ) -> list[dict[str, Any]]:
        """The open invitations to ``account_id``, but those from ``blocked`` accounts (read
        by :meth:`listing` in the same transaction as the friends)."""
        query = (
            select(invitations_t, accounts_t.c.name)
            .join(accounts_t, accounts_t.c.id == invitations_t.c.from_id)
            .where(invitations_t.c.to_id == account_id, invitations_t.c.expires > now)
            .order_by(invitations_t.c.created)
        )
        return [
            {"id": int(r.id), "from": str(r.name), "table": str(r.table_id), "expires": r.expires}
            for r in conn.execute(query)
            if int(r.from_id) not in blocked
        ]

    def invite(self, who: Identity, name: str, table_id: str) -> Invitation | FriendRefusal:
        """``who`` invites the friend ``name`` to ``table_id``, which ``who`` is connected to;
        the stored invitation, for the caller to hand to :meth:`deliver` (on its event loop,
        where the push service runs)."""
        now = self.clock()
        with self.engine.begin() as conn:
            found = _account(conn, name)
            if isinstance(found, FriendRefusal):
                return found
            friend = found[0]
            if apart(conn, {who.account_id, friend}):
                return FriendRefusal(403, "invite_blocked", "a block stands between you")
            mutual = _follows(conn, who.account_id, friend) and _follows(
                conn, friend, who.account_id
            )
            if not mutual:
                return FriendRefusal(403, "not_friends", "you can invite only your friends")
            if presence.presences(conn, {who.account_id}, now).get(who.account_id) != table_id:
                return FriendRefusal(409, "not_at_table", "invite to the table you are at")
            row = {"from_id": who.account_id, "to_id": friend, "table_id": table_id}
            row |= {"created": now, "expires": now + INVITATION_SECONDS}
            made = conn.execute(insert(invitations_t).returning(invitations_t.c.id), row)
            number = int(made.scalar_one())
        return Invitation(number, friend, {"id": number, "from": who.name, "table": table_id})

    def deliver(self, account_id: int, invitation: dict[str, Any]) -> None:
        """The one place an invitation goes out: stored already (the invitee's pages find it
        in ``GET /api/friends``), then handed to the notification hook, if one is set (the
        app's is :meth:`~rami.server.social.push.Push.notify`: "a friend invites you"). Called
        on the event loop."""
        if self.notify is not None:
            self.notify(account_id, "invitation", invitation)

    def accept(self, who: Identity, number: int) -> str | FriendRefusal:
        """``who`` accepts its invitation ``number``: the table to go to (the invitation is
        used up)."""
        mine = (invitations_t.c.id == number) & (invitations_t.c.to_id == who.account_id)
        with self.engine.begin() as conn:
            row = conn.execute(select(invitations_t).where(mine)).first()
            if row is None:
                return FriendRefusal(404, "no_such_invitation", "there is no such invitation")
            if row.expires <= self.clock():
                return FriendRefusal(410, "invitation_expired", "this invitation has expired")
            conn.execute(delete(invitations_t).where(mine))
        return str(row.table_id)

    def decline(self, who: Identity, number: int) -> FriendRefusal | None:
        """``who`` declines its invitation ``number``: it is gone from its list."""
        mine = (invitations_t.c.id == number) & (invitations_t.c.to_id == who.account_id)
        with self.engine.begin() as conn:
            if not conn.execute(delete(invitations_t).where(mine)).rowcount:
                return FriendRefusal(404, "no_such_invitation", "there is no such invitation")
        return None

    def connected(self, who: Identity | None, table_id: str) -> None:
        """``who`` connected to ``table_id`` (guests have no presence)."""
        if who is not None:
            presence.at_table(self.engine, who.account_id, table_id, self.clock())

    def disconnected(self, who: Identity | None, table_id: str) -> None:
        """``who``'s connection to ``table_id`` closed (counted in :attr:`departures` once
        written)."""
        try:
            if who is not None:
                presence.left_table(self.engine, who.account_id, table_id, self.clock())
        finally:
            with self._written:
                self.departures += 1
                self._written.notify_all()

    def leave(self, who: Identity | None, table_id: str) -> asyncio.Task[None]:
        """Write that ``who``'s connection to ``table_id`` closed, on the store's threads, in a
        task of its own: the write lands even when the connection's handler is cancelled (a
        client gone while the server was still serving it). :meth:`close` awaits it."""
        work = self.store.run(self.disconnected, who, table_id)
        task = asyncio.get_running_loop().create_task(work)
        self._leaving.add(task)
        task.add_done_callback(self._leaving.discard)
        return task

    async def close(self) -> None:
        """Await the closed connections' writes not done yet."""
        await asyncio.gather(*self._leaving, return_exceptions=True)

    def wait_departures(self, count: int, timeout: float) -> bool:
        """True once ``count`` closed connections have had their presence written; False when
        ``timeout`` seconds pass first (a bound for tests, never a pause)."""
        with self._written:
            return self._written.wait_for(lambda: self.departures >= count, timeout)
