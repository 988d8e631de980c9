"""How the accounts API reads requests and answers refusals (``{"code", "message"}``)."""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from fastapi import Request
from fastapi.responses import JSONResponse, Response

from rami.accounts.errors import AccountError

MAX_BODY = 4096


def error_response(error: AccountError, headers: dict[str, str] | None = None) -> JSONResponse:
    """The JSON answer of a refusal."""
    body = {"code": error.code, "message": error.message}
    return JSONResponse(body, status_code=error.status, headers=headers)


Handler = Callable[..., Awaitable[Response]]


def answers(handler: Handler) -> Handler:
    """``handler`` with its :class:`AccountError` turned into the JSON answer."""

    @functools.wraps(handler)
    async def wrapped(*args: Any, **kwargs: Any) -> Response:
        try:
            return await handler(*args, **kwargs)
        except RateLimited as limited:
            return error_response(limited, {"Retry-After": str(limited.retry_after)})
        except AccountError as error:
            return error_response(error)

    return wrapped


class RateLimited(AccountError):
    """429 ``rate_limited`` with the seconds to wait."""

    def __init__(self, what: str, wait: float) -> None:
        self.retry_after = max(1, math.ceil(wait))
        super().__init__(429, "rate_limited", f"too many {what}; try again in {self.retry_after} s")


async def json_body(request: Request) -> dict[str, Any]:
    """The request's JSON object, read up to ``MAX_BODY`` bytes."""
    declared = request.headers.get("content-length", "0")
    if not declared.isascii() or not declared.isdigit() or int(declared) > MAX_BODY:
        raise AccountError(413, "too_large", f"a request body has at most {MAX_BODY} bytes")
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise AccountError(413, "too_large", f"a request body has at most {MAX_BODY} bytes")
    try:
        body = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise AccountError(400, "malformed", "send a JSON object") from None
    if not isinstance(body, dict):
        raise AccountError(400, "malformed", "send a JSON object")
    return body


def int_param(request: Request, name: str, default: int, low: int, high: int) -> int:
    """The whole-number query parameter ``name``, from ``low`` to ``high``."""
    raw = request.query_params.get(name)
    if raw is None:
        return default
    if not (raw.isascii() and raw.isdigit()) or not low <= int(raw) <= high:
        raise AccountError(400, "bad_query", f"{name}: a whole number from {low} to {high}")
    return int(raw)


def address_of(peer: str | None, headers: Mapping[str, str], proxy_header: str | None) -> str:
    """The client's address: the last entry of ``proxy_header`` (the one the trusted proxy
    added) when it is set and present, else the connection's ``peer``."""
    if proxy_header is not None:
        forwarded = headers.get(proxy_header.lower(), "").rsplit(",", 1)[-1].strip()
        if forwarded:
            return forwarded[:64]
    return peer or "unknown"


def client_address(request: Request, proxy_header: str | None = None) -> str:
    """The client's address as the server sees it (see :func:`address_of`)."""
    peer = request.client.host if request.client else None
    return address_of(peer, request.headers, proxy_header)
