"""``Leases``: each table (or tournament director) owned by one room process at a time.

Not a lease per thing but a *life* per process (decision 63). Each process keeps one
entry alive in a sorted set of lives, by a heartbeat every quarter of a life; what it
owns is written down once, with no time to live, and stays its own for as long as its
life runs. So while nothing changes hands the cost to Redis is one heartbeat and one
look for ownerless things per process, whatever the number of tables: nothing is read
per table. A process whose life ran out (it died, or stalled) is found in one range read
of the lives, and its things are taken from the set of what it holds.

In Redis (a single instance: the scripts name keys they build, which Redis Cluster
would refuse):
- ``pokernight:lives`` ZSET: process name, scored by when its life runs out (ms);
- ``pokernight:owner:<key>`` STRING: the owning process;
- ``pokernight:holds:<process>`` SET: the keys it owns (the same facts, by process);
- ``pokernight:taken-from:<process>`` LIST: keys taken from it while its life had run
  out, told to it by its next heartbeat (it expires, so a dead process's does not stay);
- ``pokernight:ownerless`` ZSET: keys given back (a clean stop) or seeded from the
  database, scored by when they became ownerless;
- ``pokernight:known``: present once the ownerless set was seeded from the database. A
  Redis restarted without persistence has lost it: the processes seed again.

Every operation is one Lua script, so "is it free?" and "take it" cannot be split by
another process; and every time is Redis's own (``TIME``), so the processes' clocks
never matter.

A lease only says who *should* write. A process paused for longer than its life (a
stalled VM, a long GC) can wake up believing it still owns a table another has taken:
the database refuses it by the fencing epoch, which the new owner raises there before
it reads the log. That is why the epoch is not kept here: Redis run without persistence
forgets its counters on a restart, and a fencing token must never go down.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from pokernight.extras import require

DEFAULT_TTL_MS: Final = 2_000
PREFIX: Final = "pokernight:"
LIVES: Final = PREFIX + "lives"
OWNERLESS: Final = PREFIX + "ownerless"
KNOWN: Final = PREFIX + "known"
CONNECTIONS: Final = 64
CONNECTION_WAIT_SECONDS: Final = 10.0
STALE_RETRIES: Final = 1
TAKEN_FROM_KEPT_MS: Final = 3_600_000
"""How long a list of what was taken from a process is kept for it: a process stalled
longer than that has been forgotten altogether and lets go of everything anyway."""

# Shared by the scripts: Redis's clock in ms, and whether a process's life runs now.
_CLOCK: Final = """
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local function alive(name)
  local until_ms = redis.call('ZSCORE', 'pokernight:lives', name)
  return until_ms ~= false and tonumber(until_ms) > now
end
"""

# ARGV[1] me, ARGV[2] the life in ms. {1}: this process was forgotten (let go of
# everything); {0, key...}: the keys taken from it while its life had run out.
_HEARTBEAT: Final = (
    _CLOCK
    + """
