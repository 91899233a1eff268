"""Issue 21: two room processes on one PostgreSQL and one Redis. Any process serves any
client (a socket or a request for a table another process plays is carried there), and
when the owner of busy tables is killed with SIGKILL, the other adopts them (decision 39).

Bots play at tables created on process A, their hosts' clients connected there (one
through B, which pipes it to A). A is
killed at a random moment (mid-hand, mid-commit: the bots never stop). Its leases run
out; B takes them, raises each table's fencing epoch, rebuilds the table from its log and
deals on (the host had started it). The clients reconnect to B and resume by version.
Checked: each table's log has no gap and ends at the room's version; no chip was made or
lost; every client converges on the room; the interruption a player sees is under five
seconds; a process that was killed and comes back takes nothing it should not.
"""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path
from typing import Any

from pokernight.client import TableClient, create_table, request_json
from pokernight.server.spread.cluster import PAUSED_REASON
from tests.async_helpers import run
from tests.cluster_helpers import (
    BUY_IN,
    SETTINGS,
    bots_table,
    check_table,
    come_back,
    dealing,
    hands_more,
    played,
    processes,
    until,
)
from tests.redis_helpers import RedisServer
from tests.server_helpers import assert_no_hidden_card_leaked, passive, play_until_hand_over

TABLES = 3


def _rooms(client: TableClient, read: int) -> list[dict[str, Any]]:
    """The ``room`` messages ``client`` was sent after its first ``read`` frames."""
    return [frame for frame in client.frames[read:] if frame.get("type") == "room"]


def test_a_killed_owner_s_tables_are_adopted_and_play_on_losing_nothing(
    tmp_path: Path, cluster_database: str, redis_server: RedisServer
) -> None:
    run(_killed_and_adopted(tmp_path, cluster_database, redis_server), 110)


async def _killed_and_adopted(tmp_path: Path, database: str, redis: RedisServer) -> None:
    rng = random.Random()
    async with processes(tmp_path, database, redis, ("a", "b")) as (a, b):
        # The first host's client reached B, which pipes it to A: a pipe to a dead owner.
        hosts = [await bots_table(a.url, b.url if n == 0 else None) for n in range(TABLES)]
        await until(lambda: all(played(h) >= 2 for h in hosts), 30, "two hands each")
        await hosts[0].chat("good luck, bots")
        await asyncio.sleep(rng.uniform(0.0, 0.5))  # anywhere in a hand, or in a commit
        a.kill()
        killed, read = time.monotonic(), len(hosts[0].frames)
        heard = await asyncio.gather(*(come_back(host, b.url) for host in hosts))
        pauses = [moment - killed for moment in heard]
        print("players waited (s):", ", ".join(f"{pause:.2f}" for pause in pauses))
        # The room the adopter sends after the resume has the chat said before the kill.
        await until(lambda: _rooms(hosts[0], read), 10, "the room after the resume")
        said, *dealer = [line["text"] for line in _rooms(hosts[0], read)[-1]["chat"]]
        assert said == "good luck, bots"
        # Then, if a turn was open, the dealer's word that its clock starts again.
        assert all(line.startswith("The room was down and is back: ") for line in dealer)
        await hands_more(hosts, 2, "two more hands each, on B")
        # The killed process comes back: the tables stay where they are played now.
        await a.start()
        await asyncio.sleep(1.0)
        for host in hosts:
            await host.pause()
        await until(lambda: all(h.state.hand is None for h in hosts), 30, "the hands to end")
        for host in hosts:
            await check_table(b.url, database, host)
            # Asked at A, which came back, the table is B's: the request is carried there.
            path = f"/api/tables/{host.code}"
            assert await request_json(a.url, "GET", path) == await request_json(b.url, "GET", path)
            await host.disconnect()
        assert a.tracebacks() == [] and b.tracebacks() == [], a.log_tail() + b.log_tail()


