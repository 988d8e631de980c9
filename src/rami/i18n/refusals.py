"""A refusal in words, from its code and its facts: the one catalog every client uses.

The terminal, the web room (the page's ``errors`` strings and the server's answers) and the
rules page word refusals here, in every language of :data:`rami.i18n.LANGUAGES`::

    refusal_words("layoff_does_not_fit", {"card": 38, "meld": 0, "reason": "run_gap"}, "en")
    # "king of hearts does not fit meld 1: it does not continue the run at either end."

A code is worded with its facts when the refusal carries every fact its words name
(:data:`~rami.i18n.refusal_catalog.WITH_FACTS`), else plainly
(:data:`~rami.i18n.refusal_catalog.PLAIN`).
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from functools import partial

from rami.errors import Facts
from rami.i18n.cardnames import card_name
from rami.i18n.refusal_catalog import MISFITS, PLAIN, WITH_FACTS
from rami.i18n.translator import Translator, translator

CardWords = Callable[[int], str]
"""How a client names a card (the card's name, or its face in the terminal)."""

FIELDS = frozenset({"card", "cards", "meld", "stands", "points", "needed", "seat", "player"})
"""The fields a refusal's words may name; each is filled from the facts of the same name."""


def fields_of(message: str) -> set[str]:
    """The ``{fields}`` a message names."""
    return {name for _, name, _, _ in string.Formatter().parse(message) if name}


def refusal_fields(facts: Facts, card_words: CardWords) -> dict[str, object]:
    """The facts as the words show them: cards named, meld and seat counted from 1."""
    fields: dict[str, object] = {}
    if "card" in facts:
        fields["card"] = card_words(facts["card"])
    if "cards" in facts:
        fields["cards"] = ", ".join(card_words(card) for card in facts["cards"])
    if "stands" in facts:
        fields["stands"] = " / ".join(card_words(card) for card in facts["stands"])
    if "meld" in facts:
        fields["meld"] = facts["meld"] + 1
    if "seat" in facts:
        fields["seat"] = facts["seat"] + 1
    for name in ("points", "needed", "player"):
        if name in facts:
            fields[name] = facts[name]
    return fields


def misfit_key(facts: Mapping[str, object]) -> str | None:
    """The :data:`MISFITS` entry for a lay-off that does not fit, if one says why."""
    reason = facts.get("reason")
    if reason == "mixed_meld":
        reason = f"mixed_meld.{facts.get('kind')}"
    return reason if isinstance(reason, str) and reason in MISFITS else None


def jokers_per_meld(tr: Translator, count: int) -> str:
    """``too_many_jokers`` for a table whose melds hold at most ``count`` jokers."""
    if count == 1:
        return tr.gettext(PLAIN["too_many_jokers"])
    return tr.ngettext("Only {count} joker per meld.", "Only {count} jokers per meld.", count)


def refusal_words(
    code: str,
    facts: Facts,
    lang: str,
    card_words: CardWords | None = None,
    fallback: str | None = None,
) -> str:
    """Refusal ``code`` in ``lang``, naming its ``facts`` (cards by ``card_words``, default
    their names). A code the catalog does not know is said by ``fallback`` (the refusal's own
    English message), else as an illegal move."""
    tr = translator(lang)
    if card_words is None:
        card_words = partial(card_name, lang=lang)
    fields = refusal_fields(facts, card_words)
    if code == "too_many_jokers" and "count" in facts:
        return jokers_per_meld(tr, facts["count"])
    if code == "layoff_does_not_fit":
        said = _misfit(tr, facts, fields)
        if said is not None:
            return said
    factual = WITH_FACTS.get(code)
    if factual is not None and fields_of(factual) <= set(fields):
        return tr.gettext(factual, **fields)
    if code in PLAIN:
        return tr.gettext(PLAIN[code])
    return fallback if fallback is not None else tr.gettext(PLAIN["illegal_action"])


def _misfit(tr: Translator, facts: Facts, fields: dict[str, object]) -> str | None:
    if not {"card", "meld"} <= set(fields):
        return None
    key = misfit_key(facts)
    if key is not None:
        return tr.gettext(MISFITS[key], **fields)
    plain = tr.gettext(WITH_FACTS["layoff_does_not_fit"], **fields)
    reason = facts.get("reason")
    if reason in PLAIN and reason not in ("layoff_does_not_fit", "too_many_jokers"):
        return f"{plain} {tr.gettext(PLAIN[str(reason)])}"
    return plain


JOKER_COUNTS = range(2, 5)
"""The joker limits above one that a rule set may set (each has its ``too_many_jokers``)."""


def refusal_templates(lang: str) -> dict[str, str]:
    """Every refusal's words in ``lang`` with their ``{fields}`` unfilled, for a client that
    fills them from the facts itself (the web page): ``code`` the plain words,
    ``code.facts`` the words with facts, ``layoff_does_not_fit.<reason>`` a misfit's and
    ``too_many_jokers.<count>`` the joker limit's."""
    tr = translator(lang)
    templates = {code: tr.gettext(message) for code, message in PLAIN.items()}
    templates.update({f"{code}.facts": tr.gettext(text) for code, text in WITH_FACTS.items()})
    templates.update({f"layoff_does_not_fit.{k}": tr.gettext(t) for k, t in MISFITS.items()})
    for count in JOKER_COUNTS:
        templates[f"too_many_jokers.{count}"] = jokers_per_meld(tr, count)
    return templates
