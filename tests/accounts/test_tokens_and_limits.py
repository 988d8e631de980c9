"""The pieces under the API: signed session cookies, CSRF tokens, rate-limit windows."""

from __future__ import annotations

import pytest
from accounts_helpers import FakeClock

from rami.accounts import Passwords, origin_allowed
from rami.accounts import ratelimit as ratelimit_module
from rami.accounts.ratelimit import RateLimiter
from rami.accounts.sessions import (
    cookie_value,
    csrf_matches,
    csrf_token,
    new_session_token,
    session_hash,
    token_from_cookie,
)

KEY, OTHER_KEY = b"k" * 32, b"o" * 32


def test_a_cookie_opens_only_under_its_own_key() -> None:
    token = new_session_token()
    value = cookie_value(KEY, token)
    assert token_from_cookie(KEY, value) == token
    assert token_from_cookie(OTHER_KEY, value) is None
    assert token_from_cookie(KEY, None) is None
    assert token_from_cookie(KEY, "x" * 300) is None
    assert new_session_token() != token


def test_csrf_tokens_belong_to_one_session() -> None:
    first, second = session_hash("a"), session_hash("b")
    token = csrf_token(KEY, first)
    assert csrf_matches(KEY, first, token)
    assert not csrf_matches(KEY, second, token)
    assert not csrf_matches(OTHER_KEY, first, token)
    assert not csrf_matches(KEY, first, None)
    assert not csrf_matches(KEY, first, "")


def test_origins() -> None:
    assert origin_allowed({"host": "rami.example"})
    assert origin_allowed({"host": "rami.example", "origin": "https://rami.example"})
    assert origin_allowed({"host": "Rami.Example:8000", "origin": "http://rami.example:8000"})
    assert not origin_allowed({"host": "rami.example", "origin": "https://rami.example:444"})
    assert not origin_allowed({"host": "rami.example", "origin": "null"})
    assert not origin_allowed({"origin": "https://rami.example"})
    allowed = ["https://app.example"]
    assert origin_allowed({"host": "api.example", "origin": "https://app.example"}, allowed)


def test_a_window_slides() -> None:
    clock = FakeClock(0.0)
    limiter = RateLimiter(2, 10.0, clock)
    limiter.hit("a")
    clock.advance(4)
    limiter.hit("a")
    assert limiter.retry_after("a") == 6.0
    assert limiter.retry_after("b") is None
    clock.advance(6)
    assert limiter.retry_after("a") is None
    limiter.hit("a")
    assert limiter.retry_after("a") == 4.0
    limiter.undo("a")
    assert limiter.retry_after("a") is None
    limiter.forget("a")
    limiter.hit("a")
    assert limiter.retry_after("a") is None


def test_the_limiter_forgets_the_oldest_keys_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ratelimit_module, "MAX_KEYS", 3)
    limiter = RateLimiter(1, 100.0, FakeClock(0.0))
    for key in ("a", "b", "c"):
        limiter.hit(key)
    limiter.hit("a")  # a is now the most recent
    limiter.hit("d")  # b goes
    assert limiter.retry_after("b") is None
    assert all(limiter.retry_after(k) is not None for k in ("a", "c", "d"))


def test_the_default_hash_is_argon2id_at_the_stated_cost() -> None:
    passwords = Passwords()
    stored = passwords.hash("a long enough password")
    assert stored.startswith("$argon2id$v=19$m=19456,t=2,p=1$")
    assert passwords.verify(stored, "a long enough password")
    assert not passwords.verify(stored, "another password")
    assert not passwords.verify(None, "a long enough password")
    assert not passwords.verify("not a hash", "a long enough password")
    assert not passwords.needs_rehash(stored)
