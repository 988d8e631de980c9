"""The named, versioned shuffle and seed commitments.

Randomness never comes from the global ``random``: a round is dealt from a seed string through
``fy-sha256-v1``, a Fisher-Yates shuffle driven by SHA-256 in counter mode with rejection
sampling, so the same seed gives the same deal on every machine and Python version.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterator, Sequence
from typing import TypeVar

SHUFFLE_NAME = "fy-sha256-v1"
T = TypeVar("T")


def _words(seed: str, label: str) -> Iterator[int]:
    counter = 0
    while True:
        digest = hashlib.sha256(f"{SHUFFLE_NAME}|{seed}|{label}|{counter}".encode()).digest()
        for i in range(0, 32, 4):
            yield int.from_bytes(digest[i : i + 4], "big")
        counter += 1


def shuffled(items: Sequence[T], seed: str, label: str) -> list[T]:
    """A permutation of ``items`` determined by ``seed`` and ``label`` (e.g. ``deal``)."""
    out = list(items)
    words = _words(seed, label)
    for i in range(len(out) - 1, 0, -1):
        bound = i + 1
        limit = (1 << 32) - (1 << 32) % bound
        word = next(words)
        while word >= limit:
            word = next(words)
        j = word % bound
        out[i], out[j] = out[j], out[i]
    return out


def commitment(seed: str) -> str:
    """The public hash that commits to ``seed`` before it is revealed."""
    return hashlib.sha256(f"rami-seed|{seed}".encode()).hexdigest()


def derive_seed(match_seed: str, round_index: int) -> str:
    """The seed of round ``round_index`` (1-based) of a match."""
    return hashlib.sha256(f"rami-round|{match_seed}|{round_index}".encode()).hexdigest()[:32]


def new_seed() -> str:
    """A fresh unpredictable seed (for real games; tests pass their own)."""
    return secrets.token_hex(16)
