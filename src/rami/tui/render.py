"""Cards, melds and hands as Rich text: coloured suits, distinct jokers, selection marks."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from rami.cards import JOKER, Card, rank_of, suit_of
from rami.i18n import card_symbol, is_red
from rami.melds import Meld

CHIP = 4
"""Cells taken by one card face in a hand (a gap of one cell follows it)."""
SLOT = CHIP + 1

FACE = Style(color="black", bgcolor="grey93")
RED_FACE = Style(color="red3", bgcolor="grey93", bold=True)
JOKER_FACE = Style(color="white", bgcolor="magenta", bold=True)
SELECTED = Style(bgcolor="gold1")
HINTED = Style(bgcolor="light_cyan1")
DRAWN = Style(bgcolor="pale_green1")
CURSOR = Style(underline=True, reverse=True)


@dataclass(frozen=True)
class Marks:
    """What the hand shows besides its cards: the player's selection and cursor, the hint's
    cards (a suggestion, never a selection) and the card just drawn (all hand positions)."""

    selected: Collection[int] = ()
    cursor: int | None = None
    hinted: Collection[int] = ()
    drawn: int | None = None


def face(card: Card, lang: str) -> str:
    """A card's short face: ``K♥`` (French ``R♥``); the joker is ``JK``, which every terminal
    font can draw."""
    return "JK" if card == JOKER else card_symbol(card, lang)


def face_style(card: Card) -> Style:
    """The colours of a card: red suits red, black suits black, jokers magenta."""
    if card == JOKER:
        return JOKER_FACE
    return RED_FACE if is_red(card) else FACE


def suit_colour(card: Card) -> str:
    """A text colour for a card written inline (on the terminal's background)."""
    if card == JOKER:
        return "bold magenta"
    return "bold red" if is_red(card) else "bold"


def card_inline(card: Card, lang: str) -> Text:
    """A card as coloured text for sentences and melds: ``K♥``."""
    return Text(face(card, lang), style=suit_colour(card))


def cards_inline(cards: Sequence[Card], lang: str) -> Text:
    """Cards separated by spaces, each coloured."""
    return Text(" ").join(card_inline(card, lang) for card in cards)


def chip(card: Card, lang: str, style: Style | None = None) -> Text:
    """One card of the hand, padded to :data:`CHIP` cells (``style`` is added to its face)."""
    shown = face(card, lang)
    pad = CHIP - cell_len(shown)
    left = pad // 2
    full = face_style(card) + style if style is not None else face_style(card)
    return Text(" " * left + shown + " " * (pad - left), style=full)


def _chip_style(index: int, marks: Marks) -> Style | None:
    style = None
    if index == marks.drawn:
        style = DRAWN
    if index in marks.hinted:
        style = HINTED
    if index in marks.selected:
        style = SELECTED
    if index == marks.cursor:
        style = CURSOR if style is None else style + CURSOR
    return style


def hand_text(cards: Sequence[Card], lang: str, marks: Marks) -> Text:
    """A hand in display order; card ``i`` starts at cell ``i * SLOT``."""
    text = Text()
    for index, card in enumerate(cards):
        text.append_text(chip(card, lang, _chip_style(index, marks)))
        text.append(" ")
    return text


def marks_text(count: int, marks: Marks) -> Text:
    """The line under the hand: the selection (``▲▲``), the hint (``??``), the card just drawn
    (``✦``) and the cursor (``──``), which is never hidden by another mark: on a marked card
    it frames the mark (``─▲▲─``) and shows in reverse."""
    text = Text()
    for index in range(count):
        mark, style = _mark(index, marks)
        if index == marks.cursor:
            shown = f"─{mark.center(2)}─" if mark else " ── "
            text.append(shown, style=f"{style} reverse" if mark else "bold")
        else:
            text.append(f" {mark.center(2)} ", style=style)
        text.append(" ")
    return text


def _mark(index: int, marks: Marks) -> tuple[str, str]:
    if index in marks.selected:
        return "▲▲", "bold gold1"
    if index in marks.hinted:
        return "??", "bold cyan"
    if index == marks.drawn:
        return "✦", "bold green"
    return "", ""


def by_rank(cards: Sequence[Card]) -> list[Card]:
    """Cards sorted by rank then suit, jokers last."""
    return sorted(cards, key=lambda c: (c == JOKER, rank_of(c), suit_of(c)))


def by_suit(cards: Sequence[Card]) -> list[Card]:
    """Cards sorted by suit then rank, jokers last (the card codes' own order)."""
    return sorted(cards)


def meld_text(meld: Meld, lang: str) -> Text:
    """A meld's cards in table order, each joker with the card it stands for: ``🃏=6♠``."""
    parts = []
    for card, stands in zip(meld.cards, meld.represented(), strict=True):
        if card == JOKER:
            part = Text("JK", style="bold magenta")
            part.append("=" + face(stands, lang), style="magenta")
            parts.append(part)
        else:
            parts.append(card_inline(card, lang))
    return Text(" ").join(parts)
