"""Which process is alive, and which process owns each table, in Redis.

**Liveness is per process.** Each process registers under a new *incarnation* (a number from
one counter for the whole cluster) and keeps one heartbeat: its score in the sorted set
``alive``, the time until which it counts as alive. It moves that time forward every third of
``ttl``; so Redis traffic does not grow with the number of tables. A process whose heartbeat
lapsed (paused, cut off, dead) is dead for good under that incarnation: its next heartbeat
fails, and it registers again as a new incarnation owning nothing.

**Ownership is a record per table**, ``owner:{table}`` = ``process/incarnation``, written once
when the table is taken and left alone while it is served. A record whose incarnation is not
alive is no ownership at all: anyone may take the table. Each grant also takes a new epoch from
a per-table counter; the owner writes its events under that epoch and the database refuses a
write whose epoch is older than the table's (see :mod:`rami.server.store.sql_store`), so a
process presumed dead can never write again.

Times come from an injected :class:`~rami.server.tables.clock.Clock` (wall seconds, as every
process of the cluster must agree on them), so tests advance time instead of waiting for it.
"""

from __future__ import annotations

from dataclasses import dataclass

from redis.asyncio import Redis

from rami.server.tables.clock import SYSTEM_CLOCK, Clock

_ALIVE = """
local s = redis.call('zscore', KEYS[1], ARGV[1])
if s and tonumber(s) >= tonumber(ARGV[2]) then
  redis.call('zadd', KEYS[1], ARGV[3], ARGV[1])
  return 1
end
return 0
"""
"""Move a heartbeat forward, only while it has not lapsed (KEYS: alive; ARGV: me, now, until)."""

_ACQUIRE = """
local function live(member)
  local s = redis.call('zscore', KEYS[3], member)
  return s and tonumber(s) >= tonumber(ARGV[2])
end
if not live(ARGV[1]) then return {-1, ''} end
local current = redis.call('get', KEYS[1])
if current and current ~= ARGV[1] and live(current) then return {0, current} end
redis.call('set', KEYS[1], ARGV[1])
return {1, tostring(redis.call('incr', KEYS[2]))}
"""
"""Take a table (KEYS: owner, epoch, alive; ARGV: me, now): {1, epoch} granted, {0, owner}
held by a live process, {-1, ''} this process is not alive."""

_PASS = """
if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end
local incarnation = redis.call('hget', KEYS[2], ARGV[2])
if not incarnation then return 0 end
redis.call('set', KEYS[1], ARGV[2] .. '/' .. incarnation)
return 1
"""
"""Hand a table to another process's current incarnation (KEYS: owner, incarnations;
ARGV: me, their process id)."""

_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0
"""

_OWNERS = """
local result = {}
for i, key in ipairs(KEYS) do
  local member = redis.call('get', key)
  local s = member and redis.call('zscore', ARGV[1], member)
  if s and tonumber(s) >= tonumber(ARGV[2]) then result[i] = member else result[i] = '' end
end
return result
"""
"""The live owner of each table, '' for none (KEYS: owners; ARGV: alive key, now)."""

_FORGET_DEAD = 60.0
"""Seconds after its heartbeat lapsed that a dead incarnation leaves the ``alive`` set."""


@dataclass(frozen=True, slots=True)
class Granted:
    """The table is this process's now, written under ``epoch``."""

    table_id: str
    epoch: int


@dataclass(frozen=True, slots=True)
class Held:
    """The table is owned by the live process ``owner``."""

    table_id: str
    owner: str


@dataclass(frozen=True, slots=True)
class NotAlive:
    """This process's heartbeat lapsed: it owns nothing and may take nothing."""

    table_id: str


Acquired = Granted | Held | NotAlive


def _text(value: object) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def process_of(member: str) -> str:
    """The process id of an ownership record (``process/incarnation``)."""
    return member.rsplit("/", 1)[0]


