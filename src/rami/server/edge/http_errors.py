"""HTTP refusals: every error answer is ``{"code", "message"}``, never a traceback or an echo."""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

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
