"""A table one process lost while it was still adopting it (issue 21's kills, on a loaded
machine): it stalled past its life in the middle of rebuilding the table, another process
took the table and raised its epoch, and the heartbeat that told the first found nothing
running yet to stop. Once its rebuild ends, the table must stop there too, rather than
play on beside its new owner, every save refused by the epoch, its players' pages served
by a table that can no longer change.

Two room processes' clusters on one loop, on the shared PostgreSQL and a real Redis; their
heartbeats and adoptions are called by the test, in the order a stall makes them happen.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import replace
from typing import Any

from pokernight.cluster import Leases
from pokernight.server.edge.config import ServerConfig
from pokernight.server.lobby.lobby import Lobby
from pokernight.server.spread.cluster import Cluster
from pokernight.server.spread.pipes import PipedSocket, Pipes
from pokernight.server.tables.actor import Directed
from pokernight.server.tables.identity import Newcomer
from pokernight.store import EventWriter, TableRecord, open_store
from pokernight.table import AddBot, TableSettings
from tests.async_helpers import scenario
from tests.redis_helpers import RedisServer, stall


async def _never_piped(piped: PipedSocket, code: str) -> None:
    raise AssertionError(f"no socket is carried in these tests (table {code})")


@asynccontextmanager
async def room(database: str, redis: RedisServer, name: str) -> AsyncIterator[Cluster]:
    """One room process, not joined yet: its heartbeats and adoptions are the test's to
    call."""
    async with await open_store(database) as store:
        writer = EventWriter(store.tables)
        config = replace(ServerConfig(), database_url=database, redis_url=redis.url)
        lobby = Lobby(store, writer, config)
        leases = Leases.from_url(redis.url, name, ttl_ms=60_000)
        cluster = lobby.cluster = Cluster(lobby, leases, Pipes(leases, _never_piped))
        try:
            yield cluster
        finally:
            await lobby.close()
            await writer.close()
            await cluster.give_back_all()


@asynccontextmanager
async def two_rooms(database: str, redis: RedisServer) -> AsyncIterator[tuple[Cluster, Cluster]]:
    """Room processes a and b, neither joined yet."""
    async with AsyncExitStack() as rooms:
        a = await rooms.enter_async_context(room(database, redis, "room-a"))
        b = await rooms.enter_async_context(room(database, redis, "room-b"))
        yield a, b


async def ownerless_table(database: str, redis: RedisServer) -> int:
    """A table opened by a process that then stopped cleanly: nobody owns it."""
    async with room(database, redis, "room-maker") as maker:
        await maker.join()
        actor, _, _ = await maker.lobby.create_table(TableSettings(), Newcomer("Ann"))
        return actor.table_id


@scenario
async def test_a_table_lost_while_it_was_adopted_stops_once_adopted(
    cluster_database: str, redis_server: RedisServer
) -> None:
    table_id = await ownerless_table(cluster_database, redis_server)
    async with two_rooms(cluster_database, redis_server) as (a, b):
        resume = a.lobby.resume_table

        async def stalled(record: TableRecord, *, running: bool = False) -> bool:
            # Midway through the rebuild, this process stalls past its life: the other
            # adopts the table (raising its epoch), then this one's heartbeat lands.
            await stall(a.leases)
            await b.join()
            await a.beat()
            assert f"table:{table_id}" not in a.held
            return await resume(record, running=running)

        a.lobby.resume_table = stalled  # type: ignore[method-assign]
        await a.join()  # alone: the table falls to it
        assert b.lobby.actor_by_id(table_id) is not None
        assert a.lobby.actor_by_id(table_id) is None
        assert await a.leases.owner_of(f"table:{table_id}") == "room-b"


@scenario
async def test_a_table_lost_while_it_was_opened_stops_once_opened(
    cluster_database: str, redis_server: RedisServer
) -> None:
    async with two_rooms(cluster_database, redis_server) as (a, b):
        await a.join()
        append = a.lobby.writer.append

        async def stalled(table_id: int, *args: Any, **kwargs: Any) -> None:
            # Just before its first event is saved, this process stalls past its life: the
            # other takes the new table (its epoch not raised yet), then the heartbeat
            # lands, and the first event is saved.
            await stall(a.leases)
            await b.leases.join()
            assert await b.leases.take(f"table:{table_id}")
            await a.beat()
            await append(table_id, *args, **kwargs)

        a.lobby.writer.append = stalled  # type: ignore[method-assign]
        actor, _, _ = await a.lobby.create_table(TableSettings(), Newcomer("Ann"))
        assert a.lobby.actor_by_id(actor.table_id) is None
        assert actor.gone or actor.task is None or actor.task.done()


@scenario
async def test_a_table_whose_save_is_fenced_off_stops_here_untold(
    cluster_database: str, redis_server: RedisServer
) -> None:
    # Whatever way a process comes to play a table it no longer owns without its heartbeat
    # telling it, the table's first save refused by the epoch stops the table there.
    table_id = await ownerless_table(cluster_database, redis_server)
    async with two_rooms(cluster_database, redis_server) as (a, b):
        await a.join()
        actor = a.lobby.actor_by_id(table_id)
        assert actor is not None
        await stall(a.leases)
        await b.join()  # b adopts it and raises its epoch; a is not told (no heartbeat)
        assert b.lobby.actor_by_id(table_id) is not None
        done = asyncio.Event()
        seat_a_bot = AddBot(actor.table.host or "", 0, "easy")
        actor.submit(Directed(seat_a_bot, done.set))
        await asyncio.wait_for(done.wait(), 10)
        for _ in range(100):
            if a.lobby.actor_by_id(table_id) is None:
                break
            await asyncio.sleep(0.05)
        assert a.lobby.actor_by_id(table_id) is None
        assert f"table:{table_id}" not in a.held
        assert b.lobby.actor_by_id(table_id) is not None
