"""Password hashing with Argon2id (argon2-cffi), run off the event loop.

Hashes use Argon2id with 2 passes over 19 MiB and one lane (:func:`default_hasher`, the OWASP
password-storage minimum): one verification takes about 0.1 s on this 2-core machine under
load, where argon2-cffi's own default (3 passes over 64 MiB, 4 lanes) takes about 0.7 s. A
server may pass other parameters (the tests use the cheapest profile). A hash made with older
parameters is replaced at the next successful login. A login for an unknown name still verifies
against a fixed hash, so the answer takes as long as for a known name. Passwords never appear in
a log, an error message or a stored row.
"""

from __future__ import annotations

import asyncio

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError


def default_hasher() -> PasswordHasher:
    """Argon2id, 2 passes over 19 MiB (19,456 KiB), one lane."""
    return PasswordHasher(time_cost=2, memory_cost=19_456, parallelism=1)


class Passwords:
    """Hash and verify passwords with one Argon2 configuration."""

    def __init__(self, hasher: PasswordHasher | None = None) -> None:
        self.hasher = hasher or default_hasher()
        self._decoy = self.hasher.hash("rami: a password no account has")

    def hash(self, password: str) -> str:
        """The stored form of ``password``."""
        return self.hasher.hash(password)

    def verify(self, stored: str | None, password: str) -> bool:
        """True when ``password`` matches ``stored`` (None: an unknown account, always False)."""
        try:
            return self.hasher.verify(stored or self._decoy, password) and stored is not None
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    def needs_rehash(self, stored: str) -> bool:
        """True when ``stored`` was made with other parameters than the current ones."""
        return self.hasher.check_needs_rehash(stored)

    async def hash_async(self, password: str) -> str:
        """:meth:`hash` in a worker thread."""
        return await asyncio.to_thread(self.hash, password)

    async def verify_async(self, stored: str | None, password: str) -> bool:
        """:meth:`verify` in a worker thread."""
        return await asyncio.to_thread(self.verify, stored, password)
