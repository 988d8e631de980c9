"""The :class:`Translator`: gettext lookups that also fill ``{named}`` placeholders.

Messages use Python ``str.format`` fields by name. Extraction (``python -m
rami.i18n.extract``) finds every literal passed to ``gettext``/``_``, ``ngettext``,
``pgettext``, ``npgettext``, ``N_`` and ``NC_``, whatever object the method is called on.
"""

from __future__ import annotations

import gettext
from dataclasses import dataclass, field
from functools import cache

from rami.i18n.catalogs import check_language, gnu_translations


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it (translate it later)."""
    return message


def NC_(context: str, message: str) -> tuple[str, str]:
    """Mark a message with a context for extraction; returns ``(context, message)``."""
    return context, message


def _fill(text: str, fields: dict[str, object]) -> str:
    return text.format(**fields) if fields else text


@dataclass(frozen=True)
class Translator:
    """Translations for one language; every method formats ``**fields`` into the result.

    Plural methods pass ``count=n`` to the message unless ``count`` is given.
    """

    lang: str
    translations: gettext.NullTranslations = field(repr=False, compare=False)

    def gettext(self, message: str, /, **fields: object) -> str:
        """The translation of ``message``."""
        return _fill(self.translations.gettext(message), fields)

    def ngettext(self, singular: str, plural: str, n: int, /, **fields: object) -> str:
        """The translation of ``singular``/``plural`` for the number ``n``."""
        fields.setdefault("count", n)
        return _fill(self.translations.ngettext(singular, plural, n), fields)

    def pgettext(self, context: str, message: str, /, **fields: object) -> str:
        """The translation of ``message`` in ``context`` (for short, ambiguous words)."""
        return _fill(self.translations.pgettext(context, message), fields)

    def npgettext(
        self, context: str, singular: str, plural: str, n: int, /, **fields: object
    ) -> str:
        """The plural translation of ``singular``/``plural`` in ``context``."""
        fields.setdefault("count", n)
        return _fill(self.translations.npgettext(context, singular, plural, n), fields)

    def marked(self, message: str | tuple[str, str], /, **fields: object) -> str:
        """Translate a message marked earlier with :func:`N_` or :func:`NC_`."""
        if isinstance(message, tuple):
            return self.pgettext(message[0], message[1], **fields)
        return self.gettext(message, **fields)


@cache
def translator(lang: str) -> Translator:
    """The translator of ``lang`` (one of :data:`rami.i18n.LANGUAGES`); cached."""
    return Translator(check_language(lang), gnu_translations(lang))
