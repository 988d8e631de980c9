"""Who is asking: the session behind a request's cookies, and the checks on changing requests.

CSRF protection, two layers:

1. **Origin check** on every ``POST`` and ``PUT`` of the accounts API (login and signup
   included, which stops login CSRF): a request whose ``Origin`` header names another host than
   its ``Host`` header, or ``null``, is refused (403 ``bad_origin``) unless that origin is in the
   configured allowed origins. A request with no ``Origin`` (not a browser) passes this layer.
2. **Session-bound token** on every cookie-authenticated change (logout, logout everywhere,
   settings): the request carries the header ``X-CSRF-Token`` with the session's CSRF token
   (an HMAC of the session, returned by signup, login and ``GET /api/me`` as ``csrf_token`` and
   kept in the script-readable cookie ``rami_csrf``); otherwise 403 ``bad_csrf``. Another site
   can neither read the token nor set the header.

The session cookie is also ``SameSite=Lax``, so other sites' forms and scripts do not send it.
The websocket handshake can use :func:`origin_allowed` the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from urllib.parse import urlsplit

from rami.accounts.sessions import (
    CSRF_HEADER,
    SESSION_COOKIE,
    csrf_matches,
    session_hash,
    token_from_cookie,
)
from rami.accounts.store import Account, AccountStore


def origin_allowed(headers: Mapping[str, str], allowed: Iterable[str] = ()) -> bool:
    """False when the request's ``Origin`` is another site than its ``Host``."""
    origin = headers.get("origin")
    if origin is None:
        return True
    if origin in set(allowed):
        return True
    netloc = urlsplit(origin).netloc.lower()
    return bool(netloc) and netloc == headers.get("host", "").lower()


async def session_from_cookies(
    store: AccountStore, cookies: Mapping[str, str]
) -> tuple[Account, str] | None:
    """The account and session hash of the live session in ``cookies``, or None."""
    secret = await store.run(store.secret)
    token = token_from_cookie(secret, cookies.get(SESSION_COOKIE))
    if token is None:
        return None
    token_hash = session_hash(token)
    account = await store.run(store.session_account, token_hash)
    return None if account is None else (account, token_hash)


async def account_from_cookies(store: AccountStore, cookies: Mapping[str, str]) -> Account | None:
    """The logged-in account of a request or websocket (its ``.cookies``), or None (a guest)."""
    found = await session_from_cookies(store, cookies)
    return None if found is None else found[0]


def csrf_header_matches(secret: bytes, token_hash: str, headers: Mapping[str, str]) -> bool:
    """True when the request carries its session's CSRF token."""
    return csrf_matches(secret, token_hash, headers.get(CSRF_HEADER))
