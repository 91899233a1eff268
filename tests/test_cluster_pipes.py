"""A pipe (decision 39) between two room processes' ``Pipes`` over a real Redis: a client's
socket at the near end, served by the owner. Whatever cuts the owner's frames off (the
near end's own subscription cut and renewed, or one frame Redis failed to carry) ends
the pipe with 1012, so the client comes back and resumes; it never waits in silence.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import redis.asyncio

from pokernight.cluster.lease import Leases
from pokernight.server.edge.closes import CLOSE_TABLE_MOVED
from pokernight.server.spread.pipes import Envelope, PipedSocket, Pipes
from tests.async_helpers import scenario
from tests.redis_helpers import RedisServer

KEY = "tournament:1"
ENDS_WITHIN_SECONDS = 5.0


class ClientSocket:
    """What ``Pipes.carry`` uses of the client's WebSocket at the near end."""

    def __init__(self) -> None:
        self.headers: dict[str, str] = {"host": "room"}
        self.incoming: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.sent: list[str] = []
        self.closed: asyncio.Future[int] = asyncio.get_running_loop().create_future()

    async def receive(self) -> dict[str, Any]:
        return await self.incoming.get()

    async def send_text(self, data: str) -> None:
        self.sent.append(data)

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        if not self.closed.done():
            self.closed.set_result(code)


class Owner:
    """The far end, as ``serve_table`` is: it sends "hello" at once, then a frame on each
    tick, and serves the pipe until its client is gone."""

    def __init__(self) -> None:
        self.serving = 0
        self.ticks = asyncio.Event()

    async def serve(self, piped: PipedSocket, code: str) -> None:
        self.serving += 1
        sending = asyncio.create_task(self._send(piped, code))
        try:
            while (await piped.receive())["type"] != "websocket.disconnect":
                pass
        finally:
            sending.cancel()
            self.serving -= 1

    async def _send(self, piped: PipedSocket, code: str) -> None:
        await piped.send_text(json.dumps({"hello": code}))
        while True:
            await self.ticks.wait()
            self.ticks.clear()
            await piped.send_text(json.dumps({"tick": True}))


async def _pipes(url: str, name: str, owner: Owner | None = None) -> Pipes:
    leases = Leases(redis.asyncio.Redis.from_url(url), name, ttl_ms=5_000)
    await leases.join()
    pipes = Pipes(leases, (owner or Owner()).serve)
    await pipes.start()
    return pipes


async def _carried(near: Pipes, owner: Owner) -> tuple[ClientSocket, asyncio.Task[None]]:
    """A client's socket carried from ``near`` to the owner, once the owner serves it."""
    client = ClientSocket()
    carrying = asyncio.create_task(near.carry(client, KEY, KEY, "far"))  # type: ignore[arg-type]
    while not client.sent:
        await asyncio.sleep(0.02)
    assert owner.serving == 1 and json.loads(client.sent[0]) == {"hello": KEY}
    return client, carrying


@asynccontextmanager
async def _two_ends(url: str) -> AsyncIterator[tuple[Pipes, Pipes, Owner]]:
    """The near end, the far end (which owns ``KEY``) and what serves there; both stopped
    after the block."""
    owner = Owner()
    far = await _pipes(url, "far", owner)
    ends = [far]
    try:
        assert await far.leases.take(KEY)
        ends.append(await _pipes(url, "near"))
        yield ends[1], far, owner
    finally:
        for pipes in ends:
            await pipes.stop()
            await pipes.leases.close()


async def _sent_back(client: ClientSocket, carrying: asyncio.Task[None]) -> None:
    """The client is closed with 1012 (to come back) and the pipe ends, both soon."""
    assert await asyncio.wait_for(client.closed, ENDS_WITHIN_SECONDS) == CLOSE_TABLE_MOVED
    await asyncio.wait_for(carrying, ENDS_WITHIN_SECONDS)


@scenario
async def test_a_pipe_carries_the_owner_s_frames_until_the_client_leaves(
    redis_server: RedisServer,
) -> None:
    async with _two_ends(redis_server.url) as (near, _far, owner):
        client, carrying = await _carried(near, owner)
        owner.ticks.set()
        while len(client.sent) < 2:
            await asyncio.sleep(0.02)
        assert json.loads(client.sent[1]) == {"tick": True}
        await asyncio.sleep(1.0)  # several looks at the owner: it is there, it owns the key
        assert not carrying.done() and not client.closed.done()
        client.incoming.put_nowait({"type": "websocket.disconnect", "code": 1001})
        await asyncio.wait_for(carrying, ENDS_WITHIN_SECONDS)
        while owner.serving:  # told "gone", the owner stops serving it
            await asyncio.sleep(0.02)


@scenario
async def test_a_pipe_through_a_cut_of_the_near_end_s_channel_sends_its_client_back(
    redis_server: RedisServer,
) -> None:
    async with _two_ends(redis_server.url) as (near, _far, owner):
        client, carrying = await _carried(near, owner)
        subscribed = near.subscriptions
        # Redis drops the near end's subscription (as when it restarts): frames sent in
        # the gap are heard by nobody, and the owner stops serving a pipe nobody hears.
        killer = redis.asyncio.Redis.from_url(redis_server.url)
        await killer.client_kill_filter(_type="pubsub")
        await killer.aclose()
        while near.subscriptions == subscribed:
            await asyncio.sleep(0.02)
        await _sent_back(client, carrying)


@scenario
async def test_an_owner_whose_frame_was_lost_sends_the_client_back(
    redis_server: RedisServer,
) -> None:
    async with _two_ends(redis_server.url) as (near, far, owner):
        client, carrying = await _carried(near, owner)
        publish = far.publish

        async def fails_once(channel: str, envelope: Envelope) -> bool:
            far.publish = publish  # type: ignore[method-assign]
            return False  # Redis could not carry this one (a full connection pool)

        far.publish = fails_once  # type: ignore[method-assign]
        owner.ticks.set()
        await _sent_back(client, carrying)
        assert owner.serving == 0
