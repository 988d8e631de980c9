"""Web Push routes: the VAPID public key, a device's subscription and the pages' visibility.

| Route | Answer |
|---|---|
| ``GET /api/push/key`` | ``{"key": applicationServerKey}`` (URL-safe base64) |
| ``POST /api/push/subscriptions {endpoint, keys: {p256dh, auth}, lang}`` | 201 |
| ``DELETE /api/push/subscriptions {endpoint}`` | 204; 404 ``not_subscribed`` |
| ``POST /api/push/visibility {page, visible}`` | 204 (a logged-in page's beat) |

A subscription is refused with 422 ``bad_push_endpoint`` (not an https URL),
``private_push_endpoint`` (its host resolves inside a private, loopback or link-local
network), ``bad_push_keys`` or ``malformed``. Changing routes need the CSRF header.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from rami.i18n import LANGUAGES
from rami.server.edge.http_errors import answered
from rami.server.messages.protocol import Text
from rami.server.social.accounts import Accounts
from rami.server.social.push import Push, PushRefusal


class Keys(BaseModel):
    """A subscription's keys."""

    model_config = ConfigDict(strict=True, extra="ignore")

    p256dh: Annotated[Text, Field(max_length=128)]
    auth: Annotated[Text, Field(max_length=64)]


class SubscriptionBody(BaseModel):
    """``POST /api/push/subscriptions``: ``PushSubscription.toJSON()`` and the page's language."""

    model_config = ConfigDict(strict=True, extra="ignore")

    endpoint: Annotated[Text, Field(max_length=1024)]
    keys: Keys
    lang: Annotated[Text, Field(max_length=8)] = "en"


class EndpointBody(BaseModel):
    """``DELETE /api/push/subscriptions``: the device's endpoint."""

    model_config = ConfigDict(strict=True, extra="forbid")

    endpoint: Annotated[Text, Field(max_length=1024)]


class VisibilityBody(BaseModel):
    """``POST /api/push/visibility``: which page, and whether it is visible."""

    model_config = ConfigDict(strict=True, extra="forbid")

    page: Annotated[Text, Field(min_length=1, max_length=64)]
    visible: bool


def push_router(push: Push, accounts: Accounts) -> APIRouter:
    """The routes of the table above."""
    router = APIRouter()

    @router.get("/api/push/key", tags=["push"])
    async def key() -> Response:
        return JSONResponse({"key": (await push.keys()).public_key})

    @router.post("/api/push/subscriptions", status_code=201, tags=["push"])
    async def subscribe(request: Request) -> Response:
        async def work() -> Response:
            who = await accounts.changing(request)
            body = SubscriptionBody.model_validate_json(await request.body())
            lang = body.lang if body.lang in LANGUAGES else "en"
            keys = body.keys
            await push.subscribe(who.account_id, body.endpoint, keys.p256dh, keys.auth, lang)
            return JSONResponse({"subscribed": True}, 201)

        return await answered(work, (PushRefusal,))

    @router.delete("/api/push/subscriptions", status_code=204, tags=["push"])
    async def unsubscribe(request: Request) -> Response:
        async def work() -> Response:
            who = await accounts.changing(request)
            body = EndpointBody.model_validate_json(await request.body())
            if not await push.unsubscribe(who.account_id, body.endpoint):
                raise PushRefusal("not_subscribed", "this device gets no notifications")
            return Response(status_code=204)

        return await answered(work, (PushRefusal,))

    @router.post("/api/push/visibility", status_code=204, tags=["push"])
    async def visibility(request: Request) -> Response:
        async def work() -> Response:
            who = await accounts.changing(request)
            body = VisibilityBody.model_validate_json(await request.body())
            push.beat(who.account_id, body.page, body.visible)
            return Response(status_code=204)

        return await answered(work, (PushRefusal,))

    return router
