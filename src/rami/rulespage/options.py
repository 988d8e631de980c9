"""Differences between tables: every :class:`~rami.rules.RuleSet` option, described.

The option list is read from ``dataclasses.fields(RuleSet)``, so an option added to the rules
without a description here makes page generation fail (and the tests with it).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from rami.i18n import N_
from rami.rules import RuleSet, option_choices
from rami.rulespage.context import Context, heading
from rami.rulespage.document import Block, Code, ListBlock, Paragraph, Span, Strong, Table, Text

NOT_OPTIONS = frozenset({"name"})
"""Fields of :class:`RuleSet` that name the rule set rather than choose a rule."""


@dataclass(frozen=True)
class Range:
    """Any whole number from ``low`` to ``high``."""

    low: int
    high: int


@dataclass(frozen=True)
class OptionDoc:
    """How the page shows one option: its label, value labels and the other choices."""

    label: str
    values: dict[Any, str] = field(default_factory=dict)
    others: tuple[Any, ...] = ()
    """Other choices of a number option (the allowed values of Literal and bool options are
    read from their types)."""


OPTIONS: dict[str, OptionDoc] = {
    "deck": OptionDoc(
        N_("Deck"),
        {
            "reference": N_("reference: 4 jokers"),
            "house": N_("house: 2 or 3 jokers"),
            "custom": N_("custom decks and jokers"),
        },
    ),
    "custom_decks": OptionDoc(N_("Decks in a custom deck"), others=(Range(1, 4),)),
    "custom_jokers": OptionDoc(N_("Jokers in a custom deck"), others=(Range(0, 8),)),
    "min_players": OptionDoc(N_("Fewest players"), others=(Range(2, 6),)),
    "max_players": OptionDoc(N_("Most players"), others=(Range(2, 6),)),
    "hand_size": OptionDoc(N_("Cards dealt to each player"), others=(14, Range(7, 15))),
    "initial_discard": OptionDoc(
        N_("Discard pile after the deal"),
        {"upcard": N_("one card face up"), "empty": N_("empty")},
    ),
    "discard_pickup": OptionDoc(
        N_("Taking the top card of the discard pile"),
        {
            "always": N_("always"),
            "opened_or_opening": N_("once opened, or to open with it"),
            "opened_only": N_("only once opened"),
        },
    ),
    "discard_pickup_must_meld": OptionDoc(N_("The card taken must be played that turn")),
    "twin_of_taken_discardable": OptionDoc(N_("A twin of the card taken may be discarded")),
    "opening_points": OptionDoc(N_("Opening threshold in points"), others=(40, Range(0, 200))),
    "opening_needs_clean_run": OptionDoc(N_("The opening needs a clean run")),
    "jokers_count_in_opening": OptionDoc(N_("Jokers count towards the opening")),
    "layoff_in_opening_turn": OptionDoc(N_("Laying off in the opening turn")),
    "jokers_per_meld": OptionDoc(N_("Jokers per meld")),
    "joker_position": OptionDoc(
        N_("A joker that fits at either end of a run"),
        {"lowest": N_("takes the lower value"), "declared": N_("as the player says")},
    ),
    "joker_retrieval": OptionDoc(
        N_("Taking back jokers"),
        {True: N_("after opening, with the exact card"), False: N_("not allowed")},
    ),
    "retrieval_from_set": OptionDoc(
        N_("Taking back a joker from a set"),
        {True: N_("when it stands with three natural cards"), False: N_("never")},
    ),
    "retrieved_joker_replay": OptionDoc(
        N_("A joker taken back"),
        {"if_possible": N_("must be played again if it can be"), "free": N_("may stay in hand")},
    ),
    "discard_joker": OptionDoc(
        N_("Discarding a joker"),
        {"allowed": N_("allowed"), "only_to_go_out": N_("only as the last card")},
    ),
    "discard_playable": OptionDoc(
        N_("Discarding a card that could be laid off"),
        {True: N_("allowed"), False: N_("forbidden")},
    ),
    "final_discard_required": OptionDoc(N_("Going out needs a final discard")),
    "rami_sec_waives": OptionDoc(
        N_("A rami sec is exempt from"),
        {"points": N_("the opening points"), "points_and_clean_run": N_("points and clean run")},
    ),
    "rami_sec_bonus": OptionDoc(
        N_("Rami sec bonus"),
        {"double": N_("the others' scores double"), "none": N_("no bonus")},
    ),
    "ace_in_hand": OptionDoc(N_("Ace left in hand")),
    "joker_in_hand": OptionDoc(N_("Joker left in hand")),
    "never_opened_penalty": OptionDoc(
        N_("Player who never opened"),
        {None: N_("counts the hand")},
        others=(None, Range(0, 1000)),
    ),
    "stock_reshuffles": OptionDoc(
        N_("Reshuffles of the discard pile per round"),
        {None: N_("unlimited")},
        others=(None, Range(0, 100)),
    ),
    "turn_limit": OptionDoc(
        N_("Turn limit per round"), {None: N_("no limit")}, others=(None, Range(10, 10_000))
    ),
    "forced_end_scoring": OptionDoc(
        N_("Scoring at a forced end"),
        {"lowest_zero": N_("lowest hand scores 0"), "all_count": N_("every hand counts")},
    ),
    "match_end": OptionDoc(
        N_("End of the match"),
        {
            "score_limit": N_("a total reaches the limit"),
            "elimination": N_("elimination at the limit"),
            "rounds": N_("a fixed number of rounds"),
        },
    ),
    "match_limit": OptionDoc(N_("Match limit (points or rounds)"), others=(Range(1, 100_000),)),
}
"""The description of every option, by field name."""


def option_names() -> tuple[str, ...]:
    """Every option of :class:`RuleSet`, in declaration order."""
    return tuple(f.name for f in dataclasses.fields(RuleSet) if f.name not in NOT_OPTIONS)


def reference_value(name: str) -> Any:
    """The value of option ``name`` in the reference rules (the field's default)."""
    return getattr(RuleSet(), name)


def other_choices(name: str) -> tuple[Any, ...]:
    """The values other than the reference: Literal choices, the other bool, or listed ones."""
    reference = reference_value(name)
    allowed = option_choices(name)
    if allowed is not None:
        return tuple(v for v in allowed if v != reference)
    if isinstance(reference, bool):
        return (not reference,)
    return OPTIONS[name].others


def value_text(ctx: Context, name: str, value: Any) -> str:
    """One value of an option, in words."""
    doc = OPTIONS[name]
    if isinstance(value, Range):
        return ctx.tr.gettext("any from {low} to {high}", low=value.low, high=value.high)
    if value in doc.values:
        return ctx.tr.gettext(doc.values[value])
    if isinstance(value, bool):
        return ctx.yes_no(value)
    return str(value)


def differences_blocks(ctx: Context) -> list[Block]:
    """What this table changes from the reference rules: a sentence and a list of options."""
    changed: list[Text] = [
        (f"{ctx.tr.gettext(OPTIONS[name].label)}: ", Strong(value_text(ctx, name, value)))
        for name in option_names()
        if (value := getattr(ctx.rules, name)) != reference_value(name)
    ]
    if not changed:
        return [Paragraph((ctx.tr.gettext("This table plays the reference rules."),))]
    intro = ctx.tr.gettext("Compared with the reference rules, this table changes:")
    return [Paragraph((intro,)), ListBlock(tuple(changed))]


def options_section(ctx: Context) -> list[Block]:
    """Differences between tables: one row per option; a changed value is shown in bold."""
    tr, rules = ctx.tr, ctx.rules
    rows: list[tuple[Text, ...]] = []
    for name in option_names():
        reference = reference_value(name)
        value = getattr(rules, name)
        shown: Span = value_text(ctx, name, value)
        if value != reference:
            shown = Strong(str(shown))
        rows.append(
            (
                (tr.gettext(OPTIONS[name].label), " ", Code(name)),
                (value_text(ctx, name, reference),),
                (" · ".join(value_text(ctx, name, v) for v in other_choices(name)),),
                (shown,),
            )
        )
    intro = tr.gettext(
        "Rami has no single official rulebook, and tables differ. Here is every option the game"
        " engine knows, with its reference value, the other choices, and its value at this"
        " table; values in bold differ from the reference."
    )
    table = Table(
        (
            tr.gettext("Option"),
            tr.gettext("Reference"),
            tr.gettext("Other choices"),
            tr.gettext("This table"),
        ),
        tuple(rows),
        keys=option_names(),
        name="options",
    )
    return [
        heading(2, tr.gettext("Differences between tables"), "options"),
        Paragraph((intro,)),
        table,
    ]
