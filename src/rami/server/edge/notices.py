"""The notices route: ``GET /api/me/notices``, polled by every page (``notices.js``).

It answers ``{"notices": [...]}`` for the logged-in account (:mod:`rami.server.social.notices`
tells each notice's facts) and 401 ``login_required`` to a guest. Asking counts as being
present, like asking for a tournament: a player waiting on any page for a round is seated.
"""

from __future__ import annotations

from collections.abc import Callable

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from rami.server.edge.http_errors import error_response
from rami.server.social.accounts import Accounts
from rami.server.social.duplicate import DailyDuplicate
from rami.server.social.friends import Friends
from rami.server.social.notices import invitation_notices, notices
from rami.server.social.presence import seen
from rami.server.social.tournament_tables import TournamentTables


def notices_router(
    tables: TournamentTables,
    duplicate: DailyDuplicate,
    friends: Friends,
    accounts: Accounts,
    clock: Callable[[], float],
) -> APIRouter:
    """The route above; ``clock`` is the presence clock."""
    router = APIRouter()
    run, engine = tables.store.run, tables.store.engine

    @router.get("/api/me/notices", tags=["accounts"])
    async def mine(request: Request) -> Response:
        who = await accounts.of_request(request)
        if who is None:
            return error_response(401, "login_required", "log in to see your notices")
        await run(seen, engine, who.account_id, clock())
        now = tables.lobby.clock.wall()
        found = await run(notices, engine, who.account_id, who.name, now, duplicate.today())
        found += invitation_notices(await run(friends.invitations, who))
        return JSONResponse({"notices": found})

    return router
