"""Assembling a rules page for a rule set and a language."""

from __future__ import annotations

from collections.abc import Callable

from rami.i18n import LANGUAGE_NAMES, LANGUAGES, N_, check_language
from rami.rules import RuleSet
from rami.rulespage.context import Context
from rami.rulespage.document import Block, LanguageLink, Page, Paragraph
from rami.rulespage.options import differences_blocks, options_section
from rami.rulespage.sections_end import going_out_section, scoring_section, stock_section
from rami.rulespage.sections_melds import melds_section, opening_section, retrieval_section
from rami.rulespage.sections_play import deal_section, deck_section, summary_section, turn_section

LinkMaker = Callable[[str], str]
"""Gives the address of this page in another language."""

GAME_NAMES = {
    "rami51": "Rami 51",
    "rami40": "Rami 40",
    "rami51-house": N_("Rami 51 with the house deck"),
    "rami40-house": N_("Rami 40 with the house deck"),
    "rami51-pl": N_("Rami 51, Polish rules"),
    "scala40": "Scala 40",
}
"""The name of each preset shown in titles; names with words in them are translated."""


def game_name(ctx: Context) -> str:
    """The title of the rule set: the preset's name, or "Rami (custom rules)"."""
    name = GAME_NAMES.get(ctx.rules.name)
    if name is None:
        return ctx.tr.gettext("Rami (custom rules)")
    return name if name[-1].isdigit() else ctx.tr.gettext(name)


def page_blocks(ctx: Context) -> list[Block]:
    """Every section of the page, in order."""
    tr, rules = ctx.tr, ctx.rules
    identity = tr.gettext("Rule set {name}, fingerprint {hash}.", name=rules.name, hash=rules.hash)
    return [
        Paragraph((identity,)),
        *summary_section(ctx, differences_blocks(ctx)),
        *deck_section(ctx),
        *deal_section(ctx),
        *turn_section(ctx),
        *melds_section(ctx),
        *retrieval_section(ctx),
        *opening_section(ctx),
        *going_out_section(ctx),
        *stock_section(ctx),
        *scoring_section(ctx),
        *options_section(ctx),
    ]


def build_page(rules: RuleSet, lang: str, link: LinkMaker | None = None) -> Page:
    """The rules page of ``rules`` in ``lang``; ``link`` adds links to the other languages."""
    ctx = Context(rules, check_language(lang))
    links: tuple[LanguageLink, ...] = ()
    if link is not None:
        links = tuple(
            LanguageLink(other, LANGUAGE_NAMES[other], link(other))
            for other in LANGUAGES
            if other != lang
        )
    return Page(
        lang=lang,
        title=ctx.tr.gettext("{game}: the rules", game=game_name(ctx)),
        blocks=tuple(page_blocks(ctx)),
        links=links,
        links_label=ctx.tr.gettext("Other languages:"),
    )
