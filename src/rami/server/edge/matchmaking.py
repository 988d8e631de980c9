"""Finding a game: ``GET /api/lobby`` (public tables, read from the shared database) and the
quick-match routes ``/api/quickmatch`` (logged-in players, paired by :mod:`quickmatch`).

Routes (every refusal is ``{"code", "message"}``):

- ``GET /api/lobby``: ``{"open": [...], "live": [...]}``, at most :data:`LOBBY_MAX` of each.
- ``POST /api/quickmatch {preset, players, bots_after, format, bot_level}``: 200, the ticket; 401
  ``login_required``, 403 ``bad_origin``/``bad_csrf``, 400 ``bad_quickmatch``, 409
  ``already_waiting``, 403 ``rated_banned`` (quick-match tables are rated), 422 ``malformed``.
- ``GET /api/quickmatch/{ticket}``: 200, the ticket; 401 ``login_required``, 404
  ``no_such_ticket``.
- ``DELETE /api/quickmatch/{ticket}``: 204; 401, 403 as POST, 404 ``no_such_ticket``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rami.accounts import AccountError
from rami.bots import LEVELS
from rami.match import format_rules, formats_for
from rami.rules import PRESETS
from rami.server.edge.http_errors import error_response
from rami.server.messages.protocol import Text, describe_errors
from rami.server.social.accounts import QUICK_BOT, Accounts
from rami.server.social.lobby import Lobby
from rami.server.social.moderation import SafetyRefusal
from rami.server.social.quickmatch import BOTS_AFTER_RANGE, Pairing, QuickMatch, QuickMatchRefusal
from rami.server.tables.auth import new_table_id
from rami.server.tables.config import TableConfig
from rami.server.tables.identity import Identity
from rami.server.tables.state import Refusal

log = logging.getLogger("rami.server")

LOBBY_MAX = 50
"""Open tables and live tables ``GET /api/lobby`` lists, each."""
QUICK_TURN_SECONDS = 60
"""The turn timer of a quick-match table (strangers do not wait for each other forever)."""


class QuickMatchBody(BaseModel):
    """``POST /api/quickmatch``: the preset, the number of players, when bots may fill."""

    model_config = ConfigDict(strict=True, extra="forbid")

    preset: Annotated[Text, Field(max_length=40)] = "rami51"
    players: int = 2
    bots_after: int | None = None
    """Seconds after which bots fill the free seats (None: wait for people only)."""
    format: Annotated[Text, Field(max_length=20)] = "full"
    """The match format (``GET /api/meta`` lists each preset's)."""
    bot_level: Annotated[Text, Field(max_length=20)] = QUICK_BOT
    """The level of the bots that fill the free seats."""


def lobby_answer(rows: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """The ``GET /api/lobby`` body from the store's rows."""
    open_tables = [
        {
            "table": row["table"],
            "preset": row["preset"],
            "seats": row["seats"],
            "taken": row["taken"],
            "players": row["players"],
            "rated": row["rated"],
            "turn_seconds": row["turn_seconds"],
        }
        for row in rows
        if row["status"] == "waiting"
    ]
    live = [
        {
            "table": row["table"],
            "preset": row["preset"],
            "players": row["players"],
            "rated": row["rated"],
            "round": row["round"],
        }
        for row in rows
        if row["status"] == "playing"
    ]
    return {"open": open_tables[:LOBBY_MAX], "live": live[:LOBBY_MAX]}


def _checked(body: QuickMatchBody) -> None:
    rules = PRESETS.get(body.preset)
    if rules is None:
        raise QuickMatchRefusal(400, "bad_quickmatch", f"no preset {body.preset!r}")
    if not rules.min_players <= body.players <= rules.max_players:
        low, high = rules.min_players, rules.max_players
        raise QuickMatchRefusal(400, "bad_quickmatch", f"this preset seats {low}-{high} players")
    low, high = BOTS_AFTER_RANGE
    if body.bots_after is not None and not low <= body.bots_after <= high:
        raise QuickMatchRefusal(400, "bad_quickmatch", f"bots_after: {low}-{high} seconds or null")
    if body.format not in formats_for(rules):
        known = ", ".join(formats_for(rules))
        raise QuickMatchRefusal(400, "bad_quickmatch", f"format: one of {known}")
    if body.bot_level not in LEVELS:
        raise QuickMatchRefusal(400, "bad_quickmatch", f"bot_level: one of {', '.join(LEVELS)}")


Matched = Callable[[str, tuple[int, ...]], None]
"""Told a quick-match table's id and its accounts once it is made (the app: a push to each)."""


class _Matchmaker:
    def __init__(
        self,
        lobby: Lobby,
        accounts: Accounts,
        quick: QuickMatch,
        clock: Callable[[], float],
        on_matched: Matched | None,
    ) -> None:
        self.lobby, self.accounts, self.quick, self.clock = lobby, accounts, quick, clock
        self.on_matched = on_matched

    async def run_sync(self, method: Callable[..., Any], *args: Any) -> Any:
        return await self.accounts.store.run(method, *args)

    async def pair(self, preset: str, players: int, format: str) -> None:
        """Pair what can be paired now and create (and start) those tables."""
        now = self.clock()
        pairings = await self.run_sync(self.quick.pair, preset, players, now, new_table_id, format)
        for pairing in pairings:
            await self._open(pairing)

    async def _open(self, pairing: Pairing) -> None:
        levels = (None,) * len(pairing.accounts) + (pairing.bot_level,) * pairing.bots
        rules = format_rules(PRESETS[pairing.preset], pairing.format)
        config = TableConfig(rules, levels, QUICK_TURN_SECONDS, pairing.preset, True, True)
        people = {seat: (who.name, who) for seat, who in enumerate(pairing.accounts)}
        try:
            made = await self.lobby.create_match(config, people, pairing.table_id)
        except Exception:  # the tickets wait again; the next poll pairs them anew
            log.exception("quick-match table %s was not created", pairing.table_id)
            made = None
        if isinstance(made, Refusal):
            log.error("quick-match table %s was not created: %s", pairing.table_id, made)
        if made is None or isinstance(made, Refusal):
            await self.run_sync(self.quick.unpair, pairing.table_id)
        elif self.on_matched is not None:
            self.on_matched(pairing.table_id, tuple(a.account_id for a in pairing.accounts))

    async def enqueue(self, request: Request) -> Response:
        who = await self.accounts.changing(request)
        banned = None if self.lobby.safety is None else await self.lobby.safety.rated_refusal(who)
        if banned is not None:
            raise banned
        try:
            body = QuickMatchBody.model_validate_json(await request.body())
        except ValidationError as error:
            problems = error.errors(include_input=False, include_url=False)
            return error_response(422, "malformed", describe_errors(problems))
        _checked(body)
        ticket = await self.run_sync(
            self.quick.enqueue,
            who,
            body.preset,
            body.players,
            body.bots_after,
            self.clock(),
            body.format,
            body.bot_level,
        )
        await self.pair(body.preset, body.players, body.format)
        return await self.answer(who, ticket.ticket)

    async def answer(self, who: Identity, ticket_id: str) -> Response:
        ticket = await self.run_sync(self.quick.get, ticket_id, who.account_id)
        if ticket is None:
            return error_response(404, "no_such_ticket", "no such quick-match ticket")
        return JSONResponse(ticket.answer())

    async def poll(self, request: Request, ticket_id: str) -> Response:
        who = await self.accounts.of_request(request)
        if who is None:
            return error_response(401, "login_required", "log in first")
        ticket = await self.run_sync(self.quick.get, ticket_id, who.account_id)
        if ticket is not None and ticket.status == "waiting":
            await self.pair(ticket.preset, ticket.players, ticket.format)
        return await self.answer(who, ticket_id)

    async def cancel(self, request: Request, ticket_id: str) -> Response:
        who = await self.accounts.changing(request)
        if not await self.run_sync(self.quick.cancel, ticket_id, who.account_id):
            return error_response(404, "no_such_ticket", "no such quick-match ticket")
        return Response(status_code=204)


def _refusals(handler: Callable[..., Awaitable[Response]]) -> Callable[..., Awaitable[Response]]:
    """``handler`` with its account and quick-match refusals answered as JSON."""

    async def wrapped(*args: Any, **kwargs: Any) -> Response:
        try:
            response = await handler(*args, **kwargs)
        except (AccountError, QuickMatchRefusal, SafetyRefusal) as refusal:
            return error_response(refusal.status, refusal.code, refusal.message)
        return response

    return wrapped


def matchmaking_router(
    lobby: Lobby,
    accounts: Accounts,
    quick: QuickMatch,
    clock: Callable[[], float],
    on_matched: Matched | None = None,
) -> APIRouter:
    """The lobby listing and the quick-match routes (see the module for the table);
    ``on_matched`` is told of each quick-match table made."""
    maker = _Matchmaker(lobby, accounts, quick, clock, on_matched)
    router = APIRouter(prefix="/api", tags=["matchmaking"])

    @router.get("/lobby")
    async def public_tables() -> dict[str, list[dict[str, Any]]]:
        rows = await asyncio.to_thread(lobby.storage.lobby_rows, LOBBY_MAX)
        return lobby_answer(rows)

    @router.post("/quickmatch")
    async def enqueue(request: Request) -> Response:
        return await _refusals(maker.enqueue)(request)

    @router.get("/quickmatch/{ticket}")
    async def poll(request: Request, ticket: str) -> Response:
        return await _refusals(maker.poll)(request, ticket)

    @router.delete("/quickmatch/{ticket}", status_code=204)
    async def cancel(request: Request, ticket: str) -> Response:
        return await _refusals(maker.cancel)(request, ticket)

    return router
