"""The FastAPI application: pages, the small JSON API, records, replays and the websocket."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from functools import partial
from importlib.resources import files
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles

from rami.accounts import AccountConfig, AccountStore, accounts_router
from rami.accounts.answers import client_address
from rami.accounts.budgets import Budgets, MemoryBudgets
from rami.bots import LEVELS
from rami.errors import RamiError
from rami.i18n import LANGUAGE_NAMES, LANGUAGES, negotiate_language
from rami.match import formats_for
from rami.rules import PRESET_SUMMARIES, PRESETS
from rami.rulespage import render_rules_page
from rami.server.edge.body_limit import BodyLimit
from rami.server.edge.connections import Connections
from rami.server.edge.duplicate import duplicate_router
from rami.server.edge.friends import friends_router
from rami.server.edge.http_errors import error_response, install_error_handlers
from rami.server.edge.matchmaking import matchmaking_router
from rami.server.edge.mygames import my_games
from rami.server.edge.notices import notices_router
from rami.server.edge.ops import Check, Metrics, ops_router
from rami.server.edge.pages import pages_router
from rami.server.edge.push import push_router
from rami.server.edge.replay import record_text, replay_frames
from rami.server.edge.reviews import reviews_router
from rami.server.edge.safety import safety_router
from rami.server.edge.strings import ui_strings
from rami.server.edge.tournaments import tournaments_router
from rami.server.edge.ws import serve_socket
from rami.server.messages.limits import Limits
from rami.server.messages.models import (
    CreatedTable,
    CreateTable,
    ErrorBody,
    Meta,
    Replay,
    TableAnswer,
)
from rami.server.messages.protocol import ProtocolError, encode, error_message, protocol_schema
from rami.server.messages.settings import PushSettings
from rami.server.social.accounts import Accounts, record_table
from rami.server.social.duplicate import DailyDuplicate
from rami.server.social.duplicate_guard import table_refusal
from rami.server.social.friends import Friends
from rami.server.social.lobby import Lobby, TableUnavailable
from rami.server.social.push import Push
from rami.server.social.push_store import PushStore
from rami.server.social.quickmatch import QuickMatch
from rami.server.social.review_jobs import LocalRunner, Runner
from rami.server.social.review_store import ReviewStore
from rami.server.social.reviews import Reviews
from rami.server.social.safety import Safety
from rami.server.social.tournament_tables import TournamentTables
from rami.server.social.tournaments import Tournaments
from rami.server.store.sql_store import SqlStorage
from rami.server.store.storage import MemoryStorage, Storage
from rami.server.tables.actor import Table
from rami.server.tables.config import parse_create
from rami.server.tables.snapshot import table_info
from rami.server.tables.state import Refusal, Settings
from rami.shuffle import new_seed

WEB_DIR = Path(str(files("rami") / "web"))


REFUSALS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody} for status in (400, 403, 404, 409, 413, 422, 429)
}
"""The refusals a route may answer, for the OpenAPI schema."""


async def _find(lobby: Lobby, table_id: str) -> Table | JSONResponse:
    """The table, or the error answering for it (404: none, 503: quarantined)."""
    try:
        table = await lobby.view(table_id)
    except TableUnavailable as error:
        return error_response(503, error.code, error.message)
    return error_response(404, "no_such_table", "no such table") if table is None else table


def _page(name: str) -> FileResponse:
    return FileResponse(WEB_DIR / name, media_type="text/html")


def account_store_for(storage: Storage) -> AccountStore:
    """Accounts in the tables' database (migrated already), or in memory beside a memory store."""
    if isinstance(storage, SqlStorage):
        url = storage.engine.url.render_as_string(hide_password=False)
        return AccountStore(url, create=False)
    return AccountStore("sqlite://")