local me = ARGV[1]
local holds = 'pokernight:holds:' .. me
local taken = 'pokernight:taken-from:' .. me
local known = redis.call('ZSCORE', 'pokernight:lives', me)
redis.call('ZADD', 'pokernight:lives', now + tonumber(ARGV[2]), me)
if known == false then
  -- Forgotten: whatever is still written as its own is given back, since it lets go
  -- of everything (empty unless a stalled process's entry was removed by mistake).
  for _, key in ipairs(redis.call('SMEMBERS', holds)) do
    if redis.call('GET', 'pokernight:owner:' .. key) == me then
      redis.call('DEL', 'pokernight:owner:' .. key)
      redis.call('ZADD', 'pokernight:ownerless', 'NX', now, key)
    end
  end
  redis.call('DEL', holds, taken)
  return {1}
end
local answer = {0}
for _, key in ipairs(redis.call('LRANGE', taken, 0, -1)) do
  table.insert(answer, key)
end
if #answer > 1 then
  redis.call('DEL', taken)
end
return answer
"""
)

# ARGV[1] me, ARGV[2] the key. 1: it is mine (taken now, or already); 0: another process
# alive owns it, or my own life has run out (I may not take anything until I beat again).
_TAKE: Final = (
    _CLOCK
    + """
local me, key = ARGV[1], ARGV[2]
if not alive(me) then
  return 0
end
local record = 'pokernight:owner:' .. key
local owner = redis.call('GET', record)
if owner ~= me then
  if owner ~= false then
    if alive(owner) then
      return 0
    end
    redis.call('SREM', 'pokernight:holds:' .. owner, key)
    redis.call('RPUSH', 'pokernight:taken-from:' .. owner, key)
    redis.call('PEXPIRE', 'pokernight:taken-from:' .. owner, ARGV[3])
  end
  redis.call('SET', record, me)
  redis.call('SADD', 'pokernight:holds:' .. me, key)
end
redis.call('ZREM', 'pokernight:ownerless', key)
return 1
"""
)

# ARGV[1] me, ARGV[2] the key, ARGV[3] '1' if gone for good. 1: given back; 0: not mine.
_GIVE_BACK: Final = (
    _CLOCK
    + """
local me, key = ARGV[1], ARGV[2]
if redis.call('GET', 'pokernight:owner:' .. key) ~= me then
  return 0
end
redis.call('DEL', 'pokernight:owner:' .. key)
redis.call('SREM', 'pokernight:holds:' .. me, key)
if ARGV[3] ~= '1' then
  redis.call('ZADD', 'pokernight:ownerless', 'NX', now, key)
end
return 1
"""
)

# ARGV: the keys. Each one's owner if alive, else '' (nobody).
_OWNERS: Final = (
    _CLOCK
    + """
local found = {}
for index, key in ipairs(ARGV) do
  local owner = redis.call('GET', 'pokernight:owner:' .. key)
  if owner ~= false and alive(owner) then
    found[index] = owner
  else
    found[index] = ''
  end
end
return found
"""
)

# ARGV[1] me, ARGV[2] a life in ms. {known (0/1), key...}: the keys nobody alive owns
# that are this process's to take: those that fall to it (a hash of the key among the
# live processes sorted by name, so each takes a fair share and they seldom race), and
# any that has waited a whole life (its process may be stuck: anyone may take it then).
# Reads only the lives and the ownerless set, and a dead process's holds: nothing per
# key while nothing changes hands.
_ADOPTABLE: Final = (
    _CLOCK
    + """
local me, life = ARGV[1], tonumber(ARGV[2])
local known = redis.call('EXISTS', 'pokernight:known')
local live = redis.call('ZRANGEBYSCORE', 'pokernight:lives', '(' .. now, '+inf')
local mine = {known}
local is_live = false
for _, name in ipairs(live) do
  if name == me then
    is_live = true
  end
end
if not is_live then
  return mine
end
table.sort(live)
local candidates = {}
local ownerless = redis.call('ZRANGE', 'pokernight:ownerless', 0, -1, 'WITHSCORES')
for index = 1, #ownerless, 2 do
  table.insert(candidates, {ownerless[index], tonumber(ownerless[index + 1])})
end
local dead = redis.call('ZRANGEBYSCORE', 'pokernight:lives', '-inf', now, 'WITHSCORES')
for index = 1, #dead, 2 do
  local name, since = dead[index], tonumber(dead[index + 1])
  local held = redis.call('SMEMBERS', 'pokernight:holds:' .. name)
  if #held == 0 then
    redis.call('ZREM', 'pokernight:lives', name)
  end
  for _, key in ipairs(held) do
    table.insert(candidates, {key, since})
  end
end
for _, candidate in ipairs(candidates) do
  local key, since = candidate[1], candidate[2]
  local slot = tonumber(string.sub(redis.sha1hex(key), 1, 8), 16) % #live + 1
  if live[slot] == me or now - since > life then
    table.insert(mine, key)
  end
end
return mine
"""
)

# ARGV: every key that should have an owner (the open tables with events, read from the
# database). Those with no owner record become ownerless, once: 1 if this call seeded.
_SEED: Final = (
    _CLOCK
    + """
if redis.call('EXISTS', 'pokernight:known') == 1 then
  return 0
end
for _, key in ipairs(ARGV) do
  if redis.call('EXISTS', 'pokernight:owner:' .. key) == 0 then
    redis.call('ZADD', 'pokernight:ownerless', 'NX', now, key)
  end
end
redis.call('SET', 'pokernight:known', '1')
return 1
"""
)

# ARGV[1] me. A clean stop, once everything was given back: the life ends at once.
_LEAVE: Final = (
    _CLOCK
    + """
local me = ARGV[1]
for _, key in ipairs(redis.call('SMEMBERS', 'pokernight:holds:' .. me)) do
  if redis.call('GET', 'pokernight:owner:' .. key) == me then
    redis.call('DEL', 'pokernight:owner:' .. key)
    redis.call('ZADD', 'pokernight:ownerless', 'NX', now, key)
  end
end
redis.call('DEL', 'pokernight:holds:' .. me, 'pokernight:taken-from:' .. me)
redis.call('ZREM', 'pokernight:lives', me)
return 1
"""
)


class LeaseLostError(Exception):
    """The process no longer owns the thing: it must stop writing and let go of it."""


@dataclass(frozen=True)
class Heartbeat:
    """What a heartbeat tells its process to let go of: usually nothing."""

    lost: list[str] = field(default_factory=list)
    """Keys another process took while this one's life had run out (it stalled)."""
    everything: bool = False
    """This process was forgotten (Redis restarted, or everything it held was taken):
    nothing is its own any more."""


@dataclass(frozen=True)
class Adoptable:
    keys: list[str]
    """Keys nobody alive owns that are this process's to take."""
    known: bool
    """False: the ownerless set was never seeded from the database (or Redis forgot it):
    the caller seeds it (``seed``) with every key that should have an owner."""


class Leases:
    """Who owns what among the room's processes, as seen by the process called ``owner``.

    ``client`` is a ``redis.asyncio.Redis`` (``from_url`` makes one); the owner's name
    must be unique among the room's processes (host, process id and a random part). Keys
    are strings such as ``table:12`` or ``tournament:3``.
    """

    def __init__(self, client: Any, owner: str, ttl_ms: int = DEFAULT_TTL_MS) -> None:
        if ttl_ms < 100:
            raise ValueError(f"a life lasts 100 ms or more, not {ttl_ms}")
        self.client = client
        self.owner = owner
        self.ttl_ms = ttl_ms
        self._heartbeat = client.register_script(_HEARTBEAT)
        self._take = client.register_script(_TAKE)
        self._give_back = client.register_script(_GIVE_BACK)
        self._owners = client.register_script(_OWNERS)
        self._adoptable = client.register_script(_ADOPTABLE)
        self._seed = client.register_script(_SEED)
        self._leave = client.register_script(_LEAVE)

    @classmethod
    def from_url(cls, url: str, owner: str, ttl_ms: int = DEFAULT_TTL_MS) -> Leases:
        require("several room processes (--redis)", "cluster")
        import redis.asyncio
        from redis.asyncio.retry import Retry
        from redis.backoff import NoBackoff
        from redis.exceptions import ConnectionError as RedisConnectionError

        # A busy process sends Redis many commands at once (heartbeats, piped frames): past
        # ``CONNECTIONS`` they wait for a connection rather than fail. A pooled connection
        # outlives a Redis that restarted: the command that finds it dead is sent again,
        # once, on a new connection (while Redis is away that fails too, at once). Only a
        # lost connection is retried: a command that timed out may have been carried out.
        stale = Retry(NoBackoff(), STALE_RETRIES, supported_errors=(RedisConnectionError,))
        pool = redis.asyncio.BlockingConnectionPool.from_url(
            url, max_connections=CONNECTIONS, timeout=CONNECTION_WAIT_SECONDS, retry=stale
        )
        # ``from_pool``: the client owns the pool, so closing it closes every connection.
        return cls(redis.asyncio.Redis.from_pool(pool), owner, ttl_ms)

    async def join(self) -> Heartbeat:
        """Start this process's life (a first heartbeat)."""
        return await self.heartbeat()

    async def heartbeat(self) -> Heartbeat:
        """Extend this process's life by ``ttl_ms``, from now by Redis's clock."""
        answer = await self._heartbeat(args=[self.owner, self.ttl_ms])
        if int(answer[0]) == 1:
            return Heartbeat(everything=True)
        return Heartbeat(lost=[_text(key) for key in answer[1:]])

    async def take(self, key: str) -> bool:
        """Own ``key`` if no process alive does (True too if this process already does).
        Refused while this process's own life has run out."""
        args = [self.owner, key, TAKEN_FROM_KEPT_MS]
        return bool(await self._take(args=args))

    async def give_back(self, key: str, *, gone: bool = False) -> bool:
        """Let go of ``key``; unless it is ``gone`` (a table closed, a tournament over), it
        becomes ownerless and another process takes it at once. False: not mine."""
        args = [self.owner, key, "1" if gone else "0"]
        return bool(await self._give_back(args=args))

    async def owner_of(self, key: str) -> str | None:
        """The live process that owns ``key`` now (None: nobody alive does)."""
        return (await self.owners([key]))[0]

    async def owners(self, keys: Sequence[str]) -> list[str | None]:
        """The live owner of each key, in one round trip."""
        if not keys:
            return []
        found = await self._owners(args=list(keys))
        return [_text(owner) or None for owner in found]

    async def adoptable(self) -> Adoptable:
        """The keys nobody alive owns that this process should take (its fair share)."""
        answer = await self._adoptable(args=[self.owner, self.ttl_ms])
        return Adoptable([_text(key) for key in answer[1:]], known=bool(int(answer[0])))

    async def seed(self, keys: Sequence[str]) -> bool:
        """Once per Redis: every key in ``keys`` that has no owner record becomes
        ownerless. False: already seeded (by this or another process)."""
        return bool(await self._seed(args=list(keys)))

    async def leave(self) -> None:
        """End this process's life now (a clean stop): what it still holds becomes
        ownerless, and nobody waits for its life to run out."""
        await self._leave(args=[self.owner])

    async def close(self) -> None:
        await self.client.aclose()


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def table_key(table_id: int) -> str:
    """The key a table is owned by."""
    return f"table:{table_id}"


def tournament_key(tournament_id: int) -> str:
    """The key a tournament's director is owned by."""
    return f"tournament:{tournament_id}"
