"""Seed commitments and revelations: the only game facts a message carries beyond a view.

Before a round is dealt its seed's commitment (a SHA-256 hash) is public; once the round is
over its seed is revealed so anyone can re-deal it and compare. Nothing here exposes the seed
of a round still being played, nor the match seed before the match ends.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rami.match import MatchState
from rami.shuffle import commitment
from rami.state import Phase


@dataclass(frozen=True, slots=True)
class Fairness:
    """Public commitments per round index, the seeds of finished rounds, the match commitment,
    and what every commitment is tied to (:func:`rami.shuffle.table_binding`)."""

    match: str = ""
    binding: str = ""
    current: str = ""
    commitments: dict[int, str] = field(default_factory=dict)
    revealed: dict[int, str] = field(default_factory=dict)


def fairness_of(match: MatchState) -> Fairness:
    """What may be published about the seeds of ``match`` now."""
    binding = match.binding
    commitments = {p.index: commitment(p.state.seed, binding) for p in match.finished_rounds}
    revealed = {p.index: p.state.seed for p in match.finished_rounds}
    current = commitment(match.round.seed, binding)
    if match.round.phase is not Phase.OVER:
        commitments[match.round_index] = current
    return Fairness(match.seed_commitment, binding, current, commitments, revealed)