def create_app(
    storage: Storage | None = None,
    settings: Settings | None = None,
    seeds: Callable[[], str] = new_seed,
    limits: Limits | None = None,
    lobby: Lobby | None = None,
    checks: dict[str, Check] | None = None,
    accounts: AccountStore | None = None,
    account_config: AccountConfig | None = None,
    clock: Callable[[], float] = time.time,
    budgets: Budgets | None = None,
    duplicate_options: dict[str, Any] | None = None,
    chat_words: tuple[str, ...] = (),
    reviews: Callable[[ReviewStore], Runner] | None = None,
    review_options: dict[str, Any] | None = None,
    push_settings: PushSettings | None = None,
) -> FastAPI:
    """The app serving tables kept in ``storage`` (in memory when None).

    ``accounts`` keeps the accounts and ratings (closed with the app); None: an
    :class:`AccountStore` on the tables' database (in memory beside a memory store).
    ``clock`` is the quick match's and the friends' clock (tests pass a fake one).
    ``duplicate_options`` are
    keyword arguments of :class:`DailyDuplicate` (its seeds, its par level); ``chat_words``
    the words the chat filter masks. ``reviews``
    makes the runner of the review jobs from their store (None: one local worker process);
    ``review_options`` are keyword arguments of :class:`Reviews` (the daily allowance, the
    budgets).

    ``seeds`` gives each new match its secret seed (tests pass a deterministic source);
    ``limits`` bounds what one client may ask (:class:`~rami.server.messages.limits.Limits`). A
    scaled-out process passes a lobby with the cluster's placement as ``lobby``
    and the probes of the services it shares as ``checks`` (for ``/healthz``), and its
    :class:`~rami.accounts.budgets.RedisBudgets` as ``budgets`` (the rate limits every process
    shares; None: counted in memory).
    """
    limits = limits or Limits()
    account_settings = account_config or AccountConfig()
    if budgets is None:
        budgets = account_settings.budgets or MemoryBudgets(account_settings.limiter_clock)
    elif account_settings.budgets is None:
        account_settings.budgets = budgets
    creations = budgets.budget("creates", limits.creations.count, limits.creations.seconds)
    if lobby is None:
        lobby = Lobby(
            storage if storage is not None else MemoryStorage(), settings or Settings(), seeds
        )
    store = accounts if accounts is not None else account_store_for(lobby.storage)
    players = Accounts(store, account_settings)
    migrated = accounts is None and isinstance(lobby.storage, SqlStorage)
    duplicate = DailyDuplicate(store, lobby, create=not migrated, **(duplicate_options or {}))
    tourney = TournamentTables(Tournaments(store.engine, create=not migrated), lobby, store, clock)
    recording = duplicate.recording(lambda table: record_table(players, table))
    lobby.on_finish = tourney.recording(recording)
    quick = QuickMatch(store.engine, create=not migrated)
    safety = lobby.safety = Safety(store, budgets, chat_words, create=not migrated)
    friends = Friends(store, clock, create=not migrated)
    review_store = ReviewStore(store.engine, create=not migrated)
    runner = (reviews or LocalRunner)(review_store)
    reviewing = Reviews(review_store, runner, lobby.clock.wall, **(review_options or {}))
    push = Push(
        PushStore(store.engine, create=not migrated), push_settings or PushSettings(), lobby.clock
    )
    lobby.on_turn = push.turn_started
    friends.notify = push.notify
    tourney.ready = partial(push.table_ready, "tournament")
    tables = lobby.tables
    metrics = Metrics(
        lambda: len(tables),
        lambda: sum(len(table.clients) for table in tables.values()),
        lobby.placement.relayed_connections,
    )
    connections = Connections(limits, metrics, budgets, account_settings.proxy_header)
    lobby.placement.count_with(connections)
    relay = lobby.placement.relay()

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await lobby.start()
        await duplicate.start()
        await runner.start()
        await push.keys()
        await tourney.start()
        yield
        await tourney.close()
        await push.close()
        await runner.close()
        await duplicate.close()
        await lobby.close()
        await friends.close()
        players.close()

    app = FastAPI(
        title="Rami",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        responses=REFUSALS,
    )
    install_error_handlers(app)
    app.add_middleware(BodyLimit, limit=limits.body_bytes)
    app.include_router(ops_router(metrics, checks or {}))
    app.include_router(accounts_router(store, players.config))
    app.include_router(
        matchmaking_router(lobby, players, quick, clock, partial(push.table_ready, "quickmatch"))
    )
    app.include_router(pages_router(WEB_DIR))
    shell = (WEB_DIR / "page.html").read_text()
    app.include_router(duplicate_router(duplicate, players, shell))
    app.include_router(safety_router(safety, players, shell))
    app.include_router(push_router(push, players))
    app.include_router(friends_router(friends, players))
    app.include_router(tournaments_router(tourney, players, clock, shell))
    app.include_router(notices_router(tourney, duplicate, friends, players, clock))
    app.state.lobby = lobby
    app.state.accounts = players
    app.state.duplicate = duplicate
    app.state.safety = safety
    app.state.reviews = reviewing
    app.state.push = push
    app.state.friends = friends
    app.state.tournaments = tourney
    app.state.limits = limits
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
    async def meta(request: Request) -> Meta:
        header = request.headers.get("accept-language", "")
        return Meta.model_validate(
            {
                "presets": [
                    {
                        "name": name,
                        "summary": PRESET_SUMMARIES.get(name, ""),
                        "min": r.min_players,
                        "max": r.max_players,
                        "formats": list(formats_for(r)),
                    }
                    for name, r in PRESETS.items()
                ],
                "bots": list(LEVELS),
                "languages": [{"code": code, "name": LANGUAGE_NAMES[code]} for code in LANGUAGES],
                "preferred_language": negotiate_language(header.replace(";", ",").split(",")),
            }
        )

    @app.get("/api/schema")
    async def schema() -> dict[str, Any]:
        """The JSON Schema of every websocket message (docs/PROTOCOL.md describes them)."""
        return protocol_schema()

    @app.get("/api/strings/{lang}")
    async def strings(lang: str) -> Response:
        if lang not in LANGUAGES:
            return error_response(404, "unknown_language", f"no language {lang!r}")
        return JSONResponse(ui_strings(lang))

    @app.post("/api/tables", status_code=201, response_model=CreatedTable)
    async def create_table(body: CreateTable, request: Request) -> Response:
        address = client_address(request, account_settings.proxy_header)
        if await creations.spend(address) is not None:
            return error_response(429, "rate_limited", "too many tables created: wait a minute")
        try:
            config, name = parse_create(body)
        except ProtocolError as error:
            return error_response(400, error.code, error.message)
        account = await players.of_request(request)
        if config.rated and account is None:
            return error_response(401, "login_required", "log in to create a rated table")
        banned = await safety.rated_refusal(account) if config.rated else None
        if banned is not None:
            return error_response(banned.status, banned.code, banned.message)
        made = await lobby.create(config, name, account)
        if isinstance(made, Refusal):
            return error_response(503, made.code, made.message)
        table, token = made
        created = CreatedTable(table=table.table_id, seat=0, token=token)
        return JSONResponse(created.model_dump(), 201)

    @app.get("/api/my/games")
    async def my_games_route(request: Request) -> Response:
        account = await players.of_request(request)
        if account is None:
            return error_response(401, "not_logged_in", "log in to see your games")
        return JSONResponse({"games": my_games(lobby, account.account_id)})

    @app.get("/api/tables/{table_id}", response_model=TableAnswer)
    async def get_table(table_id: str) -> Response:
        table = await _find(lobby, table_id)
        if not isinstance(table, Table):
            return table
        answer = TableAnswer.model_validate({**table_info(table), "version": table.version})
        return JSONResponse(answer.model_dump(mode="json"))

    async def hidden(request: Request, table_id: str) -> Response | None:
        """The refusal of a Daily Duplicate table's record or replay (None: shown)."""
        who = await players.of_request(request)
        refused = await table_refusal(duplicate, table_id, who)
        if refused is None:
            return None
        return error_response(refused.status, refused.code, refused.message)

    app.include_router(reviews_router(reviewing, players, lambda t: _find(lobby, t), hidden))

    @app.get("/api/tables/{table_id}/record")
    async def record(request: Request, table_id: str) -> Response:
        if (refused := await hidden(request, table_id)) is not None:
            return refused
        table = await _find(lobby, table_id)
        if not isinstance(table, Table):
            return table
        text = None if table.match is None else record_text(table.match)
        if text is None:
            return error_response(409, "no_finished_round", "no round has finished yet")
        headers = {"Content-Disposition": f'attachment; filename="rami-{table_id}.jsonl"'}
        return PlainTextResponse(text, headers=headers, media_type="application/x-ndjson")

    @app.get("/api/tables/{table_id}/replay", response_model=Replay)
    async def replay(request: Request, table_id: str, lang: str = "en") -> Response:
        if (refused := await hidden(request, table_id)) is not None:
            return refused
        table = await _find(lobby, table_id)
        if not isinstance(table, Table):
            return table
        match = table.match
        if match is None or not match.finished_rounds:
            return error_response(409, "no_finished_round", "no round has finished yet")
        frames = replay_frames(match, negotiate_language([lang]))
        return JSONResponse(
            {
                "names": list(match.names),
                "rules_hash": match.rules.hash,
                "public": table.config.public,
                "match_over": match.finished,
                "frames": frames,
            }
        )

    @app.get("/rules/{lang}/{preset}", include_in_schema=False)
    async def rules_page(lang: str, preset: str) -> Response:
        if lang not in LANGUAGES or preset not in PRESETS:
            return error_response(404, "no_such_page", "no rules page there")
        try:
            html = render_rules_page(
                PRESETS[preset], lang, "html", link=lambda other: f"/rules/{other}/{preset}"
            )
        except RamiError as error:
            return error_response(500, error.code, error.message)
        return HTMLResponse(html)

    @app.get("/rules/{lang}/table/{table_id}", include_in_schema=False)
    async def table_rules_page(lang: str, table_id: str) -> Response:
        """The rules page of one table's own rules (its options may differ from its preset)."""
        if lang not in LANGUAGES:
            return error_response(404, "no_such_page", "no rules page there")
        table = await _find(lobby, table_id)
        if not isinstance(table, Table):
            return table
        html = render_rules_page(
            table.config.rules, lang, "html", link=lambda other: f"/rules/{other}/table/{table_id}"
        )
        return HTMLResponse(html)

    @app.websocket("/ws/{table_id}")
    async def socket(websocket: WebSocket, table_id: str) -> None:
        account = await players.of_websocket(websocket)
        refused = await table_refusal(duplicate, table_id, account)
        if refused is not None:  # watching a Daily Duplicate deal shows its cards
            await websocket.accept()
            await websocket.send_text(encode(error_message(refused.code, refused.message)))
            await websocket.close(code=4403)
            return
        await store.run(friends.connected, account, table_id)
        try:
            await serve_socket(websocket, lobby, table_id, connections, relay, account)
        finally:
            friends.leave(account, table_id)  # not cancelled with this handler

    return app
