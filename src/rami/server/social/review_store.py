"""The reviews table read and written: a review asked for once, claimed by one job, its
report stored (:mod:`rami.server.store.review_schema`). Blocking calls: run them in threads."""

from __future__ import annotations

import json
import secrets
from dataclasses import asdict
from typing import Any

from sqlalchemy import func, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from rami.review import ReviewBudget
from rami.server.store.review_schema import metadata, reviews_t

QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"
PENDING = (QUEUED, RUNNING)


def budget_text(budget: ReviewBudget) -> str:
    """A budget's counts as the JSON a job reads back (:func:`budget_of`)."""
    return json.dumps(asdict(budget), sort_keys=True)


def budget_of(text: str) -> ReviewBudget:
    """The budget :func:`budget_text` wrote."""
    return ReviewBudget(**json.loads(text))


class ReviewStore:
    """The reviews of one database."""

    def __init__(self, engine: Engine, create: bool = False) -> None:
        self.engine = engine
        if create:  # a database the migrations did not make (in-memory accounts)
            metadata.create_all(engine, checkfirst=True)

    def find(
        self, table_id: str, seat: int, budget: str, round_number: int, lang: str
    ) -> dict[str, Any] | None:
        """The review of this key (None: never asked for)."""
        c = reviews_t.c
        query = select(reviews_t).where(
            c.table_id == table_id,
            c.seat == seat,
            c.budget_name == budget,
            c.round == round_number,
            c.lang == lang,
        )
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        return None if row is None else dict(row._mapping)

    def get(self, review_id: str) -> dict[str, Any] | None:
        """The review ``review_id`` (None: no such review)."""
        with self.engine.connect() as conn:
            row = conn.execute(select(reviews_t).where(reviews_t.c.id == review_id)).first()
        return None if row is None else dict(row._mapping)

    def of_player(self, account_id: int) -> list[dict[str, Any]]:
        """The done reviews of the seats ``account_id`` sat in, oldest first."""
        c = reviews_t.c
        query = (
            select(reviews_t)
            .where(c.player_id == account_id, c.status == DONE)
            .order_by(c.finished, c.id)
        )
        with self.engine.connect() as conn:
            return [dict(row._mapping) for row in conn.execute(query)]

    def asked_today(self, account_id: int, day: str) -> int:
        """Reviews ``account_id`` asked for first on ``day``."""
        c = reviews_t.c
        query = select(func.count()).where(c.account_id == account_id, c.day == day)
        with self.engine.connect() as conn:
            return int(conn.execute(query).scalar_one())

    def add(self, row: dict[str, Any]) -> tuple[dict[str, Any], bool]:
        """Store the new review ``row`` (its key's columns, record, budget, who and when);
        returns the stored review and True, or the one asked for first and False."""
        review = {**row, "id": secrets.token_hex(12), "status": QUEUED}
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(reviews_t).values(**review))
        except IntegrityError:
            key = (row[name] for name in ("table_id", "seat", "budget_name", "round", "lang"))
            found = self.find(*key)
            if found is None:
                raise
            return found, False
        return review, True

    def claim(self, review_id: str, retried: bool = False) -> dict[str, Any] | None:
        """Mark a queued review running and return it (None: another job has it or it is
        done, so it is computed once). ``retried``: a job queue's retry of a job whose worker
        died also takes a review left running."""
        c = reviews_t.c
        taken = PENDING if retried else (QUEUED,)
        change = update(reviews_t).where(c.id == review_id, c.status.in_(taken))
        with self.engine.begin() as conn:
            claimed = conn.execute(change.values(status=RUNNING)).rowcount
        return self.get(review_id) if claimed else None

    def finish(self, review_id: str, report: str | None, error: str | None, now: float) -> None:
        """Store the report (done) or the reason it failed."""
        status = DONE if error is None else FAILED
        values = {"status": status, "report": report, "error": error, "finished": now}
        with self.engine.begin() as conn:
            conn.execute(update(reviews_t).where(reviews_t.c.id == review_id).values(**values))

    def release(self, review_id: str) -> None:
        """Put a running review back in the queue (its job stopped before the end)."""
        c = reviews_t.c
        with self.engine.begin() as conn:
            back = update(reviews_t).where(c.id == review_id, c.status == RUNNING)
            conn.execute(back.values(status=QUEUED))

    def requeue_pending(self) -> list[str]:
        """Mark every running review queued again and return every queued one (a single
        process restarting: the jobs it ran died with it)."""
        c = reviews_t.c
        with self.engine.begin() as conn:
            conn.execute(update(reviews_t).where(c.status == RUNNING).values(status=QUEUED))
            rows = conn.execute(select(c.id).where(c.status == QUEUED).order_by(c.requested))
            return [row.id for row in rows]
