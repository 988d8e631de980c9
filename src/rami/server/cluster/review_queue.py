"""Scaled out: review jobs on a SAQ queue, on the deployment's Redis or PostgreSQL.

``rami serve`` processes put a job on the queue for each new review (:class:`QueueRunner`);
``rami worker`` processes (:func:`review_worker`) take them, run each in a worker process of
their own and store the report in the shared database. A job's key is the review's id, so a
review is queued once; :func:`~rami.server.social.review_jobs.run_review` computes it once.
"""

from __future__ import annotations

from typing import Any

from saq import Job, Queue, Worker
from sqlalchemy.engine import make_url

from rami.server.messages.settings import ServerSettings
from rami.server.social.review_jobs import ProcessPool, run_review
from rami.server.social.review_store import ReviewStore
from rami.server.store.database import make_engine

QUEUE_NAME = "rami-reviews"
JOB = "review"
JOB_TIMEOUT = 6 * 3600
"""Seconds a review job may run (a long match at ``full``)."""
RETRIES = 3
"""Attempts of a job whose worker stopped or died before its end."""


def queue_url(settings: ServerSettings) -> str:
    """The URL of the review queue: the shared Redis, or the shared PostgreSQL."""
    storage = settings.storage
    if settings.reviews.queue == "postgres":
        if storage.database is None:
            raise ValueError("a PostgreSQL review queue needs --database")
        url = make_url(storage.database).set(drivername="postgresql")
        return url.render_as_string(hide_password=False)
    if storage.redis is None:
        raise ValueError("a Redis review queue needs --redis")
    return storage.redis


def review_queue(settings: ServerSettings) -> Queue:
    """The review queue of ``settings`` (not connected yet)."""
    return Queue.from_url(queue_url(settings), name=QUEUE_NAME)


class QueueRunner:
    """A ``rami serve`` process's reviews: each new one a job on the queue."""

    def __init__(self, queue: Queue) -> None:
        self.queue = queue

    async def start(self) -> None:
        await self.queue.connect()

    async def submit(self, review_id: str) -> None:
        job = Job(
            JOB, kwargs={"review": review_id}, key=review_id, timeout=JOB_TIMEOUT, retries=RETRIES
        )
        await self.queue.enqueue(job)

    async def close(self) -> None:
        await self.queue.disconnect()


def review_worker(settings: ServerSettings, processes: int) -> Worker[Any]:
    """A worker running ``processes`` reviews at once, each in a process of its own, its
    reports stored in the database of ``settings``."""
    if settings.storage.database is None:
        raise ValueError("rami worker needs --database")
    engine = make_engine(settings.storage.database)
    store = ReviewStore(engine)
    pool = ProcessPool(processes)
    queue = review_queue(settings)

    async def startup(_ctx: dict[str, Any]) -> None:
        await queue.connect()

    async def review(ctx: dict[str, Any], *, review: str) -> None:
        job: Job = ctx["job"]
        await run_review(store, review, pool, retried=job.attempts > 1)

    async def shutdown(_ctx: dict[str, Any]) -> None:
        pool.terminate()
        engine.dispose()
        await queue.disconnect()

    return Worker(
        queue,
        functions=[(JOB, review)],
        concurrency=processes,
        startup=[startup],
        shutdown=[shutdown],
    )
