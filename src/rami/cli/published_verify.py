"""``rami verify`` of a published document: a closed Daily Duplicate edition or a finished
tournament, each seed revealed against the commitment published before play.

An edition's document is what ``GET /api/duplicate/{day}/{kind}`` answers once the day is over
(``format: rami-duplicate-edition``); a tournament's is what ``GET /api/tournaments/{id}``
answers once it is over (``document: rami-tournament``).
"""

from __future__ import annotations

import json
from typing import Any

import typer

from rami.cli.common import emit_json
from rami.duplicate import verify_edition
from rami.duplicate.editions import EDITION_FORMAT
from rami.tournaments import TOURNAMENT_DOCUMENT, round_seed, verify_tournament

MARKERS = {"format": EDITION_FORMAT, "document": TOURNAMENT_DOCUMENT}
"""The field and value that name each kind of published document."""


def published_document(text: str) -> dict[str, Any] | None:
    """``text`` read as a published document (None: it is something else, e.g. a record)."""
    if not any(f'"{value}"' in text for value in MARKERS.values()):
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # too deep, or not JSON: left to the record's check
        return None
    if not isinstance(data, dict):
        return None
    return data if any(data.get(key) == value for key, value in MARKERS.items()) else None


def verify_published(document: dict[str, Any], as_json: bool) -> None:
    """Report the document's check; exit 2 when a seed does not match its commitment."""
    if document.get("document") == TOURNAMENT_DOCUMENT:
        problems = verify_tournament(document)
        rounds = len(document.get("commitments") or [])
        seeds = [round_seed(str(document.get("seed")), n) for n in range(1, rounds + 1)]
        facts: dict[str, Any] = {"rounds": rounds, "round_seeds": [] if problems else seeds}
        done = (
            f"verified: the {rounds} rounds of tournament {document.get('id')} were dealt from"
            " the seeds committed to when it was created; their match seeds: " + ", ".join(seeds)
        )
    else:
        problems = verify_edition(document)
        facts = {"deals": len(document.get("deals") or [])}
        done = (
            f"verified: the {facts['deals']} deals of the {document.get('kind')} edition of"
            f" {document.get('day')} were dealt from the seeds committed to when it opened"
        )
    if as_json:
        emit_json({"verified": not problems, **facts, "problems": problems})
    elif problems:
        for problem in problems:
            typer.echo(f"NOT VERIFIED: {problem}", err=True)
    else:
        typer.echo(done)
    if problems:
        raise typer.Exit(2)
