"""Verdicts in words: meld kinds and notes, from the engine's results; refusals are worded by
the one catalog (:mod:`rami.i18n.refusals`)."""

from __future__ import annotations

from rami.errors import Facts
from rami.i18n.refusals import refusal_words
from rami.melds import Meld, MeldKind
from rami.rulespage.context import Context
from rami.rulespage.examples import MeldVerdict, RetrievalVerdict
from rami.scoring import OpeningCheck

RETRIEVAL_CODES = {
    "set_needs_three_naturals": "retrieval_needs_three_naturals",
    "set_retrieval_off": "retrieval_from_set_disabled",
    "retrieval_off": "retrieval_disabled",
    "not_the_jokers_card": "swap_not_exact",
}
"""The engine's refusal code for each reason a rules-page example refuses a joker swap (its one
meld is meld 1)."""


def meld_kind(ctx: Context, meld: Meld) -> str:
    """``set``, ``set of four``, ``run`` or ``clean run`` in the page's words."""
    tr = ctx.tr
    if meld.kind is MeldKind.SET:
        if len(meld.cards) == 4:
            return tr.pgettext("meld kind", "set of four")
        return tr.pgettext("meld kind", "set")
    if meld.clean:
        return tr.pgettext("meld kind", "clean run")
    return tr.pgettext("meld kind", "run")


def refusal_reason(ctx: Context, code: str) -> str:
    """Why cards do not form a meld, from the engine's error code (the one catalog's words)."""
    return refusal_words(code or "invalid_meld", {"count": ctx.rules.jokers_per_meld}, ctx.lang)


def meld_verdict(ctx: Context, verdict: MeldVerdict) -> str:
    """``valid: clean run`` or ``rejected``."""
    if verdict.meld is None:
        return ctx.tr.gettext("rejected")
    return ctx.tr.gettext("valid: {kind}", kind=meld_kind(ctx, verdict.meld))


def meld_notes(ctx: Context, verdict: MeldVerdict) -> str:
    """The reasons behind a verdict: the refusal, the joker's card, the ace's value."""
    tr = ctx.tr
    if verdict.meld is None:
        return refusal_reason(ctx, verdict.error_code or "")
    meld = verdict.meld
    notes: list[str] = []
    for card in meld.joker_cards():
        notes.append(tr.gettext("the joker stands for {card}", card=ctx.card(card)))
    for other in verdict.other_readings:
        cards = ", ".join(ctx.card(card) for card in other.joker_cards())
        if ctx.rules.joker_position == "declared":
            notes.append(tr.gettext("or {card}, if the player says so", card=cards))
        elif other.points() > meld.points():
            notes.append(tr.gettext("not {card}, which is worth more", card=cards))
        else:
            notes.append(tr.gettext("not {card}: on equal value the lower rank counts", card=cards))
    if meld.kind is MeldKind.SET and meld.rank == 1:
        notes.append(tr.gettext("in a set each ace counts 11"))
    elif meld.kind is MeldKind.RUN and meld.rank == 1:
        notes.append(tr.gettext("the ace is low and counts 1"))
    elif meld.kind is MeldKind.RUN and meld.high == 14:
        notes.append(tr.gettext("the ace is high and counts 11"))
    return "; ".join(notes)


def opening_verdict(ctx: Context, verdict: OpeningCheck) -> str:
    """``opens``, or the refusal in words, for the table's threshold."""
    tr = ctx.tr
    if verdict.valid:
        return tr.gettext("opens")
    facts: Facts = {"points": verdict.points, "needed": ctx.rules.opening_points}
    return refusal_words(verdict.code or "invalid_meld", facts, ctx.lang)


def retrieval_verdict(ctx: Context, verdict: RetrievalVerdict) -> str:
    """What happens when a player offers a card for a joker on the table."""
    tr = ctx.tr
    if verdict.result is not None:
        return tr.gettext("allowed: the joker goes to the player's hand")
    stands = verdict.meld.joker_cards()
    if verdict.reason == "card_laid_off_instead":
        return tr.gettext(
            "no swap: the joker stands for {card}; this card is laid off at the end instead",
            card=", ".join(ctx.card(card) for card in stands),
        )
    code = RETRIEVAL_CODES.get(verdict.reason or "", "swap_not_exact")
    facts: Facts = {"meld": 0, "stands": stands}
    return refusal_words(code, facts, ctx.lang)
