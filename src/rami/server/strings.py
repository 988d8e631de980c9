"""The web page's words: English messages marked for the shared catalogs, served translated.

The page asks ``/api/strings/<lang>`` once and looks every message up by its English text;
card names and corner letters come from :mod:`rami.i18n` so they match the terminal client.
"""

from __future__ import annotations

from typing import Any

from rami.cards import JOKER, card_text
from rami.i18n import LANGUAGE_NAMES, N_, card_name, rank_letter, suit_name, translator

STRINGS: tuple[str, ...] = ()
"""Every message the page shows (filled in with the page's words)."""

ERRORS: dict[str, str] = {}
"""Refusal codes with a message in words (the server's own message is shown otherwise)."""


def ui_strings(lang: str) -> dict[str, Any]:
    """Everything the page needs to speak ``lang``."""
    tr = translator(lang)
    return {
        "lang": lang,
        "language": LANGUAGE_NAMES[lang],
        "strings": {message: tr.gettext(message) for message in STRINGS},
        "errors": {code: tr.gettext(message) for code, message in ERRORS.items()},
        "cards": {card_text(c): card_name(c, lang) for c in [*range(52), JOKER]},
        "letters": {str(rank): rank_letter(rank, lang) for rank in range(1, 14)},
        "suits": [suit_name(suit, lang) for suit in range(4)],
    }


_ = N_
