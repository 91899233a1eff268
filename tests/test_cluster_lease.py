"""Table leases on a real ``redis-server``: one owner at a time, expiry, hand-over."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest

from pokernight.cluster import TableLeases
from tests.async_helpers import scenario
from tests.redis_helpers import RedisServer


@asynccontextmanager
async def processes(
    url: str, *owners: str, ttl_ms: int = 3_000
) -> AsyncIterator[list[TableLeases]]:
    leases = [TableLeases.from_url(url, owner, ttl_ms) for owner in owners]
    try:
        yield leases
    finally:
        for lease in leases:
            await lease.close()


async def _expire(leases: TableLeases, table_id: str) -> None:
    """Make the lease run out now, as if its owner had stopped renewing it long ago."""
    await leases.client.pexpire("pokernight:lease:" + table_id, 1)
    while await leases.owner_of(table_id) is not None:
        await asyncio.sleep(0.005)


@scenario
async def test_a_table_has_one_owner_who_alone_extends_it(redis_server: RedisServer) -> None:
    async with processes(redis_server.url, "room-a", "room-b") as (a, b):
        assert await a.take("T1")
        assert not await b.take("T1")
        assert await a.take("T1")  # the owner asking again only extends it
        assert await a.renew_all(["T1"]) == []
        assert await b.renew_all(["T1", "T2"]) == ["T1", "T2"]  # not b's: it owns neither
        assert await b.owner_of("T1") == "room-a"
        assert await b.take("T2")  # leases are per table
        assert await a.owner_of("T2") == "room-b"


@scenario
async def test_a_lease_not_renewed_runs_out_and_its_old_owner_learns_it(
    redis_server: RedisServer,
) -> None:
    async with processes(redis_server.url, "room-a", "room-b") as (a, b):
        assert await a.take("T1")
        await _expire(a, "T1")
        assert await b.take("T1")
        assert await a.renew_all(["T1"]) == ["T1"]  # lost: a owns it no more
        assert not await a.give_back("T1")  # not a's to give any more
        assert await a.owner_of("T1") == "room-b"


@scenario
async def test_a_lease_given_back_is_taken_at_once_by_another(redis_server: RedisServer) -> None:
    async with processes(redis_server.url, "room-a", "room-b") as (a, b):
        assert await a.take("T1")
        assert not await b.give_back("T1")
        assert await a.owner_of("T1") == "room-a"
        assert await a.give_back("T1")
        assert await b.owner_of("T1") is None
        assert await b.take("T1")


@scenario
async def test_of_twenty_processes_taking_one_table_at_once_exactly_one_wins(
    redis_server: RedisServer,
) -> None:
    owners = [f"room-{number}" for number in range(20)]
    async with processes(redis_server.url, *owners) as leases:
        taken = await asyncio.gather(*(lease.take("T1") for lease in leases))
        assert taken.count(True) == 1
        assert await leases[0].owner_of("T1") == owners[taken.index(True)]


@scenario
async def test_the_time_to_live_is_the_one_asked(redis_server: RedisServer) -> None:
    async with processes(redis_server.url, "room-a", ttl_ms=2_500) as (a,):
        assert await a.take("T1")
        left = await a.client.pttl("pokernight:lease:T1")
        assert 0 < left <= 2_500
    with pytest.raises(ValueError, match="100 ms or more"):
        TableLeases.from_url(redis_server.url, "room-a", ttl_ms=50)
