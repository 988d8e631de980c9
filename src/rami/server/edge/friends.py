"""Friends routes: following, the friends list with presence, invitations to a table.

| Route | Answer |
|---|---|
| ``GET /api/friends`` | ``{"friends", "following", "invitations", "games"}`` (below); one is seen |
| ``PUT /api/follows/{name}`` | follow ``name``: ``{"following": name}`` |
| ``DELETE /api/follows/{name}`` | 204; 404 ``not_following`` |
| ``POST /api/invitations {name, table}`` | 201 ``{"invitation": id}``; the friend is pushed |
| ``POST /api/invitations/{id}/accept`` | ``{"table": id, "url": "/t/{id}"}`` |
| ``DELETE /api/invitations/{id}`` | 204: declined, gone from the list |

``friends`` are ``{name, online, table}`` (mutual follows), ``following`` the names one follows
who do not follow back, ``invitations`` ``{id, from, table, expires}`` not yet expired,
``games`` ``{table, friends}``, the tables friends are at. Every route needs an account (401
``login_required``); changing
routes need the CSRF header.
The refusals are :mod:`rami.server.social.friends`'s.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from rami.accounts import AccountError
from rami.server.edge.http_errors import answered
from rami.server.messages.protocol import Text
from rami.server.social.accounts import Accounts
from rami.server.social.friends import FriendRefusal, Friends


class InvitationBody(BaseModel):
    """``POST /api/invitations``: whom, to which table."""

    model_config = ConfigDict(strict=True, extra="forbid")

    name: Annotated[Text, Field(max_length=64)]
    table: Annotated[Text, Field(max_length=32)]


def friends_router(friends: Friends, accounts: Accounts) -> APIRouter:
    """The routes of the table above."""
    router = APIRouter()
    run = friends.store.run

    @router.get("/api/friends", tags=["friends"])
    async def listing(request: Request) -> Response:
        async def work() -> Response:
            who = await accounts.of_request(request)
            if who is None:
                raise AccountError(401, "login_required", "log in first")
            return JSONResponse(await run(friends.listing, who))

        return await answered(work, (FriendRefusal,))

    @router.put("/api/follows/{name}", tags=["friends"])
    async def follow(request: Request, name: str) -> Response:
        async def work() -> Response | FriendRefusal:
            done = await run(friends.follow, await accounts.changing(request), name)
            return done if isinstance(done, FriendRefusal) else JSONResponse({"following": done})

        return await answered(work, (FriendRefusal,))

    @router.delete("/api/follows/{name}", status_code=204, tags=["friends"])
    async def unfollow(request: Request, name: str) -> Response:
        async def work() -> Response | FriendRefusal:
            done = await run(friends.unfollow, await accounts.changing(request), name)
            return done if isinstance(done, FriendRefusal) else Response(status_code=204)

        return await answered(work, (FriendRefusal,))

    @router.post("/api/invitations", status_code=201, tags=["friends"])
    async def invite(request: Request) -> Response:
        async def work() -> Response | FriendRefusal:
            who = await accounts.changing(request)
            body = InvitationBody.model_validate_json(await request.body())
            done = await run(friends.invite, who, body.name, body.table)
            if isinstance(done, FriendRefusal):
                return done
            friends.deliver(done.to_id, done.payload)
            return JSONResponse({"invitation": done.number}, 201)

        return await answered(work, (FriendRefusal,))

    @router.post("/api/invitations/{number}/accept", tags=["friends"])
    async def accept(request: Request, number: int) -> Response:
        async def work() -> Response | FriendRefusal:
            done = await run(friends.accept, await accounts.changing(request), number)
            if isinstance(done, FriendRefusal):
                return done
            return JSONResponse({"table": done, "url": f"/t/{done}"})

        return await answered(work, (FriendRefusal,))

    @router.delete("/api/invitations/{number}", status_code=204, tags=["friends"])
    async def decline(request: Request, number: int) -> Response:
        async def work() -> Response | FriendRefusal:
            done = await run(friends.decline, await accounts.changing(request), number)
            return done or Response(status_code=204)

        return await answered(work, (FriendRefusal,))

    return router
