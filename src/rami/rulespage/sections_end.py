"""The sections on the end of a round: going out, the stock running out, counting the points."""

from __future__ import annotations

from rami.cards import parse_cards
from rami.rulespage.context import Context, heading
from rami.rulespage.document import Block, Paragraph, Table
from rami.rulespage.examples import SCORING_HAND, scoring_cases
from rami.rulespage.sections_play import match_sentence


def _rami_sec_bonus(ctx: Context) -> str:
    if ctx.rules.rami_sec_bonus == "double":
        return ctx.tr.gettext("After a rami sec, the other players' scores for the round double.")
    return ctx.tr.gettext("A rami sec earns no bonus.")


def going_out_section(ctx: Context) -> list[Block]:
    """Going out, with or without a final discard, and the rami sec."""
    tr, rules = ctx.tr, ctx.rules
    parts = [tr.gettext("A round is over the instant a player's hand is empty.")]
    if rules.final_discard_required:
        parts.append(
            tr.gettext(
                "You must go out with a discard: keep one card to put on the discard pile last."
            )
        )
    else:
        parts.append(
            tr.gettext(
                "Going out can be done with a final discard, or by melding or laying off your"
                " last cards without one."
            )
        )
    sec = [
        tr.gettext(
            "Going out in a single turn, with nothing on the table before that turn, is a rami sec."
        )
    ]
    if rules.opening_needs_clean_run and rules.rami_sec_waives == "points":
        sec.append(
            tr.gettext("The opening points do not apply to it, but a clean run is still needed.")
        )
    else:
        sec.append(tr.gettext("The opening threshold does not apply to it."))
    sec.append(_rami_sec_bonus(ctx))
    return [
        heading(2, tr.gettext("Going out"), "going-out"),
        Paragraph((" ".join(parts),)),
        Paragraph((" ".join(sec),)),
    ]


def stock_section(ctx: Context) -> list[Block]:
    """The stock running out, reshuffles, the turn limit and the forced end."""
    tr, rules = ctx.tr, ctx.rules
    parts = []
    if rules.stock_reshuffles == 0:
        parts.append(tr.gettext("An empty stock is never rebuilt."))
    else:
        parts.append(
            tr.gettext(
                "An empty stock is rebuilt at the end of the turn: the discard pile, minus its"
                " top card, is shuffled and turned face down."
            )
        )
        if rules.stock_reshuffles is None:
            parts.append(tr.gettext("There is no limit to how often this happens."))
        else:
            parts.append(
                tr.ngettext(
                    "This can happen only once in a round.",
                    "This can happen at most {count} times in a round.",
                    rules.stock_reshuffles,
                )
            )
    if rules.stock_reshuffles is not None:
        parts.append(tr.gettext("Once the stock is empty for good, play stops: a forced end."))
    if rules.turn_limit is not None:
        parts.append(
            tr.ngettext(
                "Play is also stopped by force once {count} turn has been played in the round,"
                " counting every player's turns.",
                "Play is also stopped by force once {count} turns have been played in the round,"
                " counting every player's turns.",
                rules.turn_limit,
            )
        )
    if rules.forced_end_scoring == "lowest_zero":
        parts.append(
            tr.gettext(
                "At a forced end every hand is counted as shown below: the lowest hand scores 0"
                " (every lowest hand, on a tie) and the others score their count."
            )
        )
    else:
        parts.append(
            tr.gettext("At a forced end every player scores the count of their hand, as below.")
        )
    return [
        heading(2, tr.gettext("When the stock runs out"), "stock"),
        Paragraph((" ".join(parts),)),
    ]


def scoring_section(ctx: Context) -> list[Block]:
    """Counting the points: the card values, the penalties, the match, and an example."""
    tr, rules = ctx.tr, ctx.rules
    values = Table(
        (tr.gettext("Card"), tr.gettext("In a meld"), tr.gettext("Left in hand")),
        (
            ((tr.gettext("two to ten"),), (tr.gettext("face value"),), (tr.gettext("face value"),)),
            ((tr.gettext("jack, queen, king"),), ("10",), ("10",)),
            (
                (tr.pgettext("card rank", "ace"),),
                (tr.gettext("1 below the two; 11 above the king or in a set"),),
                (str(rules.ace_in_hand),),
            ),
            (
                (tr.pgettext("card", "joker"),),
                (tr.gettext("the points of the card it stands for"),),
                (str(rules.joker_in_hand),),
            ),
        ),
        keys=("2-10", "JQK", "ace", "joker"),
        name="card-values",
    )
    if rules.never_opened_penalty is None:
        never = tr.gettext("A player who never opened counts their hand like everyone else.")
    else:
        never = tr.ngettext(
            "A player who never opened scores {count} point, whatever the hand.",
            "A player who never opened scores {count} points, whatever the hand.",
            rules.never_opened_penalty,
        )
    rules_text = " ".join((never, _rami_sec_bonus(ctx), match_sentence(ctx)))
    labels = {
        "opened": tr.gettext("opened"),
        "never_opened": tr.gettext("never opened"),
        "opened_rami_sec": tr.gettext("opened; another player went out with a rami sec"),
        "never_opened_rami_sec": tr.gettext(
            "never opened; another player went out with a rami sec"
        ),
    }
    cases = scoring_cases(rules)
    example = Table(
        (tr.gettext("The player has"), tr.gettext("Score")),
        tuple(((labels[case.key],), (str(case.points),)) for case in cases),
        keys=tuple(case.key for case in cases),
        name="scoring",
    )
    intro = tr.gettext(
        "The player who goes out scores 0. Every other player who has opened scores the cards"
        " left in hand:"
    )
    return [
        heading(2, tr.gettext("Counting the points"), "scoring"),
        Paragraph((intro,)),
        values,
        Paragraph((rules_text,)),
        Paragraph(
            (
                tr.gettext("Example: a player is caught with these cards in hand:"),
                " ",
                *ctx.cards(parse_cards(SCORING_HAND)),
                ".",
            )
        ),
        example,
    ]
