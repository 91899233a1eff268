"""``TableLeases``: each table owned by one process at a time, through a lease in Redis.

A lease is a Redis key per table holding its owner's name, with a short time to live
that the owner renews; a process that dies stops renewing and the key expires, so
another can take the table. Taking, renewing and giving back are each one Lua script,
so that "is it still mine?" and "change it" cannot be split by another process between
them (the pattern Redis documents for single-instance locks).

A lease only says who *should* write. A process paused for longer than the time to live
(a stalled VM, a long GC) can wake up believing it still owns a table another has taken:
the database refuses it by the fencing epoch, which the new owner raises there before
it reads the log. That is why the epoch is not kept here: Redis run without persistence
forgets its counters on a restart, and a fencing token must never go down.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from pokernight.extras import require

DEFAULT_TTL_MS: Final = 2_000
KEY_PREFIX: Final = "pokernight:lease:"
CONNECTIONS: Final = 64
CONNECTION_WAIT_SECONDS: Final = 10.0

# KEYS[1] the lease; ARGV[1] the owner, ARGV[2] the time to live in ms. 1: it is the
# owner's (taken now, or already theirs and extended); 0: another process holds it.
_TAKE: Final = """
local held = redis.call('GET', KEYS[1])
if held == false then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
if held == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0
"""

# KEYS: leases; ARGV[1] the owner, ARGV[2] the time to live. The indexes (1-based) of the
# leases that are no longer the owner's: every other one is extended, in one round trip.
_RENEW_ALL: Final = """
local lost = {}
for index, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then
    redis.call('PEXPIRE', key, ARGV[2])
  else
    table.insert(lost, index)
  end
end
return lost
"""

# 1: given back; 0: it was not the caller's to give.
_GIVE_BACK: Final = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('DEL', KEYS[1])
  return 1
end
return 0
"""


class LeaseLostError(Exception):
    """The process no longer owns the table: it must stop writing and let go of it."""


class TableLeases:
    """The leases of every table, as seen by the process called ``owner``.

    ``client`` is a ``redis.asyncio.Redis`` (``from_url`` makes one); the owner's name
    must be unique among the room's processes (host, process id and a random part).
    """

    def __init__(self, client: Any, owner: str, ttl_ms: int = DEFAULT_TTL_MS) -> None:
        if ttl_ms < 100:
            raise ValueError(f"a lease lives 100 ms or more, not {ttl_ms}")
        self.client = client
        self.owner = owner
        self.ttl_ms = ttl_ms
        self._take = client.register_script(_TAKE)
        self._renew_all = client.register_script(_RENEW_ALL)
        self._give_back = client.register_script(_GIVE_BACK)

    @classmethod
    def from_url(cls, url: str, owner: str, ttl_ms: int = DEFAULT_TTL_MS) -> TableLeases:
        require("several room processes (--redis)", "cluster")
        import redis.asyncio

        # A busy process sends Redis many commands at once (renewals, piped frames): past
        # ``CONNECTIONS`` they wait for a connection rather than fail.
        pool = redis.asyncio.BlockingConnectionPool.from_url(
            url, max_connections=CONNECTIONS, timeout=CONNECTION_WAIT_SECONDS
        )
        # ``from_pool``: the client owns the pool, so closing it closes every connection.
        return cls(redis.asyncio.Redis.from_pool(pool), owner, ttl_ms)

    async def take(self, table_id: str) -> bool:
        """Own ``table_id`` if nobody does (or extend it if this process does)."""
        return bool(await self._take(keys=[_key(table_id)], args=[self.owner, self.ttl_ms]))

    async def renew_all(self, table_ids: Sequence[str]) -> list[str]:
        """Extend every one of this process's leases in one round trip; the tables whose
        lease expired or moved (this process owns them no more)."""
        if not table_ids:
            return []
        keys = [_key(table_id) for table_id in table_ids]
        lost = await self._renew_all(keys=keys, args=[self.owner, self.ttl_ms])
        return [table_ids[int(index) - 1] for index in lost]

    async def give_back(self, table_id: str) -> bool:
        """Let another process take ``table_id`` at once (a table closed, a clean stop)."""
        return bool(await self._give_back(keys=[_key(table_id)], args=[self.owner]))

    async def owner_of(self, table_id: str) -> str | None:
        """The process that owns ``table_id`` now, to forward its players' intents to."""
        held = await self.client.get(_key(table_id))
        return None if held is None else held.decode()

    async def owners(self, table_ids: Sequence[str]) -> list[str | None]:
        """The owner of each table (None: nobody holds it), in one round trip."""
        if not table_ids:
            return []
        held = await self.client.mget([_key(table_id) for table_id in table_ids])
        return [None if owner is None else owner.decode() for owner in held]

    async def close(self) -> None:
        await self.client.aclose()


def _key(table_id: str) -> str:
    return KEY_PREFIX + table_id
