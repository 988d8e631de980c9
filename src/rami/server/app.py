"""The FastAPI application: pages, the small JSON API, records, replays and the websocket."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from importlib.resources import files
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles

from rami.bots import LEVELS
from rami.errors import RamiError
from rami.i18n import LANGUAGE_NAMES, LANGUAGES, negotiate_language
from rami.rules import PRESET_SUMMARIES, PRESETS
from rami.rulespage import render_rules_page
from rami.server.config import parse_create
from rami.server.lobby import Lobby, TableUnavailable
from rami.server.protocol import ProtocolError
from rami.server.replay import record_text, replay_frames
from rami.server.snapshot import table_info
from rami.server.storage import MemoryStorage, Storage
from rami.server.strings import ui_strings
from rami.server.table import Settings, Table
from rami.server.ws import serve_socket
from rami.shuffle import new_seed

WEB_DIR = Path(str(files("rami") / "web"))


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"code": code, "message": message}, status_code=status)


async def _find(lobby: Lobby, table_id: str) -> Table | JSONResponse:
    """The table, or the error answering for it (404: none, 503: quarantined)."""
    try:
        table = await lobby.view(table_id)
    except TableUnavailable as error:
        return _error(503, error.code, error.message)
    return _error(404, "no_such_table", "no such table") if table is None else table


def _page(name: str) -> FileResponse:
    return FileResponse(WEB_DIR / name, media_type="text/html")


def create_app(
    storage: Storage | None = None,
    settings: Settings | None = None,
    seeds: Callable[[], str] = new_seed,
) -> FastAPI:
    """The app serving tables kept in ``storage`` (in memory when None).

    ``seeds`` gives each new match its secret seed (tests pass a deterministic source).
    """
    lobby = Lobby(
        storage if storage is not None else MemoryStorage(), settings or Settings(), seeds
    )

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await lobby.start()
        yield
        await lobby.close()

    app = FastAPI(title="Rami", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.lobby = lobby
    app.mount("/static", StaticFiles(directory=WEB_DIR), name="static")

    @app.get("/", include_in_schema=False)
    async def home() -> FileResponse:
        return _page("index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return _page("index.html")

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str) -> FileResponse:
        return _page("replay.html")

    @app.get("/api/meta")
    async def meta(request: Request) -> dict[str, Any]:
        header = request.headers.get("accept-language", "")
        return {
            "presets": [
                {
                    "name": name,
                    "summary": PRESET_SUMMARIES.get(name, ""),
                    "min": r.min_players,
                    "max": r.max_players,
                }
                for name, r in PRESETS.items()
            ],
            "bots": list(LEVELS),
            "languages": [{"code": code, "name": LANGUAGE_NAMES[code]} for code in LANGUAGES],
            "preferred_language": negotiate_language(header.replace(";", ",").split(",")),
        }

    @app.get("/api/strings/{lang}")
    async def strings(lang: str) -> Response:
        if lang not in LANGUAGES:
            return _error(404, "unknown_language", f"no language {lang!r}")
        return JSONResponse(ui_strings(lang))

    @app.post("/api/tables")
    async def create_table(request: Request) -> Response:
        try:
            body = await request.json()
        except ValueError:
            return _error(400, "malformed", "send a JSON object")
        try:
            config, name = parse_create(body)
        except ProtocolError as error:
            return _error(400, error.code, error.message)
        table, token = await lobby.create(config, name)
        return JSONResponse({"table": table.table_id, "seat": 0, "token": token}, 201)

    @app.get("/api/tables/{table_id}")
    async def get_table(table_id: str) -> Response:
        table = await _find(lobby, table_id)
        if not isinstance(table, Table):
            return table
        return JSONResponse({**table_info(table), "version": table.version})

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> Response:
        table = await _find(lobby, table_id)
        if not isinstance(table, Table):
            return table
        text = None if table.match is None else record_text(table.match)
        if text is None:
            return _error(409, "no_finished_round", "no round has finished yet")
        headers = {"Content-Disposition": f'attachment; filename="rami-{table_id}.jsonl"'}
        return PlainTextResponse(text, headers=headers, media_type="application/x-ndjson")

    @app.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str, lang: str = "en") -> Response:
        table = await _find(lobby, table_id)
        if not isinstance(table, Table):
            return table
        match = table.match
        if match is None or not match.finished_rounds:
            return _error(409, "no_finished_round", "no round has finished yet")
        frames = replay_frames(match, negotiate_language([lang]))
        return JSONResponse(
            {"names": list(match.names), "rules_hash": match.rules.hash, "frames": frames}
        )

    @app.get("/rules/{lang}/{preset}", include_in_schema=False)
    async def rules_page(lang: str, preset: str) -> Response:
        if lang not in LANGUAGES or preset not in PRESETS:
            return _error(404, "no_such_page", "no rules page there")
        try:
            html = render_rules_page(
                PRESETS[preset], lang, "html", link=lambda other: f"/rules/{other}/{preset}"
            )
        except RamiError as error:
            return _error(500, error.code, error.message)
        return HTMLResponse(html)

    @app.websocket("/ws/{table_id}")
    async def socket(websocket: WebSocket, table_id: str) -> None:
        await serve_socket(websocket, lobby, table_id)

    return app
