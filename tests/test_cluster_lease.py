"""Process lives and owner records on a real ``redis-server`` (decision 63): one owner at a
time, a stalled or forgotten process told what it lost, ownerless things shared out, a
Redis that forgot everything seeded again, and nothing read per key while nothing
changes hands."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest

from pokernight.cluster import Heartbeat, Leases
from pokernight.cluster.lease import LIVES
from tests.async_helpers import scenario
from tests.redis_helpers import RedisServer, stall


@asynccontextmanager
async def processes(url: str, *owners: str, ttl_ms: int = 3_000) -> AsyncIterator[list[Leases]]:
    """Processes that have joined (their lives run)."""
    leases = [Leases.from_url(url, owner, ttl_ms) for owner in owners]
    try:
        for lease in leases:
            await lease.join()
        yield leases
    finally:
        for lease in leases:
            await lease.close()


LONG_ENOUGH_MS = 1_500


async def _key_lookups(leases: Leases) -> int:
    stats = await leases.client.info("stats")
    return int(stats["keyspace_hits"]) + int(stats["keyspace_misses"])


@scenario
async def test_a_key_has_one_live_owner_at_a_time(redis_server: RedisServer) -> None:
    async with processes(redis_server.url, "room-a", "room-b") as (a, b):
        assert await a.take("table:1")
        assert not await b.take("table:1")
        assert await a.take("table:1")  # the owner asking again: still its own
        assert await b.take("table:2")  # owners are per key
        assert await a.owners(["table:1", "table:2", "table:3"]) == ["room-a", "room-b", None]
        assert await a.heartbeat() == Heartbeat()
        await stall(a)
        assert await b.owner_of("table:1") is None  # an owner whose life ran out is nobody


@scenario
async def test_a_stalled_process_loses_only_what_was_taken_and_learns_it_next_beat(
    redis_server: RedisServer,
) -> None:
    async with processes(redis_server.url, "room-a", "room-b") as (a, b):
        for key in ("table:1", "table:2", "table:3"):
            assert await a.take(key)
        await stall(a)
        assert not await a.take("table:4")  # its life has run out: it may not take
        assert await b.take("table:2")
        assert not await a.give_back("table:2")  # not a's to give any more
        assert await a.heartbeat() == Heartbeat(lost=["table:2"])
        assert await a.heartbeat() == Heartbeat()  # told once
        # What nobody took while it stalled is still its own.
        assert await b.owners(["table:1", "table:2", "table:3"]) == ["room-a", "room-b", "room-a"]
        assert not await b.take("table:1")


@scenario
async def test_a_forgotten_process_lets_go_of_everything(redis_server: RedisServer) -> None:
    async with processes(redis_server.url, "room-a", "room-b") as (a, b):
        assert await a.take("table:1")
        await a.client.zrem(LIVES, "room-a")  # removed, as when all it held was taken
        assert await a.heartbeat() == Heartbeat(everything=True)
        assert await b.owner_of("table:1") is None
        assert (await b.adoptable()).keys == ["table:1"]  # given back, for b to take
        assert await b.take("table:1")


@scenario
async def test_of_twenty_processes_taking_one_key_at_once_exactly_one_wins(
    redis_server: RedisServer,
) -> None:
    owners = [f"room-{number}" for number in range(20)]
    async with processes(redis_server.url, *owners) as leases:
        taken = await asyncio.gather(*(lease.take("table:1") for lease in leases))
        assert taken.count(True) == 1
        assert await leases[0].owner_of("table:1") == owners[taken.index(True)]


@scenario
async def test_a_key_given_back_is_ownerless_and_taken_at_once_unless_gone(
    redis_server: RedisServer,
) -> None:
    async with processes(redis_server.url, "room-a", "room-b") as (a, b):
        assert await a.take("table:1")
        assert await a.take("table:2")
        assert not await b.give_back("table:1")
        assert await a.give_back("table:1")
        assert await a.give_back("table:2", gone=True)  # a closed table: nobody adopts it
        assert await b.owner_of("table:1") is None
        adoptable = await b.adoptable()
        assert adoptable.keys in ([], ["table:1"])  # b's share, or a's
        ownerless = (await a.adoptable()).keys + adoptable.keys
        assert ownerless == ["table:1"]
        assert await b.take("table:1")
        assert (await a.adoptable()).keys == (await b.adoptable()).keys == []


@scenario
async def test_a_dead_process_keys_are_shared_out_among_the_live_ones(
    redis_server: RedisServer,
) -> None:
    names = ["room-dead", "room-a", "room-b", "room-c"]
    async with processes(redis_server.url, *names) as (dead, *live):
        keys = [f"table:{number}" for number in range(90)]
        for key in keys:
            assert await dead.take(key)
        await stall(dead)
        shares = [(await lease.adoptable()).keys for lease in live]
        assert sorted(key for share in shares for key in share) == sorted(keys)
        for lease, share in zip(live, shares, strict=True):
            assert 15 <= len(share) <= 45, [len(share) for share in shares]
            assert all(await asyncio.gather(*(lease.take(key) for key in share)))
        assert await live[0].adoptable() == await live[1].adoptable()  # nothing left
        assert await dead.client.zscore(LIVES, "room-dead") is None  # emptied: forgotten
        assert await dead.heartbeat() == Heartbeat(everything=True)


@scenario
async def test_a_redis_that_forgot_everything_is_seeded_again(redis_server: RedisServer) -> None:
    async with processes(redis_server.url, "room-a", "room-b") as (a, b):
        assert (await a.adoptable()).known is False
        assert await a.seed([])  # the first seeding: nothing open yet
        assert (await a.adoptable()).known is True
        assert await a.take("table:1")
        assert await b.take("table:2")
        await a.client.flushall()  # a restart without persistence
        assert await a.heartbeat() == Heartbeat(everything=True)
        assert await b.heartbeat() == Heartbeat(everything=True)
        assert (await a.adoptable()).known is False
        assert await b.seed(["table:1", "table:2"])
        assert not await a.seed(["table:1", "table:2"])  # one process seeds
        shares = [(await a.adoptable()).keys, (await b.adoptable()).keys]
        assert sorted(shares[0] + shares[1]) == ["table:1", "table:2"]
        for lease, share in zip((a, b), shares, strict=True):
            for key in share:
                assert await lease.take(key)
        assert await a.owners(["table:1", "table:2"]) != [None, None]


@scenario
async def test_while_nothing_changes_hands_no_key_is_read_per_table(
    redis_server: RedisServer,
) -> None:
    async def lookups_while_idle(tables: int, prefix: str) -> int:
        async with processes(redis_server.url, *(f"{prefix}-{n}" for n in range(3))) as rooms:
            await rooms[0].seed([])
            for number in range(tables):
                assert await rooms[number % 3].take(f"table:{prefix}-{number}")
            before = await _key_lookups(rooms[0])
            for _ in range(10):
                for room in rooms:
                    assert await room.heartbeat() == Heartbeat()
                    assert (await room.adoptable()).keys == []
            looked_up = await _key_lookups(rooms[0]) - before
            await rooms[0].client.flushall()
            return looked_up

    few = await lookups_while_idle(10, "few")
    many = await lookups_while_idle(1_000, "many")
    assert few == many
    assert few <= 30 * 6  # a handful a call: the process's own keys and the shared sets


@scenario
async def test_a_clean_stop_leaves_what_it_held_ownerless(redis_server: RedisServer) -> None:
    async with processes(redis_server.url, "room-a", "room-b") as (a, b):
        assert await a.take("table:1")
        await a.leave()
        assert await b.client.zscore(LIVES, "room-a") is None
        assert (await b.adoptable()).keys == ["table:1"]  # b is the only one alive
        assert await b.take("table:1")


@scenario
async def test_the_life_is_the_one_asked(redis_server: RedisServer) -> None:
    async with processes(redis_server.url, "room-a", ttl_ms=2_500) as (a,):
        time = await a.client.time()
        now_ms = time[0] * 1000 + time[1] // 1000
        until = await a.client.zscore(LIVES, "room-a")
        assert 0 < until - now_ms <= 2_500
    with pytest.raises(ValueError, match="100 ms or more"):
        Leases.from_url(redis_server.url, "room-a", ttl_ms=50)


@scenario
async def test_a_key_ownerless_for_a_whole_life_may_be_taken_by_anyone(
    redis_server: RedisServer,
) -> None:
    # So that a live process that cannot adopt (its database away) strands nothing.
    names = ["room-dead", "room-a", "room-b"]
    # A life of 1.5 s: the twelve takes must land within the dead one's life, which a
    # loaded machine (the whole suite beside it) can take longer than 300 ms to do.
    async with processes(redis_server.url, *names, ttl_ms=LONG_ENOUGH_MS) as (dead, a, b):
        keys = sorted(f"table:{number}" for number in range(12))
        for key in keys:
            assert await dead.take(key)
        await stall(dead)
        shares = [(await lease.adoptable()).keys for lease in (a, b)]
        assert sorted(shares[0] + shares[1]) == keys
        assert all(0 < len(share) < len(keys) for share in shares)
        await asyncio.sleep(LONG_ENOUGH_MS / 1000 + 0.3)  # ownerless for a whole life
        for lease in (a, b):
            assert await lease.heartbeat() == Heartbeat()
        assert sorted((await a.adoptable()).keys) == keys


@scenario
async def test_the_first_command_after_redis_restarted_is_answered(
    redis_server: RedisServer,
) -> None:
    """A pooled connection to the Redis that went away is dead: the command sent on it is
    sent again on a new one, not failed (a failed piped frame ends its pipe)."""
    async with processes(redis_server.url, "room-a") as (a,):
        # Several connections in the pool, each left open to the old server.
        await asyncio.gather(*(a.owner_of(f"table:{n}") for n in range(4)))
        redis_server.stop()
        redis_server.start()
        assert await a.heartbeat() == Heartbeat(everything=True)
        assert await asyncio.gather(*(a.owner_of(f"table:{n}") for n in range(4))) == [None] * 4
