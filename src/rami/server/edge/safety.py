"""Safety routes: one's block list, reports from a profile, and the moderators' page and API.

| Route | Answer |
|---|---|
| ``GET /api/blocks`` | ``{"blocked": [names]}`` |
| ``PUT /api/blocks/{name}`` | block ``name``: ``{"blocked": name}`` |
| ``DELETE /api/blocks/{name}`` | 204; 404 ``not_blocked`` |
| ``POST /api/reports {name, reason, note}`` | 201 ``{"report": id}`` (from a profile) |
| ``GET /moderation`` | the moderators' page (``moderation.js``) |
| ``GET /api/moderation`` | ``{"reports": [...open...], "audit": [...newest first...]}`` |
| ``POST /api/moderation/actions {name, action, reason, minutes, report}`` | the audit entry |

Changing routes need the CSRF header (401 ``login_required``, 403 ``bad_origin``/``bad_csrf``);
the moderators' routes answer 403 ``not_moderator`` to anyone else. Reports from a table or a
chat line travel over the table's websocket (``report``, :mod:`~rami.server.edge.table_safety`).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from rami.server.edge.http_errors import answered
from rami.server.messages.protocol import Text
from rami.server.social.accounts import Accounts
from rami.server.social.moderation import REASON_MAX, SafetyRefusal
from rami.server.social.reports import NOTE_MAX, Report
from rami.server.social.safety import Safety


class ReportBody(BaseModel):
    """``POST /api/reports``: whom, why, and an optional note."""

    model_config = ConfigDict(strict=True, extra="forbid")

    name: Annotated[Text, Field(max_length=64)]
    reason: Annotated[Text, Field(max_length=20)]
    note: Annotated[Text, Field(max_length=NOTE_MAX)] = ""


class ActionBody(BaseModel):
    """``POST /api/moderation/actions``: the account, the action, why, how long, the report."""

    model_config = ConfigDict(strict=True, extra="forbid")

    name: Annotated[Text, Field(max_length=64)]
    action: Annotated[Text, Field(max_length=20)]
    reason: Annotated[Text, Field(max_length=REASON_MAX)]
    minutes: int | None = None
    report: int | None = None


def safety_router(safety: Safety, accounts: Accounts, shell: str) -> APIRouter:
    """The routes of the table above; ``shell`` is the pages' HTML with ``{script}``."""
    router = APIRouter()
    blocks, moderation = safety.blocks, safety.moderation

    @router.get("/api/blocks", tags=["safety"])
    async def block_list(request: Request) -> Response:
        async def work() -> Response:
            who = await accounts.of_request(request)
            if who is None:
                raise SafetyRefusal(401, "login_required", "log in first")
            return JSONResponse({"blocked": await safety.run(blocks.blocked, who)})

        return await answered(work, (SafetyRefusal,))

    @router.put("/api/blocks/{name}", tags=["safety"])
    async def block(request: Request, name: str) -> Response:
        async def work() -> Response:
            who = await accounts.changing(request)
            return JSONResponse({"blocked": await safety.run(blocks.block, who, name)})

        return await answered(work, (SafetyRefusal,))

    @router.delete("/api/blocks/{name}", status_code=204, tags=["safety"])
    async def unblock(request: Request, name: str) -> Response:
        async def work() -> Response:
            who = await accounts.changing(request)
            if not await safety.run(blocks.unblock, who, name):
                raise SafetyRefusal(404, "not_blocked", "you do not block this player")
            return Response(status_code=204)

        return await answered(work, (SafetyRefusal,))

    @router.post("/api/reports", status_code=201, tags=["safety"])
    async def report(request: Request) -> Response:
        async def work() -> Response:
            who = await accounts.changing(request)
            body = ReportBody.model_validate_json(await request.body())
            number = await safety.file(who, Report(body.name, body.reason, body.note))
            return JSONResponse({"report": number}, 201)

        return await answered(work, (SafetyRefusal,))

    @router.get("/moderation", include_in_schema=False)
    async def page() -> HTMLResponse:
        return HTMLResponse(shell.replace("{script}", "moderation"))

    @router.get("/api/moderation", tags=["safety"])
    async def queue(request: Request) -> Response:
        async def work() -> Response:
            await safety.moderator(await accounts.of_request(request))
            found: dict[str, Any] = {
                "reports": await safety.run(safety.reports.queue),
                "audit": await safety.run(moderation.audit),
            }
            return JSONResponse(found)

        return await answered(work, (SafetyRefusal,))

    @router.post("/api/moderation/actions", tags=["safety"])
    async def act(request: Request) -> Response:
        async def work() -> Response:
            who = await safety.moderator(await accounts.changing(request))
            body = ActionBody.model_validate_json(await request.body())
            entry = await safety.run(
                moderation.act, who, body.name, body.action, body.reason, body.minutes, body.report
            )
            return JSONResponse(entry)

        return await answered(work, (SafetyRefusal,))

    return router
