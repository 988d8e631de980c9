"""Duplicate inside tournaments: every table of a Swiss round plays the same committed deals.

A tournament has one secret seed; round ``r``'s match seed is derived from it, and the
commitments of every round (bound to the rules, the tournament and the round) are published
when the tournament is created and checked once it is over. In a duplicate round every table
plays the round's seed; with twin tables each pairing plays two tables, the second with the
seats reversed, so each player holds the others' cards once. Without duplicate, each table has
its own seed derived from the round's.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rami.rules import PRESETS
from rami.shuffle import commitment, table_binding

TOURNAMENT_DOCUMENT = "rami-tournament"
"""The ``document`` field of a tournament as ``GET /api/tournaments/{id}`` answers it."""


@dataclass(frozen=True, slots=True)
class Board:
    """One table to create: the pairing it plays for, its seats, its match seed."""

    pairing: int
    seats: tuple[str, ...]
    seed: str
    twin: bool
    """True for the second table of a pairing (seats reversed)."""


def round_seed(tournament_seed: str, round_number: int) -> str:
    """The match seed of round ``round_number`` (1-based)."""
    text = f"rami-tournament-round|{tournament_seed}|{round_number}"
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def round_commitment(
    tournament_seed: str, rules_hash: str, tournament_id: str, round_number: int
) -> str:
    """The public hash of round ``round_number``'s seed."""
    binding = table_binding(rules_hash, ["tournament", tournament_id, str(round_number)])
    return commitment(round_seed(tournament_seed, round_number), binding)


def boards(
    tables: Sequence[tuple[str, ...]],
    tournament_seed: str,
    round_number: int,
    duplicate: bool,
    twins: bool,
) -> list[Board]:
    """The tables a round's seating becomes (twins only with duplicate deals)."""
    seed = round_seed(tournament_seed, round_number)
    out: list[Board] = []
    for index, seats in enumerate(tables):
        own = seed if duplicate else round_seed(seed, index + 1)
        out.append(Board(index, seats, own, False))
        if duplicate and twins:
            out.append(Board(index, tuple(reversed(seats)), own, True))
    return out


def verify_tournament(document: Mapping[str, Any]) -> list[str]:
    """The problems of a finished tournament's document (empty: every round's revealed seed
    matches the commitment published when the tournament was created).

    ``document`` is what ``GET /api/tournaments/{id}`` answers once the tournament is over:
    ``document``, ``id``, ``preset``, ``commitments`` (one per round) and the revealed ``seed``.
    """
    if document.get("document") != TOURNAMENT_DOCUMENT:
        return [f"not a tournament (document {document.get('document')!r})"]
    tid, preset, seed = document.get("id"), document.get("preset"), document.get("seed")
    commitments = document.get("commitments")
    if not isinstance(tid, str) or preset not in PRESETS or not isinstance(commitments, list):
        return ["the tournament names no id, known preset or commitments"]
    if not isinstance(seed, str):
        return ["the tournament's seed is not revealed (it is not over, or not a Swiss)"]
    rules = PRESETS[str(preset)].hash
    return [
        f"round {number}: the seed does not match the commitment"
        for number, published in enumerate(commitments, 1)
        if round_commitment(seed, rules, tid, number) != published
    ]
