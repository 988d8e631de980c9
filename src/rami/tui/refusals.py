"""The engine's refusals in the player's language, said by the one catalog
(:mod:`rami.i18n.refusals`) with the refusal's facts and the cards as the terminal shows them."""

from __future__ import annotations

from rami.errors import RamiError
from rami.i18n.refusals import refusal_words
from rami.tui.render import face


def refusal_text(error: RamiError, lang: str) -> str:
    """Why a move was refused, in words, in ``lang``."""
    return refusal_words(
        error.code,
        error.facts,
        lang,
        card_words=lambda card: face(card, lang),
        fallback=error.message,
    )
