"""Issue 21: docs/deploy.md's example, run. Three room processes on one PostgreSQL and one
Redis behind Caddy, started with the project's own ``deploy/Caddyfile`` (only its
addresses changed, through the environment it reads). The players know one address, the
proxy's; Caddy spreads them round robin, with no sticky sessions. The process playing
the most tables is killed with SIGKILL: the players reconnect to the same address and
play on, every table whole.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

from pokernight.client import TableClient
from tests.async_helpers import run
from tests.cluster_helpers import (
    RoomProcess,
    bots_table,
    check_table,
    follow,
    hands_more,
    played,
    processes,
    until,
)
from tests.conftest import free_port
from tests.missing import missing
from tests.redis_helpers import RedisServer
from tests.web_helpers import stop_server

CADDY = shutil.which("caddy")
CADDYFILE = Path(__file__).resolve().parents[1] / "deploy" / "Caddyfile"
TABLES = 3


def test_three_processes_behind_caddy_serve_players_who_know_one_address(
    tmp_path: Path, cluster_database: str, redis_server: RedisServer
) -> None:
    _require_caddy()
    run(_behind_caddy(tmp_path, cluster_database, redis_server), 120)


async def _behind_caddy(tmp_path: Path, database: str, redis: RedisServer) -> None:
    names = ("room1", "room2", "room3")
    async with (
        processes(tmp_path, database, redis, names) as rooms,
        caddy(tmp_path, rooms) as proxy,
    ):
        for path in ("/", "/readyz", "/api/games"):
            assert await asyncio.to_thread(_status, proxy + path) == 200, path
        hosts = [await bots_table(proxy) for _ in range(TABLES)]
        # The page reconnects whenever its socket is cut, to the one address it knows (on a
        # loaded machine a lease may move a table before any kill: that cuts sockets too).
        followers = [asyncio.create_task(follow(host, lambda: [proxy])) for host in hosts]
        await hands_more(hosts, 2, "two hands each")
        playing = [room for room in rooms if room.leases() > 0]
        assert len(playing) >= 2, "Caddy sent every new table to one process"
        owner = max(rooms, key=lambda room: room.leases())
        assert owner.leases() > 0
        owner.kill()
        try:
            await hands_more(hosts, 2, "two more hands at every table that still deals")
        except AssertionError as error:
            raise AssertionError(f"{error}: {_seen(hosts)}") from None
        for follower in followers:
            follower.cancel()
        await _end(hosts, proxy, database)
        alive = [room for room in rooms if room is not owner]
        assert all(room.tracebacks() == [] for room in alive), [r.log_tail() for r in alive]


def _seen(hosts: Sequence[TableClient]) -> list[tuple[str, int, int, str | None]]:
    return [(h.code, played(h), h.state.version, h.closed_reason) for h in hosts]


async def _end(hosts: Sequence[TableClient], proxy: str, database: str) -> None:
    for host in hosts:
        if not host.connected:  # cut while its follower was stopped
            await host.reconnect()
        await host.pause()
    await until(lambda: all(h.state.hand is None for h in hosts), 30, "the hands to end")
    for host in hosts:
        await check_table(proxy, database, host)
        await host.disconnect()


@asynccontextmanager
async def caddy(directory: Path, rooms: Sequence[RoomProcess]) -> AsyncIterator[str]:
    """``caddy run`` on deploy/Caddyfile, in front of ``rooms``; its address."""
    assert CADDY is not None
    port = free_port()
    environment = {
        **os.environ,
        "HOME": str(directory),
        "XDG_CONFIG_HOME": str(directory / "caddy-config"),
        "XDG_DATA_HOME": str(directory / "caddy-data"),
        "POKERNIGHT_CADDY_ADMIN": "off",
        "POKERNIGHT_LISTEN": f":{port}",
        "POKERNIGHT_ROOMS": " ".join(f"127.0.0.1:{room.port}" for room in rooms),
    }
    command = [CADDY, "run", "--config", str(CADDYFILE), "--adapter", "caddyfile"]
    log = directory / "caddy.log"
    with log.open("ab") as output:
        process = subprocess.Popen(
            command, stdout=output, stderr=subprocess.STDOUT, env=environment
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while await asyncio.to_thread(_status, url + "/readyz") != 200:
            tail = log.read_text(errors="replace")[-2000:]
            assert process.poll() is None, f"caddy exited:\n{tail}"
            assert time.monotonic() < deadline, f"caddy never passed a request on:\n{tail}"
            await asyncio.sleep(0.1)
        yield url
    finally:
        stop_server(process)


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=5) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return int(error.code)
    except OSError:
        return 0


def _require_caddy() -> None:
    """Fail in CI (``POKERNIGHT_REQUIRE_ALL_TESTS``), skip elsewhere, without Caddy."""
    if CADDY is None:
        missing("no caddy on PATH (apt-get install caddy)")
