"""Helpers shared by the command modules: JSON output, the error contract, shared parameters."""

from __future__ import annotations

import importlib
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


def read_text(file: Path, as_json: bool) -> str:
    """The text of ``file``, or exit 2 with ``unreadable_file`` (missing, a folder, not UTF-8)."""
    try:
        return file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        fail("unreadable_file", f"cannot read {file}: {error}", as_json)


def write_text(file: Path, text: str, as_json: bool) -> None:
    """Write ``text`` to ``file``, or exit 2 with ``unwritable_file`` (a folder, no such folder)."""
    try:
        file.write_text(text, encoding="utf-8")
    except OSError as error:
        fail("unwritable_file", f"cannot write {file}: {error.strerror or error}", as_json)


SCALE_INSTALL = "pip install -e '.[scale]'"
"""How a checkout gets the drivers of the scaled-out mode (PostgreSQL and Redis)."""


def require_modules(modules: Sequence[str], what: str, as_json: bool = False) -> None:
    """Exit 2 naming the ``[scale]`` extra when a driver ``what`` needs cannot be imported."""
    for module in modules:
        try:
            importlib.import_module(module)
        except ImportError:
            fail(
                "missing_extra",
                f"{what} needs the '{module}' module of the [scale] extra: {SCALE_INSTALL}",
                as_json,
            )


def scale_modules(database: str | None, redis: str | None) -> list[str]:
    """The driver modules a shared database URL and a Redis URL need."""
    modules = []
    if database is not None and database.split(":", 1)[0].startswith("postgres"):
        modules.append("psycopg")
    if redis is not None:
        modules.append("redis")
    return modules


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
