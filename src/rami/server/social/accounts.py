"""The server's side of accounts: who a request or a websocket is, and rated results.

An account reaches a table as an :class:`Identity` (its id and name), resolved from the
session cookie by the process that received the request or the websocket handshake; a
relayed connection carries it to the table's owner in the relay envelope, never in a message
the client writes. The join event stores it, so a restored table knows its seats' accounts.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING

from fastapi import Request
from starlette.websockets import WebSocket

from rami.accounts import (
    AccountConfig,
    AccountError,
    AccountStore,
    MatchResult,
    SeatResult,
    SeatStats,
    origin_allowed,
    placements,
    record_rated_result,
)
from rami.accounts.auth import csrf_header_matches, session_from_cookies
from rami.actions import DrawDiscard, DrawStock, Open
from rami.match import MatchState, format_of
from rami.rules import PRESETS
from rami.server.tables.identity import Identity

if TYPE_CHECKING:
    from rami.server.tables.actor import Table

log = logging.getLogger("rami.server")

QUICK_BOT = "medium"
"""The bot level that fills a quick match unless the ticket chooses another."""


class Accounts:
    """The account store and its settings, as the server's routes and sockets use them."""

    def __init__(self, store: AccountStore, config: AccountConfig) -> None:
        self.store = store
        self.config = config

    async def _identity(
        self, cookies: Mapping[str, str], headers: Mapping[str, str]
    ) -> Identity | None:
        if not origin_allowed(headers, self.config.allowed_origins):
            return None  # another site's page: it acts as a guest
        found = await session_from_cookies(self.store, cookies)
        return None if found is None else Identity(found[0].id, found[0].name)

    async def of_request(self, request: Request) -> Identity | None:
        """The logged-in account of a request (None: a guest or another site's page)."""
        return await self._identity(request.cookies, request.headers)

    async def of_websocket(self, websocket: WebSocket) -> Identity | None:
        """The logged-in account of a websocket handshake (origin checked as for a request)."""
        return await self._identity(websocket.cookies, websocket.headers)

    async def changing(self, request: Request) -> Identity:
        """The account of a changing request with its CSRF token; raises :class:`AccountError`
        (401 ``login_required``, 403 ``bad_origin``, 403 ``bad_csrf``)."""
        if not origin_allowed(request.headers, self.config.allowed_origins):
            raise AccountError(403, "bad_origin", "this request comes from another site")
        found = await session_from_cookies(self.store, request.cookies)
        if found is None:
            raise AccountError(401, "login_required", "log in first")
        secret = await self.store.run(self.store.secret)
        if not csrf_header_matches(secret, found[1], request.headers):
            raise AccountError(403, "bad_csrf", "the X-CSRF-Token header is missing or wrong")
        return Identity(found[0].id, found[0].name)

    async def record(self, result: MatchResult) -> bool:
        """Record a finished match; False when it could not be written (logged)."""
        try:
            await record_rated_result(self.store, result)
        except Exception:  # the table goes on; recording is tried again on the next load
            log.exception("table %s: the result was not recorded", result.table_id)
            return False
        return True

    def close(self) -> None:
        """Release the store."""
        self.store.close()


def seat_stats(match: MatchState) -> list[SeatStats]:
    """Each match seat's figures over the finished rounds."""
    seats = len(match.names)
    played, won, penalty, sec = [0] * seats, [0] * seats, [0] * seats, [0] * seats
    openings: list[list[int]] = [[] for _ in range(seats)]
    for finished in match.finished_rounds:
        state, result = finished.state, finished.state.result
        turns = [0] * len(finished.seats)
        for entry in state.entries():
            if isinstance(entry.action, (DrawStock, DrawDiscard)):
                turns[entry.seat] += 1
            elif isinstance(entry.action, Open):
                openings[finished.seats[entry.seat]].append(max(1, turns[entry.seat]))
        for round_seat, seat in enumerate(finished.seats):
            played[seat] += 1
            if result is not None:
                penalty[seat] += result.scores[round_seat]
                if result.winner == round_seat:
                    won[seat] += 1
                    sec[seat] += int(result.rami_sec)
    return [
        SeatStats(played[s], won[s], penalty[s], tuple(openings[s]), sec[s]) for s in range(seats)
    ]


def _eliminated_in(match: MatchState) -> list[int | None] | None:
    if match.rules.match_end != "elimination":
        return None
    totals = [0] * len(match.names)
    out: list[int | None] = [None] * len(match.names)
    for number, finished in enumerate(match.finished_rounds, start=1):
        result = finished.state.result
        if result is None:
            continue
        for round_seat, seat in enumerate(finished.seats):
            totals[seat] += result.scores[round_seat]
            if out[seat] is None and totals[seat] >= match.rules.match_limit:
                out[seat] = number
    return out


def match_result(
    table_id: str,
    preset: str,
    rated: bool,
    match: MatchState,
    accounts: list[Identity | None],
    bots: list[str | None],
    gone: list[bool] | None = None,
) -> MatchResult:
    """The result of a finished match; ``game_key`` is the table id (one match per table);
    ``gone``: the seats a bot played at the end for a person who had not come back."""
    places = placements(match.totals, match.winners, _eliminated_in(match))
    stats = seat_stats(match)
    ids = [None if who is None else who.account_id for who in accounts]
    seats = tuple(
        SeatResult(
            seat=seat,
            name=match.names[seat][:64] or "?",
            place=places[seat],
            total=match.totals[seat],
            account_id=ids[seat],
            bot=bots[seat] if ids[seat] is None else None,
            stats=stats[seat],
            left=ids[seat] is not None and bool(gone and gone[seat]),
        )
        for seat in range(len(match.names))
    )
    return MatchResult(
        game_key=f"table:{table_id}",
        table_id=table_id,
        preset=preset,
        rated=rated,
        rounds=len(match.finished_rounds),
        seats=seats,
        format=_format(match, preset),
    )


def _format(match: MatchState, preset: str) -> str:
    """The match format of the table's rules ("full" for rules of no format: never rated)."""
    base = PRESETS.get(preset)
    return (format_of(match.rules, base) if base is not None else None) or "full"


def table_result(table: Table) -> MatchResult | None:
    """The result of a table's finished match (None: unfinished, or no account sat there)."""
    match = table.match
    accounts = [seat.account for seat in table.seats]
    if match is None or not match.finished or all(who is None for who in accounts):
        return None
    bots = [seat.bot for seat in table.seats]
    gone = [seat.autoplay or seat.stand_in is not None for seat in table.seats]
    config = table.config
    return match_result(table.table_id, config.base, config.rated, match, accounts, bots, gone)


async def record_table(accounts: Accounts, table: Table) -> bool:
    """Record a table's finished match for its accounts (True: recorded, or nothing to do)."""
    result = table_result(table)
    return True if result is None else await accounts.record(result)
