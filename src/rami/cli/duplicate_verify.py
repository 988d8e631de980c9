"""``rami verify`` of a Daily Duplicate edition: every deal's revealed seed against its commitment.

The file is the edition's document as ``GET /api/duplicate/{day}/{kind}`` answers it once the
day is over (``format: rami-duplicate-edition``).
"""

from __future__ import annotations

import json
from typing import Any

import typer

from rami.cli.common import emit_json
from rami.duplicate import verify_edition
from rami.duplicate.editions import EDITION_FORMAT


def edition_document(text: str) -> dict[str, Any] | None:
    """``text`` read as an edition's document (None: it is something else, e.g. a record)."""
    if '"rami-duplicate-edition"' not in text:
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # too deep, or not JSON: left to the record's check
        return None
    return data if isinstance(data, dict) and data.get("format") == EDITION_FORMAT else None


def verify_edition_document(document: dict[str, Any], as_json: bool) -> None:
    """Report the edition's check; exit 2 when a deal does not match its commitment."""
    problems = verify_edition(document)
    deals = len(document.get("deals") or [])
    if as_json:
        emit_json({"verified": not problems, "deals": deals, "problems": problems})
    elif problems:
        for problem in problems:
            typer.echo(f"NOT VERIFIED: {problem}", err=True)
    else:
        typer.echo(
            f"verified: the {deals} deals of the {document['kind']} edition of {document['day']}"
            " were dealt from the seeds committed to when it opened"
        )
    if problems:
        raise typer.Exit(2)
