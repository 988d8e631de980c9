"""The review routes: ask for a review of a seat, read it, a player's accuracy over time.

| Route | Answer |
|---|---|
| ``POST /api/tables/{table_id}/reviews`` | 202 ``{"review", "status"}`` (200 once done) |
| ``GET /api/reviews/{review_id}`` | the status; once done, the report (``analyze --json``) |
| ``GET /api/players/{name}/reviews`` | the reviews of the player's own rounds, oldest first |

Refusals: see :mod:`rami.server.social.reviews`; 404 ``no_such_table`` / ``no_such_review`` /
``no_such_player``; a Daily Duplicate deal's table as for its record (403 ``play_deal_first``).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from rami.accounts import AccountError
from rami.server.edge.http_errors import error_response
from rami.server.edge.replay import record_text
from rami.server.social.accounts import Accounts
from rami.server.social.review_store import DONE
from rami.server.social.reviews import ReviewRefusal, Reviews, review_answer
from rami.server.tables.actor import Table

Find = Callable[[str], Awaitable["Table | Response"]]
Hidden = Callable[[Request, str], Awaitable["Response | None"]]


class ReviewAsk(BaseModel):
    """The body of ``POST /api/tables/{table_id}/reviews``."""

    model_config = ConfigDict(extra="forbid")

    seat: Annotated[int, Field(ge=0, le=7)]
    budget: str = "quick"
    round: Annotated[int | None, Field(ge=1, le=1000)] = None
    """One finished round; absent: the whole match (once it is over)."""
    lang: Annotated[str, Field(max_length=8)] = "en"


def _progress(row: dict[str, Any]) -> dict[str, Any] | None:
    """One point of a player's accuracy over time (None: not a finished round's review)."""
    if row["status"] != DONE or row["report"] is None or not row["round"]:
        return None
    report = json.loads(row["report"])
    summary = report["match"]["summary"]
    return {
        "table": row["table_id"],
        "round": row["round"],
        "budget": row["budget_name"],
        "finished": row["finished"],
        "accuracy": summary["accuracy"],
        "rating": summary["rating"],
        "decisions": summary["decisions"],
    }


def reviews_router(reviews: Reviews, accounts: Accounts, find: Find, hidden: Hidden) -> APIRouter:
    """The routes of the table above."""
    router = APIRouter()

    @router.post("/api/tables/{table_id}/reviews", tags=["reviews"])
    async def ask(request: Request, table_id: str, body: ReviewAsk) -> Response:
        if (refused := await hidden(request, table_id)) is not None:
            return refused
        try:
            who = await accounts.changing(request)
        except AccountError as error:
            return error_response(error.status, error.code, error.message)
        table = await find(table_id)
        if not isinstance(table, Table):
            return table
        match = table.match

        def record() -> str:
            text = None if match is None else record_text(match)
            assert text is not None  # the request was refused before any round finished
            return text

        try:
            row = await reviews.ask(
                table, who, body.seat, body.budget, body.round or 0, body.lang, record
            )
        except ReviewRefusal as refusal:
            return error_response(refusal.status, refusal.code, refusal.message)
        status = 200 if row["status"] == DONE else 202
        return JSONResponse(review_answer(row, full=False), status)

    @router.get("/api/reviews/{review_id}", tags=["reviews"])
    async def get(review_id: str) -> Response:
        row = await reviews.get(review_id)
        if row is None:
            return error_response(404, "no_such_review", "no such review")
        return JSONResponse(review_answer(row))

    @router.get("/api/players/{name}/reviews", tags=["reviews"])
    async def progress(name: str) -> Response:
        found = await asyncio.to_thread(accounts.store.account_named, name)
        if found is None:
            return error_response(404, "no_such_player", "no such player")
        rows = await asyncio.to_thread(reviews.store.of_player, found.id)
        points = [p for p in map(_progress, rows) if p is not None]
        return JSONResponse({"player": found.name, "reviews": points})

    return router
