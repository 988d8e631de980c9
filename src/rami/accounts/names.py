"""What an account name, a password and the settings may be.

Names are 3 to 20 ASCII letters, digits, ``_`` or ``-``, starting with a letter or a digit,
unique regardless of case (``Ana`` and ``ana`` are one name; the first spelling is kept for
display). ASCII keeps look-alike names (Cyrillic ``а`` for Latin ``a``) from impersonating each
other. The bot levels and a few words of the site are reserved, so that a person is never
mistaken for a bot on a leaderboard.
"""

from __future__ import annotations

import re
from typing import Any

from rami.accounts.errors import AccountError
from rami.bots import LEVELS
from rami.i18n import LANGUAGES

NAME_MIN, NAME_MAX = 3, 20
NAME_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")
RESERVED = frozenset({*LEVELS, "admin", "bot", "guest", "rami", "root", "system", "moderator"})
PASSWORD_MIN, PASSWORD_MAX = 8, 128
CARD_SIZES = ("small", "medium", "large")


def name_key(name: str) -> str:
    """The form two names are compared in (names differing only in case are one)."""
    return name.casefold()


def check_name(name: Any) -> str:
    """A valid new account name, or :class:`AccountError` ``bad_name``."""
    if not isinstance(name, str):
        raise AccountError(400, "bad_name", "the name must be text")
    if not NAME_MIN <= len(name) <= NAME_MAX or not NAME_PATTERN.fullmatch(name):
        raise AccountError(
            400,
            "bad_name",
            f"a name has {NAME_MIN} to {NAME_MAX} letters (a-z), digits, '_' or '-', "
            "and starts with a letter or a digit",
        )
    if name_key(name) in RESERVED:
        raise AccountError(400, "bad_name", f"the name {name!r} is reserved")
    return name


def check_password(password: Any, name: str) -> str:
    """A password acceptable for a new account, or :class:`AccountError` ``bad_password``."""
    if not isinstance(password, str):
        raise AccountError(400, "bad_password", "the password must be text")
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise AccountError(
            400, "bad_password", f"a password has {PASSWORD_MIN} to {PASSWORD_MAX} characters"
        )
    if password.casefold() == name_key(name):
        raise AccountError(400, "bad_password", "the password must differ from the name")
    return password


def check_settings(body: Any) -> dict[str, str | None]:
    """The settings in ``body``, checked: ``language`` (a code of the project's languages, or
    null to follow the browser) and ``card_size`` (``small``, ``medium``, ``large``), each
    optional."""
    if not isinstance(body, dict) or not body:
        raise AccountError(400, "bad_settings", "send an object with language and/or card_size")
    unknown = set(body) - {"language", "card_size"}
    if unknown:
        raise AccountError(400, "bad_settings", f"unknown settings: {', '.join(sorted(unknown))}")
    out: dict[str, str | None] = {}
    if "language" in body:
        language = body["language"]
        if language is not None and language not in LANGUAGES:
            known = ", ".join(LANGUAGES)
            raise AccountError(400, "bad_settings", f"language: one of {known}, or null")
        out["language"] = language
    if "card_size" in body:
        size = body["card_size"]
        if size not in CARD_SIZES:
            raise AccountError(400, "bad_settings", f"card_size: one of {', '.join(CARD_SIZES)}")
        out["card_size"] = size
    return out
