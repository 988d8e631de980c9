"""The Daily Duplicate's routes: today's editions, playing a deal, its boards and histories.

| Route | Answer |
|---|---|
| ``GET /duplicate`` | the page (``duplicate.js``) |
| ``GET /api/duplicate`` | today: the day, seconds to the close, every edition with one's progress |
| ``GET /api/duplicate/{day}/{kind}`` | an edition (seeds once closed; ``rami verify`` reads it) |
| ``POST /api/duplicate/{day}/{kind}/{number}/play`` | begin or resume a deal: its table and seat |
| ``GET /api/duplicate/{day}/{kind}/{number}`` | a deal's field, par, best replays (once played) |
| ``GET /api/duplicate/{day}/{kind}/leaderboard`` | the day's leaderboard of an edition |
| ``GET /api/duplicate/players/{name}`` | a player's history |

Refusals: 401 ``login_required``, 403 ``play_deal_first``, 404 ``no_such_edition`` /
``no_such_deal`` / ``no_such_player``, 409 ``deal_already_played`` / ``edition_closed``,
503 ``storage_failed`` (the table was not saved).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from rami.accounts import AccountError
from rami.duplicate import EDITION_KINDS
from rami.server.edge.http_errors import answered
from rami.server.social.accounts import Accounts
from rami.server.social.duplicate import DailyDuplicate, DuplicateRefusal, seconds_to_midnight
from rami.server.social.duplicate_boards import day_board, deal_board, history, progress
from rami.server.tables.identity import Identity


def duplicate_router(service: DailyDuplicate, accounts: Accounts, shell: str) -> APIRouter:
    """The routes of the table above; ``shell`` is the pages' HTML with ``{script}``."""
    router = APIRouter()

    async def logged_in(request: Request) -> Identity:
        who = await accounts.of_request(request)
        if who is None:
            raise AccountError(401, "login_required", "log in to play the Daily Duplicate")
        return who

    @router.get("/duplicate", include_in_schema=False)
    async def page() -> HTMLResponse:
        return HTMLResponse(shell.replace("{script}", "duplicate"))

    @router.get("/api/duplicate", tags=["duplicate"])
    async def today(request: Request) -> Response:
        async def work() -> dict[str, Any]:
            who = await accounts.of_request(request)
            day = await service.ensure_open()
            editions = []
            for kind in EDITION_KINDS:
                edition = await service.edition(day, kind.name)
                edition["progress"] = await progress(service, who, day, kind.name)
                editions.append(edition)
            closes_in = seconds_to_midnight(service.lobby.clock.wall())
            account = None if who is None else who.name
            return {"day": day, "closes_in": closes_in, "account": account, "editions": editions}

        return await answered(work, (DuplicateRefusal,))

    @router.get("/api/duplicate/players/{name}", tags=["duplicate"])
    async def player(name: str) -> Response:
        return await answered(lambda: history(service, name), (DuplicateRefusal,))

    @router.get("/api/duplicate/{day}/{kind}", tags=["duplicate"])
    async def edition(day: str, kind: str) -> Response:
        return await answered(lambda: service.edition(day, kind), (DuplicateRefusal,))

    @router.get("/api/duplicate/{day}/{kind}/leaderboard", tags=["duplicate"])
    async def leaderboard(day: str, kind: str) -> Response:
        return await answered(lambda: day_board(service, day, kind), (DuplicateRefusal,))

    @router.post("/api/duplicate/{day}/{kind}/{number}/play", tags=["duplicate"])
    async def play(request: Request, day: str, kind: str, number: int) -> Response:
        async def work() -> dict[str, Any]:
            who = await accounts.changing(request)
            started = await service.play(who, day, kind, number)
            return {"table": started.table_id, "seat": started.seat, "resumed": started.resumed}

        return await answered(work, (DuplicateRefusal,))

    @router.get("/api/duplicate/{day}/{kind}/{number}", tags=["duplicate"])
    async def deal(request: Request, day: str, kind: str, number: int) -> Response:
        async def work() -> dict[str, Any]:
            return await deal_board(service, await logged_in(request), day, kind, number)

        return await answered(work, (DuplicateRefusal,))

    return router
