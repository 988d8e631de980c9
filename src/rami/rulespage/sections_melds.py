"""The sections on melds: sets, runs, jokers, taking a joker back, and the opening."""

from __future__ import annotations

from rami.cards import parse_card, parse_cards
from rami.rulespage.context import Context, heading
from rami.rulespage.document import Block, Paragraph, Span, Table
from rami.rulespage.examples import (
    JOKER_EXAMPLES,
    OPENING_EXAMPLES,
    RETRIEVAL_EXAMPLES,
    RUN_EXAMPLES,
    SET_EXAMPLES,
    judge_meld,
    judge_opening,
    judge_retrieval,
)
from rami.rulespage.sections_play import opening_sentence
from rami.rulespage.verdicts import (
    meld_notes,
    meld_verdict,
    opening_verdict,
    retrieval_verdict,
)


def meld_table(ctx: Context, examples: tuple[str, ...], name: str) -> Table:
    """An example table: each row's verdict, points and notes come from the engine."""
    tr = ctx.tr
    rows = []
    for text in examples:
        verdict = judge_meld(text, ctx.rules)
        points = "—" if verdict.points is None else str(verdict.points)
        rows.append(
            (
                ctx.cards(verdict.cards),
                (meld_verdict(ctx, verdict),),
                (points,),
                (meld_notes(ctx, verdict),),
            )
        )
    header = (tr.gettext("Cards"), tr.gettext("Verdict"), tr.gettext("Points"), tr.gettext("Why"))
    return Table(header, tuple(rows), keys=examples, name=name)


def melds_section(ctx: Context) -> list[Block]:
    """Melds in general, then sets, runs and jokers with their example tables."""
    tr = ctx.tr
    intro = tr.gettext(
        "A meld is a set or a run of at least three cards. In a meld, cards from two to ten"
        " count their face value and jacks, queens and kings count 10. A meld on the table is"
        " never split or rearranged: it grows when cards are laid off, at either end of a run or"
        " as the fourth card of a set, and it changes only when a joker is taken back."
    )
    sets = tr.gettext(
        "Three or four cards of one rank make a set, provided no two share a suit; that is why"
        " twins never sit in the same set. Aces in a set are high and count 11."
    )
    runs = tr.gettext(
        "Three or more cards of one suit that follow each other make a run. An ace may sit"
        " under the two (worth 1) or over the king (worth 11), but one run cannot use it at"
        " both ends, so a run never wraps from king round to two and holds 13 cards at most."
        " A run with no joker in it is a clean run."
    )
    return [
        heading(2, tr.gettext("Melds"), "melds"),
        Paragraph((intro,)),
        heading(3, tr.gettext("Sets"), "sets"),
        Paragraph((sets,)),
        meld_table(ctx, SET_EXAMPLES, "sets"),
        heading(3, tr.gettext("Runs"), "runs"),
        Paragraph((runs,)),
        meld_table(ctx, RUN_EXAMPLES, "runs"),
        heading(3, tr.gettext("Jokers"), "jokers"),
        Paragraph((_joker_text(ctx),)),
        meld_table(ctx, JOKER_EXAMPLES, "jokers"),
    ]


def _joker_text(ctx: Context) -> str:
    tr, rules = ctx.tr, ctx.rules
    parts = [
        tr.gettext("Jokers are wild: a joker may take the place of any card."),
        tr.ngettext(
            "No meld may contain more than one joker.",
            "No meld may contain more than {count} jokers.",
            rules.jokers_per_meld,
        ),
        tr.gettext(
            "On the table each joker plays one definite card and scores that card's value;"
            " in a set it is the set's rank in a suit that is missing."
        ),
    ]
    if rules.joker_position == "lowest":
        parts.append(
            tr.gettext(
                "If a joker fits at both ends of a run, it is read at the end worth fewer points"
                " (the lower rank when both are worth the same)."
            )
        )
    else:
        parts.append(
            tr.gettext(
                "If a joker fits at both ends of a run, the player who lays it says which card"
                " it plays."
            )
        )
    return " ".join(parts)


def retrieval_section(ctx: Context) -> list[Block]:
    """Taking back a joker, with the engine's verdict on a few swaps."""
    tr, rules = ctx.tr, ctx.rules
    title = heading(3, tr.gettext("Taking back a joker"), "retrieval")
    if not rules.joker_retrieval:
        return [title, Paragraph((tr.gettext("At this table a joker on the table stays there."),))]
    parts = [
        tr.gettext(
            "After your opening you can swap a joker out of any meld on the table: give the"
            " very card it represents, and the joker is yours."
        )
    ]
    if rules.retrieval_from_set:
        parts.append(
            tr.gettext(
                "A set gives up its joker only if it already holds three natural cards;"
                " your card then turns it into a natural set of four."
            )
        )
    else:
        parts.append(tr.gettext("A joker in a set can never be taken back."))
    if rules.retrieved_joker_replay == "if_possible":
        parts.append(
            tr.gettext(
                "A recovered joker has to go back on the table before your turn ends whenever"
                " that is possible, and it cannot be your discard that turn."
            )
        )
    else:
        parts.append(tr.gettext("A recovered joker joins your hand, to play when you like."))
    rows = []
    for table_text, given in RETRIEVAL_EXAMPLES:
        verdict = judge_retrieval(table_text, given, rules)
        rows.append(
            (
                ctx.cards(parse_cards(table_text)),
                ctx.cards((parse_card(given),)),
                (retrieval_verdict(ctx, verdict),),
            )
        )
    table = Table(
        (tr.gettext("On the table"), tr.gettext("Card given"), tr.gettext("Result")),
        tuple(rows),
        keys=tuple(f"{table_text} + {given}" for table_text, given in RETRIEVAL_EXAMPLES),
        name="retrieval",
    )
    return [title, Paragraph((" ".join(parts),)), table]


def opening_section(ctx: Context) -> list[Block]:
    """The opening threshold of this table, with the engine's verdict on a few openings."""
    tr, rules = ctx.tr, ctx.rules
    parts = [
        opening_sentence(ctx),
        tr.gettext("The melds of an opening come from your hand and are laid in the same turn."),
    ]
    if rules.jokers_count_in_opening:
        parts.append(tr.gettext("A joker counts as the card it stands for."))
    else:
        parts.append(tr.gettext("Jokers count nothing towards the opening total."))
    parts.append(
        tr.gettext(
            "Cards laid off never count towards it. Until you have opened you may neither lay"
            " off cards nor take back jokers."
        )
    )
    rows = []
    for groups in OPENING_EXAMPLES:
        verdict = judge_opening(groups, rules)
        melds: list[Span] = []
        for i, group in enumerate(groups):
            if i:
                melds.append(" + ")
            melds.extend(ctx.cards(parse_cards(group)))
        rows.append((tuple(melds), (str(verdict.points),), (opening_verdict(ctx, verdict),)))
    table = Table(
        (tr.gettext("Melds laid together"), tr.gettext("Points"), tr.gettext("Verdict")),
        tuple(rows),
        keys=tuple(" + ".join(groups) for groups in OPENING_EXAMPLES),
        name="opening",
    )
    return [heading(2, tr.gettext("The opening"), "opening"), Paragraph((" ".join(parts),)), table]
