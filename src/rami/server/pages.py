"""The pages of accounts, ratings and players: static HTML whose scripts read the JSON API.

| Page | File | Data |
|---|---|---|
| ``/account`` | ``account.html`` | sign up, log in, log out, settings (``/api/me``) |
| ``/leaderboard`` | ``leaderboard.html`` | ``/api/leaderboard?preset=rami51`` or ``rami40`` |
| ``/players/{name}`` | ``profile.html`` | ``/api/players/{name}`` |
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse


def pages_router(web_dir: Path) -> APIRouter:
    """The page routes, serving the HTML files of ``web_dir``."""
    router = APIRouter(include_in_schema=False)

    def page(name: str) -> FileResponse:
        return FileResponse(web_dir / name, media_type="text/html")

    @router.get("/account")
    async def account() -> FileResponse:
        return page("account.html")

    @router.get("/leaderboard")
    async def leaderboard() -> FileResponse:
        return page("leaderboard.html")

    @router.get("/players/{name}")
    async def player(name: str) -> FileResponse:
        return page("profile.html")

    return router
