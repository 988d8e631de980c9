"""Helpers shared by the command modules: JSON output and the error contract."""

from __future__ import annotations

import json
import sys
from typing import Any, NoReturn

import typer

from rami.errors import RamiError
from rami.rules import RuleSet, get_rules


def emit_json(payload: dict[str, Any]) -> None:
    """Print exactly one JSON object on stdout."""
    sys.stdout.write(json.dumps(payload, ensure_ascii=False) + "\n")


def fail(code: str, message: str, as_json: bool) -> NoReturn:
    """Report malformed input and exit with status 2."""
    if as_json:
        emit_json({"error": code, "message": message})
    else:
        typer.echo(f"error: {code}: {message}", err=True)
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
