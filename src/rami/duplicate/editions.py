"""What a Daily Duplicate edition is: its kinds, its deals' rules and seats, its commitments.

An edition is one day (``YYYY-MM-DD``, UTC) of one kind (a preset and a player count). Each of
its :data:`DEALS_PER_EDITION` deals is a match seed; the commitment published when the day
opens is :func:`rami.shuffle.commitment` of that seed bound to the deal (the rules' hash, the
kind, the day and the deal's number), so a seed revealed at the close cannot be swapped for
another one, nor moved to another deal or day.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rami.match import new_match
from rami.rules import PRESETS, RuleSet
from rami.shuffle import commitment, table_binding

DEALS_PER_EDITION = 8

EDITION_FORMAT = "rami-duplicate-edition"
"""The ``format`` of an edition's published document (what ``rami verify`` reads)."""


@dataclass(frozen=True, slots=True)
class EditionKind:
    """One edition beside the others each day: its name, preset and number of players."""

    name: str
    preset: str
    players: int


EDITION_KINDS: tuple[EditionKind, ...] = (
    EditionKind("rami51-2p", "rami51", 2),
    EditionKind("rami40-2p", "rami40", 2),
    EditionKind("rami51-4p", "rami51", 4),
)


def edition_kind(name: str) -> EditionKind | None:
    """The kind called ``name`` (None: no such kind)."""
    return next((kind for kind in EDITION_KINDS if kind.name == name), None)


def deal_rules(kind: EditionKind) -> RuleSet:
    """The rules a deal of ``kind`` is played with: its preset, one round."""
    return PRESETS[kind.preset].replace(match_end="rounds", match_limit=1)


def person_seat(number: int, kind: EditionKind) -> int:
    """The seat a person plays deal ``number`` (1-based) from; the bots hold the others.

    The seat turns with the deal, so over an edition a person plays from every seat."""
    return (number - 1) % kind.players


def deal_binding(kind: EditionKind, day: str, number: int) -> str:
    """What a deal's commitment ties its seed to."""
    return table_binding(deal_rules(kind).hash, ["duplicate", kind.name, day, str(number)])


def deal_commitment(seed: str, kind: EditionKind, day: str, number: int) -> str:
    """The public hash of deal ``number`` of the edition ``kind`` on ``day``."""
    return commitment(seed, deal_binding(kind, day, number))


def first_round_hands(seed: str, kind: EditionKind) -> list[list[int]]:
    """The hands the deal's seed deals (what a re-deal shows a checker)."""
    match = new_match(deal_rules(kind), [f"p{seat}" for seat in range(kind.players)], seed)
    return [list(hand) for hand in match.round.hands]


def verify_edition(document: Mapping[str, Any]) -> list[str]:
    """The problems of a closed edition's document (empty: every deal matches its commitment).

    ``document`` is what ``GET /api/duplicate/{day}/{kind}`` answers once the day is over:
    ``format``, ``day``, ``kind`` and ``deals`` with each ``number``, ``commitment`` and ``seed``.
    """
    if document.get("format") != EDITION_FORMAT:
        return [f"not a Daily Duplicate edition (format {document.get('format')!r})"]
    kind = edition_kind(str(document.get("kind")))
    day = document.get("day")
    deals = document.get("deals")
    if kind is None or not isinstance(day, str) or not isinstance(deals, list):
        return ["the edition names no known kind, day or deals"]
    problems = []
    numbers = sorted(str(d.get("number")) for d in deals if isinstance(d, dict))
    if numbers != sorted(str(n) for n in range(1, DEALS_PER_EDITION + 1)):
        problems.append(f"the deals are numbered {numbers}, not 1-{DEALS_PER_EDITION}")
    for deal in deals:
        if not isinstance(deal, dict):
            problems.append("a deal is not an object")
            continue
        number, seed = deal.get("number"), deal.get("seed")
        if not isinstance(number, int) or not isinstance(seed, str):
            problems.append(f"deal {number}: its seed is not revealed")
        elif deal_commitment(seed, kind, day, number) != deal.get("commitment"):
            problems.append(f"deal {number}: the seed does not match the commitment")
    return problems
