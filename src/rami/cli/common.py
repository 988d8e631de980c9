"""Helpers shared by the command modules: JSON output, the error contract, shared parameters."""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from rami.cards import JOKER, Card, card_text
from rami.errors import RamiError
from rami.rules import RuleSet, get_rules

MESSAGE_LIMIT = 300
"""Longest error message printed: an error quotes at most this much of the input."""

RulesOption = Annotated[
    str, typer.Option("--rules", metavar="PRESET", help="Rule preset (rami51, rami40, ...).")
]
JsonOption = Annotated[bool, typer.Option("--json", metavar="", help="Print one JSON object.")]
CardsArgument = Annotated[
    list[str], typer.Argument(metavar="CARD", help="Cards, e.g. 9C 9D 9H JK (or 9♣ 9♦ 9♥ JK).")
]
FileArgument = Annotated[Path, typer.Argument(metavar="FILE", help="A game record (.jsonl).")]


def shorten(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` safe to print (lone surrogates escaped) and cut to ``limit`` characters."""
    printable = text.encode("utf-8", "backslashreplace").decode("utf-8")
    if len(printable) <= limit:
        return printable
    return printable[: limit - 1] + "…"


def emit_json(payload: dict[str, Any]) -> None:
    """Print exactly one JSON object on stdout."""
    sys.stdout.write(json.dumps(payload, ensure_ascii=False) + "\n")


def fail(code: str, message: str, as_json: bool) -> NoReturn:
    """Report malformed input and exit with status 2 (never quoting more than a line of it)."""
    shown = shorten(message)
    if as_json:
        emit_json({"error": code, "message": shown})
    else:
        typer.echo(f"error: {code}: {shown}", err=True)
    raise typer.Exit(2)


def fail_with(error: RamiError, as_json: bool) -> NoReturn:
    """Report a project error as malformed input (exit 2)."""
    fail(error.code, error.message, as_json)


def load_rules(preset: str, as_json: bool) -> RuleSet:
    """The preset named on the command line, or exit 2 with a clear error."""
    try:
        return get_rules(preset)
    except RamiError as error:
        fail_with(error, as_json)


def impossible_hand(hand: Sequence[Card], rules: RuleSet) -> str | None:
    """Why ``hand`` cannot come from the largest deck of ``rules``, or None."""
    decks, jokers = rules.deck_for(rules.max_players)
    for card, count in Counter(hand).items():
        if card == JOKER and count > jokers:
            return f"{count} jokers, but the deck has {jokers}"
        if card != JOKER and count > decks:
            return f"{count} copies of {card_text(card)}, but the deck has {decks}"
    return None
