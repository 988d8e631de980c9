"""The settings of the accounts API."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from rami.accounts.budgets import Budgets, MemoryBudgets
from rami.accounts.passwords import Passwords


@dataclass(slots=True)
class AccountConfig:
    """How the accounts API behaves; the defaults suit a public server.

    Each limit is ``(hits, seconds)`` per key; ``rami serve`` sets them from its settings
    (docs/DEPLOY.md).
    """

    session_days: float = 30.0
    secure_cookies: bool | None = None
    """Mark cookies ``Secure``; None: when the request came over https."""
    allowed_origins: frozenset[str] = frozenset()
    """Other origins (``https://host``) whose pages may call the API."""
    login_failures_per_name: tuple[int, float] = (10, 900.0)
    login_failures_per_address: tuple[int, float] = (30, 900.0)
    logins_per_name: tuple[int, float] = (10, 300.0)
    """Login attempts, successful or not, for one name."""
    logins_per_address: tuple[int, float] = (30, 300.0)
    """Login attempts, successful or not, from one client address."""
    signups_per_address: tuple[int, float] = (5, 3600.0)
    passwords: Passwords = field(default_factory=Passwords)
    limiter_clock: Callable[[], float] | None = None
    """The clock of the in-memory rate limits (tests pass a fake one); None: monotonic."""
    budgets: Budgets | None = None
    """Where the rate limits are counted; None: in memory (with ``limiter_clock``)."""
    proxy_header: str | None = None
    """The header a trusted reverse proxy puts the client's address in (its last entry is
    taken, e.g. ``X-Forwarded-For``); None: the address of the connection's peer."""

    def counting(self) -> Budgets:
        """The budgets of the rate limits."""
        return self.budgets if self.budgets is not None else MemoryBudgets(self.limiter_clock)
