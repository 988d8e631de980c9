"""``rami solve``: the least a hand can be left holding, and its best opening."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Annotated, Any

import typer

from rami.cards import Card, card_text, cards_text, parse_cards
from rami.cli.common import RulesOption, emit_json, fail, fail_with, impossible_hand, load_rules
from rami.errors import RamiError
from rami.melds import Meld
from rami.rules import RuleSet
from rami.solver import best_opening, best_partition

JsonOption = Annotated[
    bool, typer.Option("--json", metavar="", help="Print one JSON object per hand.")
]


def _cards(meld: Meld) -> list[str]:
    return [card_text(c) for c in meld.cards]


def solve_hand(hand: Sequence[Card], rules: RuleSet) -> dict[str, Any]:
    """The JSON answer for one hand: best partition, and best opening ignoring the threshold."""
    partition = best_partition(hand, rules)
    opening = best_opening(hand, rules, ignore_threshold=True)
    return {
        "deadwood": partition.deadwood,
        "melds": [_cards(m) for m in partition.melds],
        "leftover": [card_text(c) for c in partition.leftover],
        "opening": None
        if opening is None
        else {
            "points": opening.points,
            "melds": [_cards(m) for m in opening.melds],
            "meets_threshold": opening.meets_threshold,
        },
    }


def _text(answer: dict[str, Any], rules: RuleSet) -> str:
    melds = " | ".join(" ".join(m) for m in answer["melds"]) or "no melds"
    left = " ".join(answer["leftover"]) or "nothing"
    lines = [f"deadwood {answer['deadwood']}: {melds}; left: {left}"]
    opening = answer["opening"]
    if opening is None:
        lines.append("opening: none possible")
    else:
        verdict = "opens" if opening["meets_threshold"] else f"below {rules.opening_points}"
        shown = " | ".join(" ".join(m) for m in opening["melds"])
        lines.append(f"opening: {opening['points']} points ({verdict}): {shown}")
    return "\n".join(lines)


def _parse(tokens: str | list[str], rules: RuleSet, as_json: bool) -> tuple[Card, ...]:
    try:
        hand = parse_cards(tokens)
    except RamiError as error:
        fail_with(error, as_json)
    problem = impossible_hand(hand, rules)
    if problem is not None:
        fail("impossible_hand", f"{cards_text(hand)}: {problem}", as_json)
    return hand


def solve(
    cards: Annotated[
        list[str], typer.Argument(metavar="CARD", help="The hand, e.g. 7S 8S 9S JK; - reads stdin.")
    ],
    rules: RulesOption = "rami51",
    as_json: JsonOption = False,
) -> None:
    """The best partition of a hand (least deadwood) and its best opening.

    With "-" as the only card, read one hand per line from stdin (blank lines are skipped)
    and answer each on its own line.
    """
    ruleset = load_rules(rules, as_json)
    if cards == ["-"]:
        lines: Any = (line for line in sys.stdin if line.strip())
    else:
        lines = [cards]
    for line in lines:
        answer = solve_hand(_parse(line, ruleset, as_json), ruleset)
        if as_json:
            emit_json(answer)
        else:
            typer.echo(_text(answer, ruleset))
        sys.stdout.flush()


def register(app: typer.Typer) -> None:
    """Add ``solve`` to ``app``."""
    app.command("solve")(solve)
