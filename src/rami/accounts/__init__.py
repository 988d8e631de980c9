"""Accounts and ratings: signup and login, sessions, OpenSkill ratings by preset family,
leaderboards and player pages, in the same database as the tables (SQLite or PostgreSQL).

An upper layer like the server: it reads the presets, the bot levels and the languages, and the
server mounts :func:`accounts_router` and calls :func:`record_rated_result` when a match ends.
"""

from rami.accounts.api import accounts_router
from rami.accounts.auth import account_from_cookies, origin_allowed
from rami.accounts.config import AccountConfig
from rami.accounts.errors import AccountError
from rami.accounts.passwords import Passwords
from rami.accounts.ratings import FAMILIES, Rating, family_of
from rami.accounts.results import MatchResult, Recorded, SeatResult, SeatStats, placements
from rami.accounts.store import Account, AccountStore, record_rated_result

__all__ = [
    "FAMILIES",
    "Account",
    "AccountConfig",
    "AccountError",
    "AccountStore",
    "MatchResult",
    "Passwords",
    "Rating",
    "Recorded",
    "SeatResult",
    "SeatStats",
    "account_from_cookies",
    "accounts_router",
    "family_of",
    "origin_allowed",
    "placements",
    "record_rated_result",
]
