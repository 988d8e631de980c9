"""Verdicts in words: meld kinds, refusal reasons and notes, from the engine's results."""

from __future__ import annotations

from rami.melds import Meld, MeldKind
from rami.rulespage.context import Context
from rami.rulespage.examples import MeldVerdict, RetrievalVerdict
from rami.scoring import OpeningCheck


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
    """Why cards do not form a meld, from the engine's error code."""
    tr = ctx.tr
    reasons = {
        "set_duplicate_suit": tr.gettext("two cards of the same suit"),
        "set_too_long": tr.gettext("a set has at most four cards"),
        "run_duplicate_rank": tr.gettext("the same card twice in a run"),
        "run_too_long": tr.gettext("a run has at most 13 cards"),
        "run_wraps": tr.gettext("a run does not turn the corner from king to two"),
        "run_gap": tr.gettext("the cards do not follow each other"),
        "meld_too_short": tr.gettext("fewer than three cards"),
        "too_many_jokers": tr.ngettext(
            "only one joker per meld",
            "at most {count} jokers per meld",
            ctx.rules.jokers_per_meld,
        ),
        "too_few_naturals": tr.gettext("fewer than two natural cards"),
        "mixed_meld": tr.gettext("neither one rank nor one suit"),
        "joker_position": tr.gettext("the joker cannot stand there"),
    }
    return reasons.get(code, tr.gettext("these cards do not form a meld"))


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
    """``opens`` or ``refused: …`` for the table's threshold."""
    tr = ctx.tr
    if verdict.valid:
        return tr.gettext("opens")
    if verdict.code == "opening_below_threshold":
        reason = tr.gettext(
            "{points} is below {threshold}",
            points=verdict.points,
            threshold=ctx.rules.opening_points,
        )
    elif verdict.code == "opening_needs_clean_run":
        reason = tr.gettext("no clean run")
    else:
        reason = tr.gettext("these melds do not open")
    return tr.gettext("refused: {reasons}", reasons=reason)


def retrieval_verdict(ctx: Context, verdict: RetrievalVerdict) -> str:
    """What happens when a player offers a card for a joker on the table."""
    tr = ctx.tr
    if verdict.result is not None:
        return tr.gettext("allowed: the joker goes to the player's hand")
    stands_for = ", ".join(ctx.card(card) for card in verdict.meld.joker_cards())
    if verdict.reason == "set_needs_three_naturals":
        return tr.gettext(
            "refused: a joker leaves a set only when it stands with three natural cards"
        )
    if verdict.reason == "set_retrieval_off":
        return tr.gettext("refused: a joker in a set stays there")
    if verdict.reason == "card_laid_off_instead":
        return tr.gettext(
            "no swap: the joker stands for {card}; this card is laid off at the end instead",
            card=stands_for,
        )
    if verdict.reason == "retrieval_off":
        return tr.gettext("refused: jokers are never taken back at this table")
    return tr.gettext("refused: the joker stands for {card}", card=stands_for)
