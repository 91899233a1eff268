"""A real ``redis-server`` (the Debian package) on a loopback port, for the cluster tests.

Started and stopped by process id, never daemonised, so a test that restarts it (Redis
itself going away) knows exactly what it killed.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path

from pokernight.cluster import Leases
from pokernight.cluster.lease import LIVES
from tests.missing import missing

REDIS_SERVER = shutil.which("redis-server")
START_TIMEOUT = 10.0


class RedisServer:
    def __init__(self, port: int, directory: Path) -> None:
        self.port = port
        self.directory = directory
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        assert REDIS_SERVER is not None
        self.process = subprocess.Popen(
            [
                REDIS_SERVER,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.directory),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + START_TIMEOUT
        while not _answers_ping(self.port):
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"redis-server did not start on port {self.port}")
            time.sleep(0.02)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.process = None


def _answers_ping(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as connection:
            connection.sendall(b"PING\r\n")
            return connection.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def require_redis() -> None:
    """Fail in CI (``POKERNIGHT_REQUIRE_ALL_TESTS``), skip elsewhere, without the binary."""
    if REDIS_SERVER is None:
        missing("no redis-server on PATH (apt-get install redis-server)")


async def stall(leases: Leases) -> None:
    """Make the process's life run out now, as if it had stopped beating a life ago."""
    seconds, microseconds = await leases.client.time()
    await leases.client.zadd(LIVES, {leases.owner: seconds * 1000 + microseconds // 1000 - 1})
