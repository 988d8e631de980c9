"""A review job: claim the stored review, compute it in a worker process, store the report.

Reviews are CPU-bound (seconds to minutes), so they never run on an event loop's thread:
:class:`ProcessPool` runs them in processes of their own, and the loop only waits. The same
:func:`run_review` serves the embedded server's :class:`LocalRunner` and ``rami worker``
(:mod:`rami.server.cluster.review_queue`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import time
from collections.abc import Callable
from multiprocessing.pool import Pool
from typing import Any, Protocol

from rami.records import loads
from rami.review import DEFAULT_SEED, review_json, review_record
from rami.server.social.review_store import QUEUED, ReviewStore, budget_of
from rami.server.tables.tasks import cancel_and_wait

log = logging.getLogger("rami.server")


def compute(record: str, seat: int, budget: str, lang: str, round_number: int) -> str:
    """The report (``rami analyze --json``'s object) of ``record`` for ``seat``: one round,
    or every round when ``round_number`` is 0."""
    rounds = None if round_number == 0 else {round_number}
    loaded = loads(record)
    review = review_record(loaded, seat, budget_of(budget), DEFAULT_SEED, lang, rounds=rounds)
    return json.dumps(review_json(review), ensure_ascii=False, separators=(",", ":"))


class ProcessPool:
    """Worker processes (started on first use) that run :func:`compute`, awaited."""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self._pool: Pool | None = None

    async def compute(self, *args: Any) -> str:
        """:func:`compute` of ``args`` in a worker process."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[str] = loop.create_future()

        def settle(setter: Callable[[Any], None], value: Any) -> None:
            if not done.done():
                setter(value)

        if self._pool is None:
            self._pool = multiprocessing.get_context("spawn").Pool(self.processes)
        self._pool.apply_async(
            compute,
            args,
            callback=lambda r: loop.call_soon_threadsafe(settle, done.set_result, r),
            error_callback=lambda e: loop.call_soon_threadsafe(settle, done.set_exception, e),
        )
        return await done

    def terminate(self) -> None:
        """Stop the worker processes, a review under way included."""
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = None


async def run_review(
    store: ReviewStore,
    review_id: str,
    pool: ProcessPool,
    retried: bool = False,
    now: Callable[[], float] = time.time,
) -> None:
    """Compute review ``review_id`` once: nothing when another job has claimed it or it is
    done (``retried``: see :meth:`ReviewStore.claim`); a job stopped half-way puts it back in
    the queue."""
    row = await asyncio.to_thread(store.claim, review_id, retried)
    if row is None:
        return
    args = (row["record"], row["seat"], row["budget"], row["lang"], row["round"])
    try:
        report = await pool.compute(*args)
    except asyncio.CancelledError:
        await asyncio.shield(asyncio.to_thread(store.release, review_id))
        raise
    except Exception as error:  # a record the review cannot read: stored as failed
        log.warning("review %s failed: %s", review_id, error)
        await asyncio.to_thread(store.finish, review_id, None, str(error)[:500], now())
        return
    await asyncio.to_thread(store.finish, review_id, report, None, now())


class Runner(Protocol):
    """Where new reviews go: a local pool or a job queue."""

    async def start(self) -> None: ...

    async def submit(self, review_id: str) -> None: ...

    async def close(self) -> None: ...


class LocalRunner:
    """The embedded server's reviews: ``processes`` worker processes beside the event loop.

    At start the reviews a previous run left queued or running are run again (one process
    owns the embedded database, so nothing else runs them)."""

    def __init__(self, store: ReviewStore, processes: int = 1, recover: bool = True) -> None:
        self.store = store
        self.pool = ProcessPool(processes)
        self.recover = recover
        self.tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        if self.recover:
            for review_id in await asyncio.to_thread(self.store.requeue_pending):
                await self.submit(review_id)

    async def submit(self, review_id: str) -> None:
        task = asyncio.create_task(run_review(self.store, review_id, self.pool))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def settled(self) -> None:
        """Wait until every submitted review is computed (tests)."""
        while self.tasks:
            await asyncio.gather(*self.tasks, return_exceptions=True)

    async def close(self) -> None:
        await cancel_and_wait(list(self.tasks))
        await asyncio.to_thread(self.pool.terminate)


__all__ = ["QUEUED", "LocalRunner", "ProcessPool", "Runner", "compute", "run_review"]