class Liveness:
    """The heartbeat and table ownership of process ``process_id``."""

    def __init__(
        self,
        redis: Redis,
        process_id: str,
        ttl: float,
        prefix: str = "rami",
        clock: Clock = SYSTEM_CLOCK,
    ) -> None:
        self.redis = redis
        self.process_id = process_id
        self.ttl = ttl
        self.prefix = prefix
        self.clock = clock
        self.incarnation = 0
        """This process's current incarnation (0: not registered yet)."""
        self._alive_key = f"{prefix}:alive"
        self._incarnations_key = f"{prefix}:incarnations"
        self._alive = redis.register_script(_ALIVE)
        self._acquire = redis.register_script(_ACQUIRE)
        self._pass = redis.register_script(_PASS)
        self._release = redis.register_script(_RELEASE)
        self._owners = redis.register_script(_OWNERS)

    @property
    def member(self) -> str:
        """This process's ownership record: ``process/incarnation``."""
        return f"{self.process_id}/{self.incarnation}"

    def _owner_key(self, table_id: str) -> str:
        return f"{self.prefix}:owner:{table_id}"

    async def register(self) -> None:
        """Start a new incarnation, alive for ``ttl`` (owning nothing)."""
        self.incarnation = int(await self.redis.incr(f"{self.prefix}:incarnation"))
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.hset(self._incarnations_key, self.process_id, str(self.incarnation))
            pipe.zadd(self._alive_key, {self.member: self.clock.wall() + self.ttl})
            await pipe.execute()

    async def beat(self) -> bool:
        """Stay alive for another ``ttl``; False when the heartbeat had lapsed (this
        incarnation is dead: its tables may have been taken)."""
        now = self.clock.wall()
        kept = await self._alive(keys=[self._alive_key], args=[self.member, now, now + self.ttl])
        return bool(kept)

    async def forget_dead(self) -> None:
        """Drop incarnations dead for long from the ``alive`` set (their records stay dead)."""
        await self.redis.zremrangebyscore(self._alive_key, "-inf", self.clock.wall() - _FORGET_DEAD)

    async def retire(self) -> None:
        """End this incarnation at once (the process shuts down)."""
        await self.redis.zrem(self._alive_key, self.member)

    async def acquire(self, table_id: str) -> Acquired:
        """Take the table when no live process owns it (or this one does: a new epoch)."""
        keys = [self._owner_key(table_id), f"{self.prefix}:epoch:{table_id}", self._alive_key]
        code, value = await self._acquire(keys=keys, args=[self.member, self.clock.wall()])
        if int(code) == 1:
            return Granted(table_id, int(_text(value)))
        if int(code) == 0:
            return Held(table_id, process_of(_text(value)))
        return NotAlive(table_id)

    async def raise_epoch(self, table_id: str, at_least: int) -> None:
        """Move the table's epoch counter up to ``at_least`` (it fell behind the database,
        as after Redis lost its data)."""
        key = f"{self.prefix}:epoch:{table_id}"
        current = await self.redis.get(key)
        if current is None or int(_text(current)) < at_least:
            await self.redis.set(key, str(at_least))

    async def pass_to(self, table_id: str, process_id: str) -> bool:
        """Hand the table to ``process_id`` (only if this process owns it); that process then
        takes it with :meth:`acquire` under a new epoch."""
        keys = [self._owner_key(table_id), self._incarnations_key]
        return bool(await self._pass(keys=keys, args=[self.member, process_id]))

    async def release(self, table_id: str) -> None:
        """Give the table up (only if this process still owns it)."""
        await self._release(keys=[self._owner_key(table_id)], args=[self.member])

    async def owners_of(self, table_ids: list[str]) -> list[str | None]:
        """The live owning process of each table, or None, in one round trip."""
        if not table_ids:
            return []
        keys = [self._owner_key(t) for t in table_ids]
        found = await self._owners(keys=keys, args=[self._alive_key, self.clock.wall()])
        return [process_of(_text(v)) if _text(v) else None for v in found]

    async def owner_of(self, table_id: str) -> str | None:
        """The live process owning the table, or None."""
        return (await self.owners_of([table_id]))[0]
