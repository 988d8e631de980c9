"""Table ownership across processes: one lease per table in Redis, with a fencing epoch.

A process owns a table while it holds the table's lease: a Redis key set with ``NX`` and a
short time to live, renewed while the process lives. Each grant also takes a new epoch from a
per-table counter; the owner writes its events under that epoch, and the database refuses a
write whose epoch is older than the table's (see :mod:`rami.server.store.sql_store`), so a process
that lost its lease while paused can never write again.
"""

from __future__ import annotations

from dataclasses import dataclass

from redis.asyncio import Redis

_RENEW = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0
"""
_PASS = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('set', KEYS[1], ARGV[2], 'PX', ARGV[3]) and 1 or 0
end
return 0
"""
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0
"""


@dataclass(frozen=True, slots=True)
class Lease:
    """A granted lease: the table, its owner and the epoch the owner writes under."""

    table_id: str
    owner: str
    epoch: int


class Leases:
    """Leases of one process (``owner``) on a Redis server, ``ttl`` seconds each."""

    def __init__(self, redis: Redis, owner: str, ttl: float, prefix: str = "rami") -> None:
        self.redis = redis
        self.owner = owner
        self.ttl_ms = max(1, int(ttl * 1000))
        self.prefix = prefix
        self._renew = redis.register_script(_RENEW)
        self._release = redis.register_script(_RELEASE)
        self._pass = redis.register_script(_PASS)

    def _key(self, table_id: str) -> str:
        return f"{self.prefix}:lease:{table_id}"

    async def acquire(self, table_id: str) -> Lease | None:
        """The lease when nobody holds it (or this process already does), else None."""
        key = self._key(table_id)
        granted = await self.redis.set(key, self.owner, nx=True, px=self.ttl_ms)
        if not granted and not await self.renew(table_id):
            return None
        epoch = int(await self.redis.incr(f"{self.prefix}:epoch:{table_id}"))
        return Lease(table_id, self.owner, epoch)

    async def renew(self, table_id: str) -> bool:
        """Extend the lease; False when it was lost (expired and maybe taken by another)."""
        return bool(await self._renew(keys=[self._key(table_id)], args=[self.owner, self.ttl_ms]))

    async def renew_all(self, table_ids: list[str]) -> list[bool]:
        """:meth:`renew` for many tables in one round trip (pipelined)."""
        if not table_ids:
            return []
        async with self.redis.pipeline(transaction=False) as pipe:
            for table_id in table_ids:
                await self._renew(
                    keys=[self._key(table_id)], args=[self.owner, self.ttl_ms], client=pipe
                )
            return [bool(kept) for kept in await pipe.execute()]

    async def pass_to(self, table_id: str, owner: str) -> bool:
        """Hand the lease to process ``owner`` with a full time to live (only if this process
        holds it); ``owner`` then takes it with :meth:`acquire` under a new epoch."""
        passed = await self._pass(keys=[self._key(table_id)], args=[self.owner, owner, self.ttl_ms])
        return bool(passed)

    async def release(self, table_id: str) -> None:
        """Give the lease up (only if this process still holds it)."""
        await self._release(keys=[self._key(table_id)], args=[self.owner])

    async def owners_of(self, table_ids: list[str]) -> list[str | None]:
        """:meth:`owner_of` for many tables in one round trip."""
        if not table_ids:
            return []
        values = await self.redis.mget([self._key(t) for t in table_ids])
        return [
            None if v is None else v.decode() if isinstance(v, bytes) else str(v) for v in values
        ]

    async def owner_of(self, table_id: str) -> str | None:
        """The process holding the table's lease, or None."""
        value = await self.redis.get(self._key(table_id))
        if value is None:
            return None
        return value.decode() if isinstance(value, bytes) else str(value)
