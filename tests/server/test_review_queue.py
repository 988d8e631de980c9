"""Scaled out: reviews queued on Redis or on PostgreSQL (SAQ) and computed by a real
``rami worker`` process, stored in the shared PostgreSQL, computed once."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from account_helpers import signup
from review_helpers import ask, match_of, review_server, until_done, until_finished
from sqlalchemy import func, select

from rami.review import SCHEMA
from rami.server.cluster.review_queue import QueueRunner, review_queue
from rami.server.messages.settings import ServerSettings
from rami.server.store.review_schema import reviews_t
from rami.server.store.sql_store import SqlStorage
from services import postgres_database, redis_database

REDIS_DB = 4


@contextmanager
def worker(database: str, redis: str, queue: str) -> Iterator[subprocess.Popen[bytes]]:
    """``rami worker`` in a child process, stopped politely (SIGTERM) at the end."""
    command = [sys.executable, "-c", "from rami.cli import main; main()", "worker"]
    command += ["--database", database, "--redis", redis, "--queue", queue, "--processes", "1"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    try:
        yield process
    finally:
        process.terminate()
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


@pytest.mark.parametrize("queue", ["redis", "postgres"])
def test_a_worker_process_computes_a_review_once(queue: str) -> None:
    with postgres_database() as database, redis_database(REDIS_DB) as redis:
        settings = ServerSettings.load(
            None, storage={"database": database, "redis": redis}, reviews={"queue": queue}
        )
        storage = SqlStorage(database)
        runner = QueueRunner(review_queue(settings))
        with (
            review_server(storage, runner=lambda _store: runner) as client,
            worker(database, redis, queue) as process,
        ):
            signup(client, "Ana")
            table = match_of(client, {0: "Ana"}, rounds=1, public=False)
            until_finished(client, table)
            first = ask(client, table, seat=0, budget="full")
            assert first.status_code == 202, first.text
            answer = until_done(client, first.json()["review"])
            assert answer["status"] == "done", answer
            assert answer["report"]["schema"] == SCHEMA and answer["report"]["seat"] == 0
            again = ask(client, table, seat=0, budget="full")
            assert again.status_code == 200 and again.json()["review"] == first.json()["review"]
            with storage.engine.connect() as conn:
                assert conn.execute(select(func.count()).select_from(reviews_t)).scalar() == 1
            assert process.poll() is None
        assert process.returncode == 0  # SIGTERM: the worker stopped cleanly
