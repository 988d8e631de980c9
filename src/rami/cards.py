"""Cards as small integers, the one text notation (``QH 10S AC JK``) and decks.

A card is an ``int``: ``suit * 13 + rank - 1`` for rank 1 (ace) to 13 (king) and suit
0-3 (clubs, diamonds, hearts, spades); the joker is 52. Twins from different decks share a
code, so a hand is a multiset: a sorted tuple of codes. Sorting codes sorts by suit, then rank.
"""

from __future__ import annotations

from collections.abc import Iterable

from rami.errors import InvalidCardError

Card = int
JOKER: Card = 52
SUITS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_TEXT = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_NAMES = (
    "",
    "ace",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
)
_RANK_BY_TEXT = {text: rank for rank, text in enumerate(RANK_TEXT) if text}
_RANK_BY_TEXT["T"] = 10
_SUIT_BY_TEXT = {
    **{s: i for i, s in enumerate(SUITS)},
    **{s: i for i, s in enumerate(SUIT_SYMBOLS)},
}
_SUIT_BY_TEXT.update({"\u2667": 0, "\u2662": 1, "\u2661": 2, "\u2664": 3})


def make_card(rank: int, suit: int) -> Card:
    """The card of ``rank`` (1 = ace … 13 = king; 14 = ace high) and ``suit`` (0-3)."""
    if rank == 14:
        rank = 1
    if not (1 <= rank <= 13 and 0 <= suit <= 3):
        raise InvalidCardError(f"no card has rank {rank} and suit {suit}")
    return suit * 13 + rank - 1


def rank_of(card: Card) -> int:
    """Rank 1 (ace) to 13 (king); 0 for the joker."""
    return 0 if card == JOKER else card % 13 + 1


def suit_of(card: Card) -> int:
    """Suit 0-3 (clubs, diamonds, hearts, spades); -1 for the joker."""
    return -1 if card == JOKER else card // 13


def is_joker(card: Card) -> bool:
    """True for the joker."""
    return card == JOKER


def parse_card(text: str) -> Card:
    """Parse one card: ``QH``, ``10S``, ``AC``, ``Q♥``, ``JK`` (case-insensitive)."""
    token = text.strip()
    upper = token.upper()
    if upper in ("JK", "JOKER", "🃏"):
        return JOKER
    if len(upper) >= 2:
        rank = _RANK_BY_TEXT.get(upper[:-1])
        suit = _SUIT_BY_TEXT.get(upper[-1])
        if rank is not None and suit is not None:
            return suit * 13 + rank - 1
    raise InvalidCardError(f"'{text}' is not a card (write e.g. QH, 10S, AC or JK)")


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas, or an iterable of card tokens."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return tuple(parse_card(token) for token in tokens)


def card_text(card: Card) -> str:
    """The notation of a card: ``QH``, ``10S``, ``JK``."""
    if card == JOKER:
        return "JK"
    if not 0 <= card < 52:
        raise InvalidCardError(f"{card} is not a card code")
    return RANK_TEXT[card % 13 + 1] + SUITS[card // 13]


def pretty_card(card: Card) -> str:
    """A card with its suit symbol: ``Q♥``, ``10♠``, ``🃏``."""
    if card == JOKER:
        return "🃏"
    return RANK_TEXT[card % 13 + 1] + SUIT_SYMBOLS[card // 13]


def cards_text(cards: Iterable[Card], pretty: bool = False) -> str:
    """Cards in notation, separated by spaces."""
    show = pretty_card if pretty else card_text
    return " ".join(show(card) for card in cards)


def build_deck(decks: int, jokers: int) -> tuple[Card, ...]:
    """An unshuffled deck: ``decks`` copies of the 52 cards plus ``jokers`` jokers."""
    return tuple(card for _ in range(decks) for card in range(52)) + (JOKER,) * jokers
