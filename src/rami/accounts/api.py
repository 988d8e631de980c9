"""The accounts HTTP API: signup, login, logout, the own account, leaderboard, player pages.

``accounts_router(store)`` gives an :class:`fastapi.APIRouter` with these routes (every error
is ``{"code", "message"}``):

Routes (answer; refusals besides the shared ones below):

- ``POST /api/signup {name, password}``: 201, the account, sets the cookies; 400 ``bad_name``,
  ``bad_password``, 409 ``name_taken``, 429 ``rate_limited``.
- ``POST /api/login {name, password}``: 200, the account, sets the cookies; 401 ``bad_login``,
  429 ``rate_limited``.
- ``POST /api/logout``: 200, this session revoked; ``POST /api/logout-everywhere``: 200
  ``{"revoked": n}``, every session of the account revoked.
- ``GET /api/me``: 200, name, ratings, settings and ``csrf_token``.
- ``PUT /api/me/settings {language?, card_size?}``: 200, the settings; 400 ``bad_settings``.
- ``GET /api/me/preferences``: 200, how the account sees the cards
  (:mod:`rami.accounts.preferences`); ``PUT`` with some of them: 200, all of them after the
  change; 400 ``bad_preferences``.
- ``GET /api/leaderboard?preset=rami51&limit=50&offset=0``: 200, the family's players by shown
  rating and the bots' fixed ratings; 400 ``unknown_preset``, ``bad_query``.
- ``GET /api/players/{name}?games=20``: 200, ratings with history, latest games, statistics;
  404 ``no_such_player``.
- ``GET /api/results/{table}``: 200, a finished table's recorded result: each seat's place,
  total and (rated) rating before and after; 404 ``no_such_result`` (not recorded, or not yet).

A route needing a session answers 401 ``not_logged_in`` without one, and a changing one 403
``bad_csrf`` without its CSRF header; a body is a JSON object of at most 4 KiB (400
``malformed``, 413 ``too_large``).
Every ``POST``/``PUT`` also passes the origin check (403 ``bad_origin``); see
:mod:`rami.accounts.auth` for the CSRF design. Logins (all, and the failed ones) are limited per
name and per client address, signups per address, each counted before the password is hashed
or checked (the client address is the peer's, or the last entry of the trusted proxy header
:attr:`AccountConfig.proxy_header`).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from rami.accounts.answers import (
    RateLimited,
    answers,
    client_address,
    int_param,
    json_body,
)
from rami.accounts.auth import csrf_header_matches, origin_allowed, session_from_cookies
from rami.accounts.botratings import BOT_RATINGS
from rami.accounts.budgets import Budget
from rami.accounts.config import AccountConfig
from rami.accounts.errors import AccountError
from rami.accounts.names import PASSWORD_MAX, check_name, check_password, check_settings, name_key
from rami.accounts.preferences import check_change
from rami.accounts.ratings import FAMILIES, family_of
from rami.accounts.sessions import (
    CSRF_COOKIE,
    SESSION_COOKIE,
    cookie_value,
    csrf_token,
    new_session_token,
    session_hash,
)
from rami.accounts.store import Account, AccountStore

DAY = 86_400.0


class _Api:
    """The route logic, sharing the store, the configuration and the rate limits."""

    def __init__(self, store: AccountStore, config: AccountConfig) -> None:
        self.store = store
        self.config = config
        budgets = config.counting()
        self.failures_by_name = budgets.budget(
            "login-failures-name", *config.login_failures_per_name
        )
        self.failures_by_address = budgets.budget(
            "login-failures-address", *config.login_failures_per_address
        )
        self.logins_by_name = budgets.budget("logins-name", *config.logins_per_name)
        self.logins_by_address = budgets.budget("logins-address", *config.logins_per_address)
        self.signups = budgets.budget("signups-address", *config.signups_per_address)

    def address(self, request: Request) -> str:
        return client_address(request, self.config.proxy_header)

    def check_origin(self, request: Request) -> None:
        if not origin_allowed(request.headers, self.config.allowed_origins):
            raise AccountError(403, "bad_origin", "this request comes from another site")

    async def session(self, request: Request, change: bool) -> tuple[Account, str]:
        found = await session_from_cookies(self.store, request.cookies)
        if found is None:
            raise AccountError(401, "not_logged_in", "log in first")
        if change:
            self.check_origin(request)
            secret = await self.store.run(self.store.secret)
            if not csrf_header_matches(secret, found[1], request.headers):
                raise AccountError(403, "bad_csrf", "the X-CSRF-Token header is missing or wrong")
        return found

    async def me(self, account: Account, token_hash: str) -> dict[str, Any]:
        ratings = await self.store.run(self.store.ratings, account.id)
        secret = await self.store.run(self.store.secret)
        return {
            "name": account.name,
            "ratings": {
                f: {**r.to_json(games), "games": games} for f, (r, games) in ratings.items()
            },
            "settings": account.settings(),
            "csrf_token": csrf_token(secret, token_hash),
        }

    async def logged_in(self, request: Request, account: Account, status: int) -> Response:
        token = new_session_token()
        token_hash = session_hash(token)
        lifetime = self.config.session_days * DAY
        await self.store.run(self.store.create_session, account.id, token_hash, lifetime)
        secret = await self.store.run(self.store.secret)
        body = await self.me(account, token_hash)
        response = JSONResponse(body, status_code=status)
        secure = self._secure(request)
        for name, value, http_only in (
            (SESSION_COOKIE, cookie_value(secret, token), True),
            (CSRF_COOKIE, body["csrf_token"], False),
        ):
            response.set_cookie(
                name,
                value,
                max_age=int(lifetime),
                path="/",
                secure=secure,
                httponly=http_only,
                samesite="lax",
            )
        return response

    def _secure(self, request: Request) -> bool:
        if self.config.secure_cookies is not None:
            return self.config.secure_cookies
        return request.url.scheme == "https"

    def logged_out(self, request: Request, body: dict[str, Any]) -> Response:
        response = JSONResponse(body)
        secure = self._secure(request)
        for name, http_only in ((SESSION_COOKIE, True), (CSRF_COOKIE, False)):
            response.delete_cookie(
                name, path="/", secure=secure, httponly=http_only, samesite="lax"
            )
        return response

    async def signup(self, request: Request) -> Response:
        self.check_origin(request)
        body = await json_body(request)
        name = check_name(body.get("name"))
        password = check_password(body.get("password"), name)
        address = self.address(request)
        await _spend_all([(self.signups, "signups from this address", address)])
        try:
            if await self.store.run(self.store.account_named, name) is not None:
                raise AccountError(409, "name_taken", "that name is taken")
            password_hash = await self.config.passwords.hash_async(password)
            account = await self.store.run(self.store.create_account, name, password_hash)
        except AccountError:
            await self.signups.refund(address)  # no account was made
            raise
        return await self.logged_in(request, account, 201)

    async def login(self, request: Request) -> Response:
        self.check_origin(request)
        body = await json_body(request)
        name, password = body.get("name"), body.get("password")
        if not isinstance(name, str) or not isinstance(password, str):
            raise AccountError(400, "malformed", "send name and password as text")
        key, address = name_key(name)[:64], self.address(request)
        await _spend_all(
            [
                (self.failures_by_name, "failed logins for this name", key),
                (self.failures_by_address, "failed logins from this address", address),
                (self.logins_by_name, "logins for this name", key),
                (self.logins_by_address, "logins from this address", address),
            ]
        )
        found = None
        if len(password) <= PASSWORD_MAX:
            found = await self.store.run(self.store.credentials, name)
        stored = None if found is None else found[1]
        passwords = self.config.passwords
        if found is None or not await passwords.verify_async(stored, password):
            raise AccountError(401, "bad_login", "wrong name or password")
        account, stored_hash = found
        if account.closed is not None:
            raise AccountError(403, "account_closed", "a moderator closed this account")
        await self.failures_by_name.clear(key)
        await self.failures_by_address.refund(address)
        if passwords.needs_rehash(stored_hash):
            new_hash = await passwords.hash_async(password)
            await self.store.run(self.store.set_password_hash, account.id, new_hash)
        return await self.logged_in(request, account, 200)

    async def leaderboard(self, request: Request) -> Response:
        family = family_of(request.query_params.get("preset", "rami51"))
        limit = int_param(request, "limit", 50, 1, 200)
        offset = int_param(request, "offset", 0, 0, 1_000_000)
        players = await self.store.run(self.store.leaderboard, family, limit, offset)
        bots = [{"level": level, **r.to_json()} for level, r in BOT_RATINGS.items()]  # settled
        body = {"family": family, "presets": list(FAMILIES[family]), "players": players}
        return JSONResponse({**body, "bots": sorted(bots, key=lambda b: -b["rating"])})


async def _spend_all(budgets: list[tuple[Budget, str, str]]) -> None:
    """Spend one hit of each ``(budget, what, key)``, or none: raises :class:`RateLimited`
    (the hits already spent taken back) at the first budget that is used up."""
    for index, (budget, what, key) in enumerate(budgets):
        wait = await budget.spend(key)
        if wait is not None:
            for spent, _what, spent_key in budgets[:index]:
                await spent.refund(spent_key)
            raise RateLimited(what, wait)


def accounts_router(store: AccountStore, config: AccountConfig | None = None) -> APIRouter:
    """The accounts routes on ``store`` (see the module for the table of routes)."""
    api = _Api(store, config or AccountConfig())
    router = APIRouter(prefix="/api", tags=["accounts"])

    @router.post("/signup", status_code=201)
    @answers
    async def signup(request: Request) -> Response:
        return await api.signup(request)

    @router.post("/login")
    @answers
    async def login(request: Request) -> Response:
        return await api.login(request)

    @router.post("/logout")
    @answers
    async def logout(request: Request) -> Response:
        _account, token_hash = await api.session(request, change=True)
        await store.run(store.end_session, token_hash)
        return api.logged_out(request, {"logged_out": True})

    @router.post("/logout-everywhere")
    @answers
    async def logout_everywhere(request: Request) -> Response:
        account, _token_hash = await api.session(request, change=True)
        revoked = await store.run(store.end_all_sessions, account.id)
        return api.logged_out(request, {"logged_out": True, "revoked": revoked})

    @router.get("/me")
    @answers
    async def me(request: Request) -> Response:
        account, token_hash = await api.session(request, change=False)
        return JSONResponse(await api.me(account, token_hash))

    @router.put("/me/settings")
    @answers
    async def settings(request: Request) -> Response:
        account, _token_hash = await api.session(request, change=True)
        changes = check_settings(await json_body(request))
        updated = await store.run(store.update_settings, account.id, changes)
        return JSONResponse(updated.settings())

    @router.get("/me/preferences")
    @answers
    async def preferences(request: Request) -> Response:
        account, _token_hash = await api.session(request, change=False)
        found = await store.run(store.preferences, account.id)
        return JSONResponse(found.model_dump())

    @router.put("/me/preferences")
    @answers
    async def change_preferences(request: Request) -> Response:
        account, _token_hash = await api.session(request, change=True)
        change = check_change(await json_body(request))
        updated = await store.run(store.update_preferences, account.id, change)
        return JSONResponse(updated.model_dump())

    @router.get("/leaderboard")
    @answers
    async def leaderboard(request: Request) -> Response:
        return await api.leaderboard(request)

    @router.get("/players/{name}")
    @answers
    async def player(request: Request, name: str) -> Response:
        games = int_param(request, "games", 20, 1, 200)
        found = await store.run(store.profile, name, games)
        if found is None:
            raise AccountError(404, "no_such_player", f"no player called {name!r}")
        return JSONResponse(found)

    @router.get("/results/{table_id}")
    @answers
    async def result(request: Request, table_id: str) -> Response:
        found = await store.run(store.game_result, f"table:{table_id[:64]}")
        if found is None:
            raise AccountError(404, "no_such_result", "no recorded result for this table")
        return JSONResponse(found)

    return router
