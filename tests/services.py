"""The real services some tests use: a PostgreSQL database and a Redis database of their own.

PostgreSQL runs on 127.0.0.1:5432 with trust authentication and Redis on 127.0.0.1:6379
(``.ci/services`` starts them on a bare machine). Each test database is created fresh and
dropped afterwards; each Redis user takes a database number of its own and flushes it.
"""

from __future__ import annotations

import os
import secrets
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

POSTGRES_ADMIN = os.environ.get(
    "RAMI_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/postgres"
)
REDIS_SERVER = os.environ.get("RAMI_TEST_REDIS", "redis://127.0.0.1:6379")


@contextmanager
def postgres_database() -> Iterator[str]:
    """The URL of a new, empty PostgreSQL database, dropped when the block ends."""
    import psycopg

    name = f"rami_test_{secrets.token_hex(6)}"
    admin = POSTGRES_ADMIN.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    try:
        yield admin.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextmanager
def redis_database(number: int) -> Iterator[str]:
    """The URL of Redis database ``number``, flushed before and after the block.

    The block holds a lock file per number, so tests sharing a number (several in one file,
    spread over xdist workers) take turns instead of flushing each other's keys.
    """
    import fcntl

    import redis

    url = f"{REDIS_SERVER}/{number}"
    lock_path = Path(tempfile.gettempdir()) / f"rami-test-redis-{number}.lock"
    with lock_path.open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        client = redis.Redis.from_url(url)
        client.flushdb()
        try:
            yield url
        finally:
            client.flushdb()
            client.close()
