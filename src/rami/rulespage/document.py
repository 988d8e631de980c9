"""A small document model shared by the Markdown and HTML renderers.

A page is a list of blocks; text inside blocks is a tuple of spans (plain strings, strong or
code text, and cards). Renderers only format: every word is decided when the page is built.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rami.cards import Card


@dataclass(frozen=True)
class Strong:
    """Emphasised text."""

    text: str


@dataclass(frozen=True)
class Code:
    """Literal text: an option name, a preset name."""

    text: str


@dataclass(frozen=True)
class CardRef:
    """A card: its localised name, and the face (``"R♥"``) shown by the HTML page."""

    card: Card
    name: str
    face: str
    red: bool


Span = str | Strong | Code | CardRef
Text = tuple[Span, ...]


@dataclass(frozen=True)
class Heading:
    """A section title; ``anchor`` is a stable id (the same in every language)."""

    level: int
    text: str
    anchor: str


@dataclass(frozen=True)
class Paragraph:
    """A paragraph of text."""

    text: Text


@dataclass(frozen=True)
class ListBlock:
    """A bulleted or numbered list."""

    items: tuple[Text, ...]
    ordered: bool = False


@dataclass(frozen=True)
class Table:
    """A table; ``keys`` names each row for tests (e.g. the cards in notation)."""

    header: tuple[str, ...]
    rows: tuple[tuple[Text, ...], ...]
    keys: tuple[str, ...] = ()
    name: str = ""


Block = Heading | Paragraph | ListBlock | Table


@dataclass(frozen=True)
class LanguageLink:
    """A link to the same page in another language."""

    lang: str
    label: str
    href: str


@dataclass(frozen=True)
class Page:
    """A whole rules page."""

    lang: str
    title: str
    blocks: tuple[Block, ...]
    links: tuple[LanguageLink, ...] = field(default=())
    links_label: str = ""

    def table(self, name: str) -> Table:
        """The table called ``name`` (raises KeyError if the page has none)."""
        for block in self.blocks:
            if isinstance(block, Table) and block.name == name:
                return block
        raise KeyError(name)

    def tables(self) -> tuple[Table, ...]:
        """Every table of the page, in order."""
        return tuple(block for block in self.blocks if isinstance(block, Table))


def plain(text: Text, separator: str = ", ") -> str:
    """The text of spans without formatting; consecutive cards are joined by ``separator``."""
    out: list[str] = []
    previous_card = False
    for span in text:
        is_card = isinstance(span, CardRef)
        if is_card and previous_card:
            out.append(separator)
        out.append(span.name if isinstance(span, CardRef) else _span_text(span))
        previous_card = is_card
    return "".join(out)


def _span_text(span: str | Strong | Code) -> str:
    return span if isinstance(span, str) else span.text
