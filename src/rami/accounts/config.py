"""The settings of the accounts API."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from rami.accounts.passwords import Passwords


@dataclass(slots=True)
class AccountConfig:
    """How the accounts API behaves; the defaults suit a public server."""

    session_days: float = 30.0
    secure_cookies: bool | None = None
    """Mark cookies ``Secure``; None: when the request came over https."""
    allowed_origins: frozenset[str] = frozenset()
    """Other origins (``https://host``) whose pages may call the API."""
    login_failures_per_name: tuple[int, float] = (10, 900.0)
    login_failures_per_address: tuple[int, float] = (30, 900.0)
    signups_per_address: tuple[int, float] = (5, 3600.0)
    passwords: Passwords = field(default_factory=Passwords)
    limiter_clock: Callable[[], float] | None = None
    """The clock of the rate limits (tests pass a fake one); None: ``time.monotonic``."""
