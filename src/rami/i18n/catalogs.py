"""Loading the gettext catalogs (``.po`` files read with Babel at runtime) and translators.

English is the source language: message ids are the English text, so the English translator
returns them unchanged. Every other language has one catalog,
``locale/<lang>/LC_MESSAGES/rami.po``, built from the template ``locale/rami.pot``.
"""

from __future__ import annotations

import gettext
import io
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from rami.errors import RamiError

DOMAIN = "rami"
LOCALE_DIR = Path(__file__).with_name("locale")
SOURCE_LANGUAGE = "en"
LANGUAGES = ("en", "fr", "ro", "pt", "ms", "vi", "pl", "it")
"""Every language the project speaks; the first is the source language."""

LANGUAGE_NAMES = {
    "en": "English",
    "fr": "Français",
    "ro": "Română",
    "pt": "Português",
    "ms": "Bahasa Melayu",
    "vi": "Tiếng Việt",
    "pl": "Polski",
    "it": "Italiano",
}
"""Each language's name in that language (for language pickers)."""


class UnknownLanguageError(RamiError, ValueError):
    """A language code the project has no catalog for."""

    code = "unknown_language"


def check_language(lang: str) -> str:
    """``lang`` if the project speaks it, else raise :class:`UnknownLanguageError`."""
    if lang not in LANGUAGES:
        known = ", ".join(LANGUAGES)
        raise UnknownLanguageError(f"unknown language '{lang}' (known: {known})")
    return lang


def negotiate_language(preferred: list[str] | tuple[str, ...], default: str = "en") -> str:
    """The first supported language among ``preferred`` tags (``pt-BR`` → ``pt``), or default."""
    for tag in preferred:
        base = tag.strip().replace("_", "-").split("-")[0].lower()
        if base in LANGUAGES:
            return base
    return default


def po_path(lang: str) -> Path:
    """Where the catalog of ``lang`` lives."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def template_path() -> Path:
    """Where the message template (``rami.pot``) lives."""
    return LOCALE_DIR / f"{DOMAIN}.pot"


def load_catalog(lang: str) -> Catalog:
    """The Babel catalog of a translated language, parsed from its ``.po`` file."""
    check_language(lang)
    if lang == SOURCE_LANGUAGE:
        raise UnknownLanguageError("English is the source language: it has no catalog")
    with po_path(lang).open("rb") as handle:
        return read_po(handle, locale=lang, domain=DOMAIN)


@cache
def gnu_translations(lang: str) -> gettext.NullTranslations:
    """The standard-library translations object of ``lang`` (cached; fuzzy entries skipped)."""
    check_language(lang)
    if lang == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    buffer = io.BytesIO()
    write_mo(buffer, load_catalog(lang), use_fuzzy=False)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)
