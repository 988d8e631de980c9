"""The pages of accounts, ratings and players: one HTML shell whose script reads the JSON API.

| Page | Script | Data |
|---|---|---|
| ``/account`` | ``account.js`` | sign up, log in, log out, settings (``/api/me``) |
| ``/leaderboard`` | ``leaderboard.js`` | ``/api/leaderboard?preset=rami51`` or ``rami40`` |
| ``/players/{name}`` | ``profile.js`` | ``/api/players/{name}`` |

The manifest and the service worker come with them (:mod:`rami.server.edge.pwa`).
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

from rami.server.edge.pwa import pwa_router


def pages_router(web_dir: Path) -> APIRouter:
    """The page routes: ``web_dir/page.html`` with each page's script."""
    router = APIRouter(include_in_schema=False)
    router.include_router(pwa_router(web_dir))
    shell = (web_dir / "page.html").read_text(encoding="utf-8")

    def page(script: str) -> HTMLResponse:
        return HTMLResponse(shell.replace("{script}", script))

    @router.get("/account")
    async def account() -> HTMLResponse:
        return page("account")

    @router.get("/leaderboard")
    async def leaderboard() -> HTMLResponse:
        return page("leaderboard")

    @router.get("/players/{name}")
    async def player(name: str) -> HTMLResponse:
        return page("profile")

    return router
