"""Reviews asked for over HTTP: who may review which seat, the daily allowance, computed once.

A logged-in account reviews its own seat: one finished round at once, or the whole match once
it is over. In a public game anyone logged in may review any seat once the match is over.
Each (table, seat, budget, round, language) is computed once, by a job off the request path
(:mod:`rami.server.social.review_jobs`), and served from the database afterwards; a review
that is not stored yet costs one of the account's daily allowance. The report shows the
seat's own decisions, judged on what that seat saw; the record it is computed from stays in
the database.

Refusals: 401 ``login_required``, 400 ``no_such_seat`` / ``bad_budget``, 403
``not_your_game``, 409 ``no_finished_round`` / ``round_not_over`` / ``review_after_match``,
429 ``review_allowance``.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from rami.i18n import negotiate_language
from rami.review import BUDGETS, ReviewBudget
from rami.server.social.review_jobs import Runner
from rami.server.social.review_store import DONE, ReviewStore, budget_text
from rami.server.tables.identity import Identity

if TYPE_CHECKING:
    from rami.server.tables.actor import Table

DAILY = 20
"""Reviews an account may have computed per UTC day (stored ones are free)."""


class ReviewRefusal(Exception):
    """A refused review request: status, stable code and message."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def access_refusal(
    table: Table, who: Identity | None, seat: int, round_number: int
) -> ReviewRefusal | None:
    """Why ``who`` may not review ``seat`` of ``table`` (round ``round_number``, 0: the whole
    match); None: they may."""
    if who is None:
        return ReviewRefusal(401, code="login_required", message="log in to review a game")
    if not 0 <= seat < table.config.seats:
        return ReviewRefusal(400, code="no_such_seat", message=f"no seat {seat} at this table")
    match = table.match
    if match is None or not match.finished_rounds:
        return ReviewRefusal(409, code="no_finished_round", message="no round has finished yet")
    if round_number and round_number not in {r.index for r in match.finished_rounds}:
        return ReviewRefusal(409, code="round_not_over", message="that round has not finished")
    own = table.seat_of_account(who.account_id) == seat
    if not own and not table.config.public:
        return ReviewRefusal(
            403,
            code="not_your_game",
            message="you may review your own seat of a game you played (a public game: any "
            "seat once the match is over)",
        )
    if not match.finished and (round_number == 0 or not own):
        return ReviewRefusal(
            409, code="review_after_match", message="this review opens once the match is over"
        )
    return None


def day_of(wall: float) -> str:
    """The UTC day of an epoch time (the allowance's day)."""
    return datetime.fromtimestamp(wall, UTC).date().isoformat()


class Reviews:
    """Review requests and answers over one :class:`ReviewStore` and one job runner."""

    def __init__(
        self,
        store: ReviewStore,
        runner: Runner,
        wall: Callable[[], float],
        daily: int = DAILY,
        budgets: Mapping[str, ReviewBudget] = BUDGETS,
    ) -> None:
        self.store, self.runner, self.wall = store, runner, wall
        self.daily, self.budgets = daily, budgets

    async def ask(
        self,
        table: Table,
        who: Identity | None,
        seat: int,
        budget: str,
        round_number: int,
        lang: str,
        record: Callable[[], str],
    ) -> dict[str, Any]:
        """The review of this request, stored and queued when new (``record`` gives the
        table's record of its finished rounds); raises ReviewRefusal."""
        if budget not in self.budgets:
            raise ReviewRefusal(400, code="bad_budget", message="the budget is quick or full")
        refused = access_refusal(table, who, seat, round_number)
        if refused is not None:
            raise refused
        assert who is not None and table.match is not None
        lang = negotiate_language([lang])
        key = (table.table_id, seat, budget, round_number, lang)
        found = await asyncio.to_thread(self.store.find, *key)
        if found is not None:
            return found
        now = self.wall()
        asked = await asyncio.to_thread(self.store.asked_today, who.account_id, day_of(now))
        if asked >= self.daily:
            raise ReviewRefusal(
                429, code="review_allowance", message=f"{self.daily} reviews a day: more tomorrow"
            )
        player = table.seats[seat].account
        row = {
            "table_id": table.table_id,
            "seat": seat,
            "budget_name": budget,
            "round": round_number,
            "lang": lang,
            "account_id": who.account_id,
            "player_id": None if player is None else player.account_id,
            "day": day_of(now),
            "requested": now,
            "record": record(),
            "budget": budget_text(self.budgets[budget]),
        }
        review, created = await asyncio.to_thread(self.store.add, row)
        if created:
            await self.runner.submit(review["id"])
        return review

    async def get(self, review_id: str) -> dict[str, Any] | None:
        """The stored review ``review_id`` (None: none)."""
        return await asyncio.to_thread(self.store.get, review_id)


def review_answer(row: Mapping[str, Any], full: bool = True) -> dict[str, Any]:
    """The public form of a stored review (its report when done and ``full``)."""
    answer = {
        "review": row["id"],
        "status": row["status"],
        "table": row["table_id"],
        "seat": row["seat"],
        "round": row["round"] or None,
        "budget": row["budget_name"],
        "lang": row["lang"],
    }
    if full:
        done = row["status"] == DONE and row["report"] is not None
        answer["report"] = json.loads(row["report"]) if done else None
        answer["error"] = row["error"]
    return answer