def test_when_redis_restarts_the_tables_pause_and_play_on_losing_nothing(
    tmp_path: Path, cluster_database: str, redis_server: RedisServer
) -> None:
    run(_redis_restarted(tmp_path, cluster_database, redis_server), 110)


async def _redis_restarted(tmp_path: Path, database: str, redis: RedisServer) -> None:
    async with processes(tmp_path, database, redis, ("a",)) as (a,):
        hosts = [await bots_table(a.url) for _ in range(TABLES)]
        await until(lambda: all(played(h) >= 1 for h in hosts), 30, "a hand each")
        redis.stop()  # no heartbeat lands: once a life has passed, the tables stop
        await until(lambda: all(h.closed_reason == PAUSED_REASON for h in hosts), 10, "a pause")
        paused = [host.state.version for host in hosts]
        await asyncio.sleep(0.5)
        redis.start()  # empty: every lease is free, and the process adopts its tables again
        await asyncio.gather(*(come_back(host, a.url) for host in hosts))
        await hands_more(hosts, 1, "a hand more each")
        # A table where one bot won every chip before the pause has nothing left to play.
        moved = [h.state.version > v or not dealing(h) for h, v in zip(hosts, paused, strict=True)]
        assert all(moved), [
            (h.code, h.state.version, v) for h, v in zip(hosts, paused, strict=True)
        ]
        for host in hosts:
            await host.pause()
        await until(lambda: all(h.state.hand is None for h in hosts), 30, "the hands to end")
        for host in hosts:
            await check_table(a.url, database, host)
            await host.disconnect()
        assert a.tracebacks() == [], a.log_tail()


def test_any_process_serves_any_client_with_the_same_views(
    tmp_path: Path, cluster_database: str, redis_server: RedisServer
) -> None:
    run(_spread(tmp_path, cluster_database, redis_server), 110)


async def _spread(tmp_path: Path, database: str, redis: RedisServer) -> None:
    async with processes(tmp_path, database, redis, ("a", "b")) as (a, b):
        created = await create_table(a.url, "Host", SETTINGS)
        code = created["code"]
        # The guest joins through B: the request is carried to A, which plays the table.
        body = {"name": "Guest", "invite": created["invite"]}
        joined = await request_json(b.url, "POST", f"/api/tables/{code}/join", body)
        host = TableClient(a.url, code, created["token"])
        guest = TableClient(b.url, code, joined["token"])  # its socket piped to A
        watcher = TableClient(b.url, code)  # a spectator, piped too
        for client in (host, guest, watcher):
            await client.connect()
        assert guest.welcome is not None and guest.welcome["player_id"] == joined["player_id"]
        await guest.sit(0, BUY_IN)
        for seat, level in enumerate(("easy", "easy"), start=1):
            await host.request({"type": "add_bot", "seat": seat, "level": level})
        await host.start()
        await play_until_hand_over([guest], 3, passive)
        await host.pause()
        # A fourth hand dealt before the pause reached the table is played out, the guest
        # still acting: left to its 30-second clock it outlasted a 30-second wait in CI.
        while guest.state.hand is not None:
            if guest.state.to_act == guest.state.my_seat:
                await passive(guest)
            else:
                await guest.next_event(timeout=30)
        # The same table, whichever process is asked.
        for path in (f"/api/tables/{code}", f"/api/tables/{code}/ledger"):
            here = await request_json(a.url, "GET", path)
            assert await request_json(b.url, "GET", path) == here
        for client in (guest, watcher):
            await check_table(a.url, database, client)
        assert assert_no_hidden_card_leaked(guest) > 0  # its own cards, through the pipe
        assert assert_no_hidden_card_leaked(watcher) == 0  # and nobody's to a spectator
        for client in (host, guest, watcher):
            await client.disconnect()
        assert a.tracebacks() == [] and b.tracebacks() == [], a.log_tail() + b.log_tail()
