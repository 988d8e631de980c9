"""How long the stand-in waits before trying again after the store failed: doubling, capped."""

from __future__ import annotations

from dataclasses import dataclass

FIRST = 1.0
"""Seconds before the first retry."""

CAP = 30.0
"""The longest wait between two tries."""


@dataclass(slots=True)
class Backoff:
    """Exponential backoff: ``first``, twice that, ... up to ``cap``; reset by a success."""

    first: float = FIRST
    cap: float = CAP
    failures: int = 0
    """Failures in a row so far."""

    def failed(self) -> float:
        """Count a failure; the seconds to wait before the next try."""
        delay = min(self.cap, self.first * 2.0**self.failures)
        self.failures += 1
        return delay

    def succeeded(self) -> None:
        """Start again from ``first`` at the next failure."""
        self.failures = 0
