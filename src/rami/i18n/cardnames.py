"""Card names in every language: ``card_name(KH, "pt") == "rei de copas"``."""

from __future__ import annotations

from rami.cards import JOKER, SUIT_SYMBOLS, Card, rank_of, suit_of
from rami.i18n.translator import NC_, translator

RANKS = (
    NC_("card rank", "ace"),
    NC_("card rank", "two"),
    NC_("card rank", "three"),
    NC_("card rank", "four"),
    NC_("card rank", "five"),
    NC_("card rank", "six"),
    NC_("card rank", "seven"),
    NC_("card rank", "eight"),
    NC_("card rank", "nine"),
    NC_("card rank", "ten"),
    NC_("card rank", "jack"),
    NC_("card rank", "queen"),
    NC_("card rank", "king"),
)
SUITS = (
    NC_("card suit", "clubs"),
    NC_("card suit", "diamonds"),
    NC_("card suit", "hearts"),
    NC_("card suit", "spades"),
)
LETTERS = {
    1: NC_("rank letter", "A"),
    11: NC_("rank letter", "J"),
    12: NC_("rank letter", "Q"),
    13: NC_("rank letter", "K"),
}
JOKER_NAME = NC_("card", "joker")
# TRANSLATORS: a card's name from its rank and suit names, e.g. "rei de copas".
NAME_PATTERN = NC_("card name", "{rank} of {suit}")
RED_SUITS = frozenset({1, 2})


def rank_name(rank: int, lang: str) -> str:
    """The name of a rank (1 = ace … 13 = king, 14 = ace): ``"king"``, ``"rei"``."""
    return translator(lang).marked(RANKS[(rank - 1) % 13])


def suit_name(suit: int, lang: str) -> str:
    """The name of a suit (0-3: clubs, diamonds, hearts, spades): ``"copas"``."""
    return translator(lang).marked(SUITS[suit])


def card_name(card: Card, lang: str) -> str:
    """The full name of a card: ``"king of hearts"``, ``"rei de copas"``, ``"joker"``."""
    tr = translator(lang)
    if card == JOKER:
        return tr.marked(JOKER_NAME)
    return tr.marked(
        NAME_PATTERN, rank=rank_name(rank_of(card), lang), suit=suit_name(suit_of(card), lang)
    )


def rank_letter(rank: int, lang: str) -> str:
    """The index printed in a card's corner: ``"K"``, French ``"R"``, Polish ``"K"``."""
    rank = (rank - 1) % 13 + 1
    letter = LETTERS.get(rank)
    return translator(lang).marked(letter) if letter else str(rank)


def card_symbol(card: Card, lang: str) -> str:
    """A card's short face with its suit symbol: ``"K♥"``, French ``"R♥"``, ``"🃏"``."""
    if card == JOKER:
        return "🃏"
    return rank_letter(rank_of(card), lang) + SUIT_SYMBOLS[suit_of(card)]


def is_red(card: Card) -> bool:
    """True for hearts and diamonds."""
    return suit_of(card) in RED_SUITS
