"""Session tokens, their signed cookie form and the CSRF token bound to each session.

A session is a random 256-bit token. The browser holds ``token.signature`` in the HttpOnly,
SameSite=Lax cookie ``rami_session`` (the signature is an HMAC-SHA256 under the server secret,
so a forged or truncated cookie is refused before any database look-up); the database holds only
the token's SHA-256, so a copy of the database opens no session. The CSRF token is an HMAC of
the session's hash: it changes with each login and needs no storage.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

SESSION_COOKIE = "rami_session"
CSRF_COOKIE = "rami_csrf"
CSRF_HEADER = "X-CSRF-Token"


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def _mac(secret: bytes, purpose: str, text: str) -> str:
    return _b64(hmac.new(secret, f"{purpose}|{text}".encode(), hashlib.sha256).digest())


def new_session_token() -> str:
    """A fresh session token."""
    return secrets.token_urlsafe(32)


def session_hash(token: str) -> str:
    """The stored form of a session token."""
    return hashlib.sha256(f"rami-session|{token}".encode()).hexdigest()


def cookie_value(secret: bytes, token: str) -> str:
    """The signed cookie holding ``token``."""
    return f"{token}.{_mac(secret, 'session', token)}"


def token_from_cookie(secret: bytes, value: str | None) -> str | None:
    """The token in a signed cookie, or None when the cookie is absent or its signature wrong."""
    if not value or len(value) > 256 or "." not in value:
        return None
    token, _, signature = value.rpartition(".")
    if not token or not hmac.compare_digest(signature, _mac(secret, "session", token)):
        return None
    return token


def csrf_token(secret: bytes, token_hash: str) -> str:
    """The CSRF token of the session whose hash is ``token_hash``."""
    return _mac(secret, "csrf", token_hash)


def csrf_matches(secret: bytes, token_hash: str, sent: str | None) -> bool:
    """True when ``sent`` is the CSRF token of that session."""
    return bool(sent) and hmac.compare_digest(str(sent), csrf_token(secret, token_hash))
