"""Bot levels in words: one function for every client (terminal, web pages, server messages)."""

from __future__ import annotations

from rami.i18n.translator import NC_, translator

LEVEL_WORDS = {
    "random": NC_("bot level", "random"),
    "easy": NC_("bot level", "easy"),
    "medium": NC_("bot level", "medium"),
    "hard": NC_("bot level", "hard"),
    "expert": NC_("bot level", "expert"),
}
"""The words of each bot level the project knows (its code is the key)."""


def level_name(level: str, lang: str) -> str:
    """The bot level ``level`` in ``lang``; a level without words is shown as its code."""
    words = LEVEL_WORDS.get(level)
    return translator(lang).marked(words) if words is not None else level


def bot_seat_name(number: int, level: str, lang: str) -> str:
    """A bot's seat name in ``lang``: "Bot 2 (medium)" for seat number 2 (counted from 1)."""
    return translator(lang).gettext(
        "Bot {number} ({level})", number=number, level=level_name(level, lang)
    )
