"""The accounts repository: synchronous SQLAlchemy methods, awaited through :meth:`run`.

One store works on SQLite (the embedded default; every call then runs on one worker thread, so
writes never contend) or PostgreSQL (a few worker threads; the rating rows of a match are read
``FOR UPDATE``, so two processes recording matches of the same player at once serialise).
"""

from __future__ import annotations

import asyncio
import secrets as _secrets
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar

from sqlalchemy import create_engine, delete, event, func, insert, select, update
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import IntegrityError
from sqlalchemy.pool import StaticPool

from rami.accounts import preferences as prefs
from rami.accounts import profiles, recording
from rami.accounts.errors import AccountError
from rami.accounts.names import name_key
from rami.accounts.preferences import Preferences
from rami.accounts.ratings import FAMILIES, Rating
from rami.accounts.results import MatchResult, Recorded
from rami.accounts.schema import (
    accounts_t,
    metadata,
    ratings_t,
    secrets_t,
    sessions_t,
)

P = ParamSpec("P")
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Account:
    """An account as the server uses it (never its password hash)."""

    id: int
    name: str
    created: float
    language: str | None
    card_size: str
    closed: float | None = None
    """When a moderator closed the account (None: open)."""

    def settings(self) -> dict[str, str | None]:
        """The API form of the settings."""
        return {"language": self.language, "card_size": self.card_size}


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


