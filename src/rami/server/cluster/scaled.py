"""A ``rami serve`` process of the scaled-out mode: tables in a shared database, owners and
messages in a shared Redis (see docs/DEPLOY.md).

``rami serve --workers N`` starts N such processes on one port: uvicorn binds the socket once
and every worker accepts on it, so a connection lands on any of them. Each worker builds its
app with :func:`app_from_environment` from the settings the parent puts in the environment
(:meth:`ServerSettings.environment`, read back as ``ServerSettings()``).
"""

from __future__ import annotations

import asyncio
import os
import secrets
import socket

from fastapi import FastAPI
from redis.asyncio import BlockingConnectionPool, Redis
from sqlalchemy import text

from rami.accounts.budgets import RedisBudgets
from rami.server.cluster.placement import ClusterTiming, cluster_lobby
from rami.server.cluster.review_queue import QueueRunner, review_queue
from rami.server.edge.configured import settings_app, table_settings
from rami.server.edge.ops import Check
from rami.server.messages.settings import ServerSettings
from rami.server.store.sql_store import SqlStorage
from rami.server.tables.clock import SYSTEM_CLOCK, Clock

REDIS_CONNECTIONS = 32
"""Redis connections of one process (pub/sub has one more); a command waits for a free one."""
REDIS_WAIT = 10.0
"""Seconds a Redis command waits for a free connection before it fails."""


def process_id() -> str:
    """A name for this process, unique across machines and restarts."""
    return f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"


def scaled_app(settings: ServerSettings, clock: Clock = SYSTEM_CLOCK) -> FastAPI:
    """The app of one process sharing the database and Redis of ``settings`` with the others
    (its tables, timers and heartbeat on ``clock``: a test passes a manual one)."""
    database, redis_url = settings.storage.database, settings.storage.redis
    if database is None or redis_url is None:
        raise ValueError("the scaled-out mode needs a database and a Redis")
    storage = SqlStorage(database, fenced=True)
    pool = BlockingConnectionPool.from_url(
        redis_url, max_connections=REDIS_CONNECTIONS, timeout=REDIS_WAIT
    )
    redis = Redis(connection_pool=pool)
    cluster = settings.cluster
    timing = ClusterTiming(
        lease=cluster.lease, sweep=cluster.sweep, sweep_batch=cluster.sweep_batch
    )
    lobby = cluster_lobby(
        storage, table_settings(settings), redis, process_id(), settings.limits, timing, clock
    )

    async def database_answers() -> None:
        def probe() -> None:
            with storage.engine.connect() as connection:
                connection.execute(text("SELECT 1"))

        await asyncio.to_thread(probe)

    async def redis_answers() -> None:
        await redis.ping()

    checks: dict[str, Check] = {"database": database_answers, "redis": redis_answers}
    runner = QueueRunner(review_queue(settings))
    return settings_app(
        settings,
        lobby=lobby,
        checks=checks,
        budgets=RedisBudgets(redis),
        reviews=lambda _store: runner,
    )


def export_settings(settings: ServerSettings) -> None:
    """Put ``settings`` in the environment for :func:`app_from_environment` in each worker."""
    os.environ.update(settings.environment())


def app_from_environment() -> FastAPI:
    """The app of one ``--workers`` process (uvicorn's factory)."""
    return scaled_app(ServerSettings())
