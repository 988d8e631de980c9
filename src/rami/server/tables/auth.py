"""Seat tokens: a secret per seat, stored only as a hash, compared in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    """A fresh seat token (URL-safe text)."""
    return secrets.token_urlsafe(18)


def token_hash(token: str) -> str:
    """The stored form of a token."""
    return hashlib.sha256(f"rami-seat|{token}".encode()).hexdigest()


def token_matches(token: str, stored_hash: str) -> bool:
    """True when ``token`` is the one whose hash is ``stored_hash``."""
    return bool(stored_hash) and hmac.compare_digest(token_hash(token), stored_hash)


def new_table_id() -> str:
    """A short, unguessable table id."""
    return secrets.token_urlsafe(8).replace("-", "x").replace("_", "y")
