"""Tournament routes: create, list, show, join and withdraw.

| Route | Answer |
|---|---|
| ``GET /tournaments`` | the page (``tournaments.js``) |
| ``GET /api/tournaments`` | ``{"tournaments": [...]}``: the newest, each with its player count |
| ``POST /api/tournaments {name, preset, format, start, …}`` | 201 ``{"id": id}`` (the host) |
| ``GET /api/tournaments/{id}`` | settings, players, standings, rounds, live tables, commitments |
| ``POST /api/tournaments/{id}/join`` | the tournament, joined |
| ``POST /api/tournaments/{id}/withdraw`` | the tournament, left (a table in play is forfeited) |

Changing routes need an account and the CSRF header (401 ``login_required``, 403
``bad_origin``/``bad_csrf``). Refusals: 400 ``bad_tournament``/``unknown_preset``, 404
``no_such_tournament``, 409 ``already_joined``/``tournament_started``/``not_joined``, 403
``rated_banned`` (joining a rated tournament), 422 ``malformed``. Asking for a tournament while
logged in counts as being present (a round's absent players forfeit it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import TypeAdapter

from rami.server.edge.http_errors import answered
from rami.server.social.accounts import Accounts
from rami.server.social.moderation import SafetyRefusal
from rami.server.social.presence import seen
from rami.server.social.tournament_tables import TournamentTables
from rami.server.social.tournaments import CreateTournament, TournamentRefusal

COMMAND = TypeAdapter(CreateTournament)
"""Reads the body of ``POST /api/tournaments``."""


def tournaments_router(
    tables: TournamentTables, accounts: Accounts, clock: Callable[[], float], shell: str
) -> APIRouter:
    """The routes of the table above; ``clock`` is the presence clock, ``shell`` the pages'
    HTML with ``{script}``."""
    service, run = tables.service, tables.store.run
    router = APIRouter()

    def now() -> float:
        return tables.lobby.clock.wall()

    @router.get("/tournaments", include_in_schema=False)
    async def page() -> HTMLResponse:
        return HTMLResponse(shell.replace("{script}", "tournaments"))

    @router.get("/api/tournaments", tags=["tournaments"])
    async def listing() -> Response:
        return JSONResponse({"tournaments": await run(service.listing)})

    @router.post("/api/tournaments", status_code=201, tags=["tournaments"])
    async def create(request: Request) -> Response:
        async def work() -> dict[str, str] | TournamentRefusal:
            who = await accounts.changing(request)
            command = COMMAND.validate_json(await request.body())
            made = await run(service.create, command, who.name, now())
            return made if isinstance(made, TournamentRefusal) else {"id": made}

        return await answered(work, (TournamentRefusal, SafetyRefusal), 201)

    @router.get("/api/tournaments/{tid}", tags=["tournaments"])
    async def show(request: Request, tid: str) -> Response:
        async def work() -> Any:
            who = await accounts.of_request(request)
            if who is not None:
                await run(seen, tables.store.engine, who.account_id, clock())
            return await run(service.view, tid)

        return await answered(work, (TournamentRefusal, SafetyRefusal))

    @router.post("/api/tournaments/{tid}/join", tags=["tournaments"])
    async def join(request: Request, tid: str) -> Response:
        async def work() -> Any:
            who = await accounts.changing(request)
            found = await run(service.settings, tid)
            safety = tables.lobby.safety
            if found is not None and found["rated"] and safety is not None:
                banned = await safety.rated_refusal(who)
                if banned is not None:
                    raise banned
            await run(seen, tables.store.engine, who.account_id, clock())
            refused = await run(service.join, tid, who.name, now())
            if refused is not None:
                return refused
            tables.wake()  # an arena seats a new player at once
            return await run(service.view, tid)

        return await answered(work, (TournamentRefusal, SafetyRefusal))

    @router.post("/api/tournaments/{tid}/withdraw", tags=["tournaments"])
    async def withdraw(request: Request, tid: str) -> Response:
        async def work() -> Any:
            who = await accounts.changing(request)
            refused = await run(service.withdraw, tid, who.name, now())
            if refused is not None:
                return refused
            tables.wake()  # a forfeit may complete the round
            return await run(service.view, tid)

        return await answered(work, (TournamentRefusal, SafetyRefusal))

    return router
