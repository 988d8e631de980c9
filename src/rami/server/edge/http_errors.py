"""HTTP refusals: every error answer is ``{"code", "message"}``, never a traceback or an echo."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, cast

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import ValidationError
from starlette.exceptions import HTTPException

from rami.accounts import AccountError
from rami.server.messages.outgoing import excerpt
from rami.server.messages.protocol import describe_errors

LOG = logging.getLogger("rami.server")

STATUS_CODES = {
    400: "malformed",
    404: "not_found",
    405: "method_not_allowed",
    413: "too_large",
    415: "malformed",
    422: "malformed",
    429: "rate_limited",
}
"""The error code of an HTTP status raised by the framework (a route sets its own codes)."""


def error_response(status: int, code: str, message: str) -> JSONResponse:
    """A refusal: ``{"code", "message"}`` with ``status``."""
    return JSONResponse({"code": code, "message": excerpt(message)}, status_code=status)


class Refused(Protocol):
    """A refusal, raised or returned by a service: HTTP status, stable code and message."""

    status: int
    code: str
    message: str


def refused(refusal: Refused) -> JSONResponse:
    """The answer to ``refusal``."""
    return error_response(refusal.status, refusal.code, refusal.message)


async def answered(
    work: Callable[[], Awaitable[Any]], refusals: tuple[type, ...] = (), status: int = 200
) -> Response:
    """The answer of a route's ``work``: a response as it is, anything else as JSON with
    ``status``; an :class:`AccountError` raised, or a refusal of a type in ``refusals`` raised or
    returned, as ``{"code", "message"}``; a body Pydantic rejects as 422 ``malformed``."""
    try:
        done = await work()
    except ValidationError as error:
        problems = error.errors(include_input=False, include_url=False)
        return error_response(422, "malformed", describe_errors(problems))
    except AccountError as error:
        return refused(error)
    except Exception as error:
        if isinstance(error, refusals):
            return refused(cast(Refused, error))
        raise
    if isinstance(done, refusals):
        return refused(cast(Refused, done))
    return done if isinstance(done, Response) else JSONResponse(done, status)


async def _invalid(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    return error_response(422, "malformed", describe_errors(list(exc.errors())))


async def _http(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, HTTPException)
    code = STATUS_CODES.get(exc.status_code, "http_error")
    message = exc.detail if isinstance(exc.detail, str) else "the request was refused"
    if exc.status_code == 400:
        message = "the body is not JSON this server can read"
    return error_response(exc.status_code, code, message)


async def _crash(request: Request, exc: Exception) -> JSONResponse:
    LOG.exception("internal error on %s %s", request.method, request.url.path, exc_info=exc)
    return error_response(500, "internal_error", "the server failed on this request")


def install_error_handlers(app: FastAPI) -> None:
    """Answer validation errors (422), framework errors and crashes with a code."""
    app.add_exception_handler(RequestValidationError, _invalid)
    app.add_exception_handler(HTTPException, _http)
    app.add_exception_handler(Exception, _crash)
