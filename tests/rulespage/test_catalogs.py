"""The shared catalogs: complete in every language, in step with the code, card names right."""

from __future__ import annotations

import re

import pytest
from babel.messages.catalog import Catalog, Message

from rami.cards import JOKER, parse_card
from rami.i18n import (
    LANGUAGES,
    SOURCE_LANGUAGE,
    UnknownLanguageError,
    card_name,
    card_symbol,
    negotiate_language,
    rank_letter,
    translator,
)
from rami.i18n.catalogs import load_catalog
from rami.i18n.extract import PACKAGE_DIR, extract_template, message_keys, missing_messages

TRANSLATED = [lang for lang in LANGUAGES if lang != SOURCE_LANGUAGE]
FIELD = re.compile(r"\{(\w*)[^{}]*\}")


def _messages(catalog: Catalog) -> list[Message]:
    return [message for message in catalog if message.id]


def _forms(message: Message) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(source texts, translated texts) of a message, plural or not."""
    if isinstance(message.id, str):
        return (message.id,), (message.string if isinstance(message.string, str) else "",)
    return tuple(message.id), tuple(message.string or ())


def _words(text: str) -> int:
    return len(FIELD.sub("", text).split())


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_in_every_language(lang: str) -> None:
    catalog = load_catalog(lang)
    problems = []
    for message in _messages(catalog):
        _, translated = _forms(message)
        forms = catalog.num_plurals if message.pluralizable else 1
        if message.fuzzy or len(translated) != forms or not all(translated):
            problems.append(message.id)
    assert problems == [], f"{lang}: untranslated or fuzzy messages"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_english_left_in_translations(lang: str) -> None:
    """A translation may equal the English only for a word or two ("Option", "joker", "A")."""
    left = []
    for message in _messages(load_catalog(lang)):
        sources, translated = _forms(message)
        for source, text in zip(sources, translated, strict=False):
            if text == source and _words(source) > 2:
                left.append(source)
    assert left == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_their_placeholders(lang: str) -> None:
    bad = []
    for message in _messages(load_catalog(lang)):
        sources, translated = _forms(message)
        allowed = set().union(*(FIELD.findall(source) for source in sources))
        for text in translated:
            if not set(FIELD.findall(text)) <= allowed:
                bad.append((message.id, text))
        if len(sources) == 1 and set(FIELD.findall(sources[0])) - set(FIELD.findall(translated[0])):
            bad.append((message.id, translated[0]))
    assert bad == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_catalog_holds_every_template_message(lang: str) -> None:
    template = extract_template((PACKAGE_DIR / "i18n", PACKAGE_DIR / "rulespage"))
    assert message_keys(template) <= message_keys(load_catalog(lang))


def test_rules_page_and_card_messages_are_in_the_catalogs() -> None:
    roots = (PACKAGE_DIR / "i18n", PACKAGE_DIR / "rulespage")
    assert missing_messages(roots) == set(), "run python -m rami.i18n.extract"


@pytest.mark.parametrize(
    ("lang", "name"),
    [
        ("en", "king of hearts"),
        ("fr", "roi de cœur"),
        ("ro", "rege de cupă"),
        ("pt", "rei de copas"),
        ("ms", "raja hati"),
        ("vi", "già cơ"),
        ("pl", "król kier"),
        ("it", "re di cuori"),
    ],
)
def test_card_names_use_each_languages_words(lang: str, name: str) -> None:
    assert card_name(parse_card("KH"), lang) == name


def test_card_faces_use_local_letters() -> None:
    assert card_symbol(parse_card("KH"), "fr") == "R♥"
    assert card_symbol(parse_card("JS"), "pl") == "W♠"
    assert card_symbol(parse_card("10D"), "en") == "10♦"
    assert card_symbol(JOKER, "vi") == "🃏"
    assert rank_letter(14, "it") == "A"
    assert card_name(JOKER, "it") == "jolly"


def test_translator_formats_fields_and_plurals() -> None:
    assert translator("pl").ngettext("{count} card", "{count} cards", 3) == "3 karty"
    assert translator("pl").ngettext("{count} card", "{count} cards", 5) == "5 kart"
    assert translator("ro").ngettext("{count} card", "{count} cards", 20) == "20 de cărți"
    assert translator("en").ngettext("{count} card", "{count} cards", 1) == "1 card"
    assert translator("fr").gettext("valid: {kind}", kind="brelan") == "valide : brelan"


def test_unknown_languages_are_refused_and_negotiated() -> None:
    with pytest.raises(UnknownLanguageError):
        translator("de")
    assert negotiate_language(["de-DE", "pt-BR", "fr"]) == "pt"
    assert negotiate_language(["ja"]) == "en"
