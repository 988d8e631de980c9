"""What every section builder needs: the rules, the language, and small phrase helpers."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rami.cards import Card
from rami.i18n import Translator, card_name, card_symbol, is_red, translator
from rami.rules import RuleSet
from rami.rulespage.document import CardRef, Heading, Text


@dataclass(frozen=True)
class Context:
    """The rule set a page describes and the language it is written in."""

    rules: RuleSet
    lang: str

    @property
    def tr(self) -> Translator:
        """The translator of the page's language."""
        return translator(self.lang)

    def cards(self, cards: Iterable[Card]) -> Text:
        """Cards as spans, each with its localised name and face."""
        return tuple(
            CardRef(card, card_name(card, self.lang), card_symbol(card, self.lang), is_red(card))
            for card in cards
        )

    def card(self, card: Card) -> str:
        """One card's localised name."""
        return card_name(card, self.lang)

    def yes_no(self, value: bool) -> str:
        """``"yes"`` or ``"no"``."""
        return (
            self.tr.pgettext("option value", "yes")
            if value
            else self.tr.pgettext("option value", "no")
        )


def heading(level: int, text: str, anchor: str) -> Heading:
    """A section heading."""
    return Heading(level, text, anchor)
