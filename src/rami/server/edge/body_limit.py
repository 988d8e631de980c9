"""The HTTP body limit: a body over it is refused with the JSON ``too_large`` answer, whether its
size is declared (``Content-Length``, refused before the app runs) or streamed (refused once the
limit is passed, nothing more read)."""

from __future__ import annotations

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from rami.server.edge.http_errors import error_response


class BodyLimit:
    """ASGI middleware refusing request bodies over ``limit`` bytes (413 ``too_large``)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    def _message(self) -> str:
        return f"a request body has at most {self.limit} bytes"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = Headers(scope=scope).get("content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            status = 413 if declared.isdigit() else 400
            code = "too_large" if status == 413 else "malformed"
            message = self._message() if status == 413 else "a Content-Length is a number"
            await error_response(status, code, message)(scope, receive, send)
            return
        read = 0

        async def counted() -> Message:
            nonlocal read
            message = await receive()
            if message["type"] == "http.request":
                read += len(message.get("body", b""))
                if read > self.limit:
                    raise HTTPException(413, self._message())
            return message

        await self.app(scope, counted, send)