class _OneHolderPool(StaticPool):
    """One SQLite connection that one thread at a time holds: threads sharing it would otherwise
    interleave their transactions (one's rollback undoing another's writes)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._holder = threading.Lock()

    def _do_get(self) -> Any:
        self._holder.acquire()
        return super()._do_get()

    def _do_return_conn(self, record: Any) -> None:
        super()._do_return_conn(record)
        self._holder.release()


def make_engine(url: str, create: bool = True) -> Engine:
    """An engine for ``url``, with the tables created when ``create`` (a server whose database
    is upgraded by its migrations passes False).

    ``postgresql://`` uses psycopg 3; ``sqlite://`` is one in-memory database.
    """
    parsed = make_url(url)
    if parsed.drivername == "postgresql":
        parsed = parsed.set(drivername="postgresql+psycopg")
    if parsed.get_backend_name() == "sqlite" and parsed.database in (None, "", ":memory:"):
        # one in-memory database shared by every thread (tests, a server without --data)
        engine = create_engine(
            parsed, poolclass=_OneHolderPool, connect_args={"check_same_thread": False}
        )
    else:
        engine = create_engine(parsed)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    if create:
        metadata.create_all(engine)
    return engine


def _account(row: Any) -> Account:
    return Account(row.id, row.name, row.created, row.language, row.card_size, row.closed)


class AccountStore:
    """Accounts, sessions, ratings and game results in one database."""

    def __init__(
        self,
        database: str | Engine,
        clock: Callable[[], float] = time.time,
        workers: int = 4,
        create: bool = True,
    ) -> None:
        """A store on ``database``; ``create`` False: its tables exist (made by migrations)."""
        if isinstance(database, str):
            self.engine = make_engine(database, create)
        else:
            self.engine = database
            if create:
                metadata.create_all(self.engine)
        self.clock = clock
        threads = 1 if self.engine.dialect.name == "sqlite" else workers
        self._executor = ThreadPoolExecutor(threads, thread_name_prefix="rami-accounts")
        self._secret: bytes | None = None

    async def run(self, method: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Await ``method(*args, **kwargs)`` run on the store's worker threads."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, lambda: method(*args, **kwargs))

    def close(self) -> None:
        """Finish the pending calls and release the connections."""
        self._executor.shutdown(wait=True)
        self.engine.dispose()

    # --- secrets -------------------------------------------------------------------------

    def secret(self) -> bytes:
        """The cookie signing key every process shares (made on first use)."""
        if self._secret is None:
            query = select(secrets_t.c.value).where(secrets_t.c.name == "cookie")
            with self.engine.begin() as conn:
                value = conn.execute(query).scalar()
                if value is None:
                    value = _secrets.token_hex(32)
                    try:
                        with conn.begin_nested():
                            conn.execute(insert(secrets_t), {"name": "cookie", "value": value})
                    except IntegrityError:  # another process made it first
                        value = conn.execute(query).scalar_one()
            self._secret = bytes.fromhex(value)
        return self._secret

    # --- accounts ------------------------------------------------------------------------

    def create_account(self, name: str, password_hash: str) -> Account:
        """A new account; :class:`AccountError` ``name_taken`` when the name exists in any case."""
        created = self.clock()
        row = {
            "name": name,
            "name_key": name_key(name),
            "password_hash": password_hash,
            "created": created,
            "language": None,
            "card_size": "medium",
        }
        try:
            with self.engine.begin() as conn:
                new_id = conn.execute(
                    insert(accounts_t).returning(accounts_t.c.id), row
                ).scalar_one()
        except IntegrityError:
            raise AccountError(409, "name_taken", "that name is taken") from None
        return Account(new_id, name, created, None, "medium")

    def credentials(self, name: str) -> tuple[Account, str] | None:
        """The account called ``name`` (any case) and its password hash, or None."""
        query = select(accounts_t).where(accounts_t.c.name_key == name_key(name))
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        return None if row is None else (_account(row), row.password_hash)

    def account_named(self, name: str) -> Account | None:
        """The account called ``name`` (any case), or None."""
        found = self.credentials(name)
        return None if found is None else found[0]

    def set_password_hash(self, account_id: int, password_hash: str) -> None:
        """Replace an account's password hash (a rehash with new parameters)."""
        statement = update(accounts_t).where(accounts_t.c.id == account_id)
        with self.engine.begin() as conn:
            conn.execute(statement.values(password_hash=password_hash))

    def update_settings(self, account_id: int, settings: dict[str, str | None]) -> Account:
        """Store checked settings; the account as it is now."""
        with self.engine.begin() as conn:
            conn.execute(update(accounts_t).where(accounts_t.c.id == account_id).values(**settings))
            row = conn.execute(select(accounts_t).where(accounts_t.c.id == account_id)).one()
        return _account(row)

    def preferences(self, account_id: int) -> Preferences:
        """How the account sees the cards (:mod:`rami.accounts.preferences`)."""
        with self.engine.connect() as conn:
            return prefs.read(conn, account_id)

    def update_preferences(self, account_id: int, change: dict[str, str]) -> Preferences:
        """Store a checked change of preferences; all of them after it."""
        with self.engine.begin() as conn:
            return prefs.write(conn, account_id, change, self.clock())

    # --- sessions ------------------------------------------------------------------------

    def create_session(self, account_id: int, token_hash: str, lifetime: float) -> float:
        """Open a session lasting ``lifetime`` seconds; its expiry time. Drops expired ones."""
        now = self.clock()
        with self.engine.begin() as conn:
            conn.execute(delete(sessions_t).where(sessions_t.c.expires <= now))
            row = {
                "token_hash": token_hash,
                "account_id": account_id,
                "created": now,
                "expires": now + lifetime,
            }
            conn.execute(insert(sessions_t), row)
        return now + lifetime

    def session_account(self, token_hash: str) -> Account | None:
        """The account of a live session, or None (unknown, revoked or expired)."""
        query = (
            select(accounts_t)
            .join(sessions_t, sessions_t.c.account_id == accounts_t.c.id)
            .where(sessions_t.c.token_hash == token_hash, sessions_t.c.expires > self.clock())
            .where(accounts_t.c.closed.is_(None))
        )
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        return None if row is None else _account(row)

    def end_session(self, token_hash: str) -> None:
        """Revoke one session."""
        with self.engine.begin() as conn:
            conn.execute(delete(sessions_t).where(sessions_t.c.token_hash == token_hash))

    def end_all_sessions(self, account_id: int) -> int:
        """Revoke every session of an account; how many there were."""
        with self.engine.begin() as conn:
            query = delete(sessions_t).where(sessions_t.c.account_id == account_id)
            return conn.execute(query).rowcount

    def session_count(self, account_id: int) -> int:
        """Live sessions of an account."""
        query = select(func.count()).where(
            sessions_t.c.account_id == account_id, sessions_t.c.expires > self.clock()
        )
        with self.engine.connect() as conn:
            return int(conn.execute(query).scalar_one())

    # --- ratings and results -------------------------------------------------------------

    def ratings(self, account_id: int) -> dict[str, tuple[Rating, int]]:
        """Every family's rating and rated game count (the default with 0 games if unplayed)."""
        out = {family: (Rating(), 0) for family in FAMILIES}
        query = select(ratings_t).where(ratings_t.c.account_id == account_id)
        with self.engine.connect() as conn:
            for row in conn.execute(query):
                out[row.family] = (Rating(row.mu, row.sigma), row.games)
        return out

    def leaderboard(self, family: str, limit: int, offset: int = 0) -> list[dict[str, Any]]:
        """The accounts rated in ``family``, best shown rating first."""
        with self.engine.connect() as conn:
            return profiles.leaderboard(conn, family, limit, offset)

    def game_result(self, game_key: str) -> dict[str, Any] | None:
        """A recorded game's seats and rating changes (None: no game under ``game_key``)."""
        with self.engine.connect() as conn:
            return profiles.game_result(conn, game_key)

    def profile(self, name: str, games: int) -> dict[str, Any] | None:
        """A player's public page data, or None when there is no such account."""
        account = self.account_named(name)
        if account is None:
            return None
        with self.engine.connect() as conn:
            return profiles.profile(conn, account.id, account.name, account.created, games)

    def record(self, result: MatchResult) -> Recorded:
        """Store a finished match and, when rated, update its accounts' ratings.

        Checks the result first (:class:`ValueError`, nothing written). Recording a
        ``game_key`` again returns the first recording's game id with ``new`` False.
        """
        result.check()
        for _attempt in range(3):
            try:
                with self.engine.begin() as conn:
                    return recording.record(conn, result, self.clock())
            except IntegrityError:  # a concurrent recording of this game or a first rating row
                continue
        with self.engine.connect() as conn:
            game_id = recording.game_id(conn, result.game_key)
        if game_id is None:
            raise RuntimeError(f"could not record game {result.game_key!r}")
        return Recorded(game_id, False)


async def record_rated_result(store: AccountStore, result: MatchResult) -> Recorded:
    """Record a finished match at its end (the table code's call); see :meth:`AccountStore.record`.

    A rated result updates the rating of every account seat in the preset's family, against the
    fixed ratings of the bot seats; an unrated one stores the game and its statistics only.
    """
    return await store.run(store.record, result)
