"""``rami solve``: the least a hand can be left holding, and its best opening."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Annotated, Any

import typer

from rami.cards import Card, card_text, cards_text, parse_cards
from rami.cli.common import (
    RulesOption,
    emit_json,
    fail,
    fail_with,
    impossible_hand,
    load_rules,
    shorten,
)
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


def _parse(tokens: str | list[str], rules: RuleSet) -> tuple[Card, ...]:
    """The hand written in ``tokens``; raises RamiError when it is not one a deck can deal."""
    hand = parse_cards(tokens)
    problem = impossible_hand(hand, rules)
    if problem is not None:
        raise RamiError(f"{cards_text(hand)}: {problem}", "impossible_hand")
    return hand


def _answer(hand: tuple[Card, ...], rules: RuleSet, as_json: bool) -> None:
    answer = solve_hand(hand, rules)
    emit_json(answer) if as_json else typer.echo(_text(answer, rules))
    sys.stdout.flush()


def solve(
    cards: Annotated[
        list[str], typer.Argument(metavar="CARD", help="The hand, e.g. 7S 8S 9S JK; - reads stdin.")
    ],
    rules: RulesOption = "rami51",
    as_json: JsonOption = False,
) -> None:
    """The best partition of a hand (least deadwood) and its best opening.

    With "-" as the only card, read one hand per line from stdin (blank lines are skipped)
    and answer each on its own line; a bad line is answered with its error (and its line
    number) and the others still are. The exit status is 2 when any line was bad or stdin held
    no hand.
    """
    ruleset = load_rules(rules, as_json)
    if cards != ["-"]:
        try:
            hand = _parse(cards, ruleset)
        except RamiError as error:
            fail_with(error, as_json)
        _answer(hand, ruleset, as_json)
        return
    hands = bad = 0
    for number, line in enumerate(sys.stdin, start=1):
        if not line.strip():
            continue
        hands += 1
        try:
            hand = _parse(line, ruleset)
        except RamiError as error:
            bad += 1
            message = shorten(error.message)
            if as_json:
                emit_json({"error": error.code, "message": message, "line": number})
                sys.stdout.flush()
            else:
                typer.echo(f"error: line {number}: {error.code}: {message}", err=True)
            continue
        _answer(hand, ruleset, as_json)
    if not hands:
        fail("empty_input", "no hand on stdin (write one hand per line)", as_json)
    if bad:
        raise typer.Exit(2)


def register(app: typer.Typer) -> None:
    """Add ``solve`` to ``app``."""
    app.command("solve")(solve)
