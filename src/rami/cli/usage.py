"""Usage errors (a missing argument, a value of the wrong type) as JSON when ``--json`` is given."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from typing import Any

import typer
from typer.core import TyperGroup

from rami.cli.common import emit_json, shorten

CLICK_ERRORS = importlib.import_module(typer.BadParameter.__module__)
"""The exceptions of the Click that Typer runs on (its own copy in recent Typer versions)."""

USAGE_CODES: tuple[tuple[type[Exception], str], ...] = (
    (CLICK_ERRORS.MissingParameter, "missing_argument"),
    (CLICK_ERRORS.BadParameter, "bad_value"),
    (CLICK_ERRORS.NoSuchOption, "unknown_option"),
    (CLICK_ERRORS.BadOptionUsage, "bad_option"),
)
"""The error code of each kind of usage error (most specific first); others are ``usage``."""


def usage_code(error: Exception) -> str:
    """The stable code of a command-line usage error."""
    for kind, code in USAGE_CODES:
        if isinstance(error, kind):
            return code
    return "usage"


class JsonErrorsGroup(TyperGroup):
    """The ``rami`` group: with ``--json`` on the command line, usage errors are one JSON object
    ``{"error": code, "message": text}`` on stdout (exit 2) instead of Typer's error box."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        if not standalone_mode or "--json" not in argv:
            return super().main(
                argv, prog_name, complete_var, standalone_mode, windows_expand_args, **extra
            )
        try:
            status = super().main(
                argv, prog_name, complete_var, False, windows_expand_args, **extra
            )
        except CLICK_ERRORS.ClickException as error:
            emit_json({"error": usage_code(error), "message": shorten(error.format_message())})
            sys.exit(2)
        except typer.Abort:
            sys.exit(1)
        sys.exit(status if isinstance(status, int) else 0)
