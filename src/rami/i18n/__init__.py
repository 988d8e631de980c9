"""The shared translation layer: gettext catalogs for every language and localised card names.

Use it from any client::

    from rami.i18n import translator, card_name
    tr = translator("pt")
    tr.gettext("Your turn")                          # a plain message
    tr.gettext("{player} opened", player="Ana")      # named fields, filled by str.format
    tr.ngettext("{count} card", "{count} cards", 5)  # plurals; {count} is filled in
    tr.pgettext("card suit", "hearts")               # a short word with a context
    card_name(parse_card("KH"), "pt")                # "rei de copas"

Messages kept in tables are marked with ``N_("...")`` or ``NC_("context", "...")`` and
translated later with ``tr.marked(...)``. Write the English text literally in those calls, run
``python -m rami.i18n.extract`` (the whole package; ``--check`` only lists what is missing),
then translate the new entries of every ``locale/<lang>/LC_MESSAGES/rami.po``: the tests refuse a
catalog with any message untranslated, fuzzy, left in English or missing a ``{field}``.
"""

from rami.i18n.cardnames import card_name, card_symbol, is_red, rank_letter, rank_name, suit_name
from rami.i18n.catalogs import (
    LANGUAGE_NAMES,
    LANGUAGES,
    SOURCE_LANGUAGE,
    UnknownLanguageError,
    check_language,
    negotiate_language,
)
from rami.i18n.levels import LEVEL_WORDS, bot_seat_name, level_name
from rami.i18n.translator import N_, NC_, Translator, translator

__all__ = [
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "LEVEL_WORDS",
    "NC_",
    "N_",
    "SOURCE_LANGUAGE",
    "Translator",
    "UnknownLanguageError",
    "bot_seat_name",
    "card_name",
    "card_symbol",
    "check_language",
    "is_red",
    "level_name",
    "negotiate_language",
    "rank_letter",
    "rank_name",
    "suit_name",
    "translator",
]
