"""The named, versioned shuffle and seed commitments.

Randomness never comes from the global ``random``: a round is dealt from a seed string through
``fy-sha256-v1``, a Fisher-Yates shuffle driven by SHA-256 in counter mode with rejection
sampling, so the same seed gives the same deal on every machine and Python version.
"""

from __future__ import annotations

import hashlib
import json
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


def table_binding(rules_hash: str, names: Sequence[str]) -> str:
    """What a commitment ties a seed to: the rules' hash and the players' names in seat order."""
    return json.dumps([rules_hash, *names], ensure_ascii=False, separators=(",", ":"))


def commitment(seed: str, binding: str | None) -> str:
    """The public hash that commits to ``seed`` (and the table it is for) before it is revealed.

    ``binding`` is :func:`table_binding` of the match, so a record whose rules or names were
    edited no longer matches the hashes published at the table; None gives the unbound form of
    version-1 records, which committed to the seed alone.
    """
    text = f"rami-seed|{seed}" if binding is None else f"rami-seed|{binding}|{seed}"
    return hashlib.sha256(text.encode()).hexdigest()


def derive_seed(match_seed: str, round_index: int) -> str:
    """The seed of round ``round_index`` (1-based) of a match."""
    return hashlib.sha256(f"rami-round|{match_seed}|{round_index}".encode()).hexdigest()[:32]


def new_seed() -> str:
    """A fresh unpredictable seed (for real games; tests pass their own)."""
    return secrets.token_hex(16)
