"""Room processes for the cluster tests: ``pokernight serve --db PostgreSQL --redis URL``,
each on a loopback port of its own, started, killed with SIGKILL and started again."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from tests.conftest import free_port
from tests.web_helpers import stop_server

START_SECONDS = 30.0


@dataclass
class RoomProcess:
    """One of the room's processes; ``extra``: more ``serve`` options."""

    name: str
    database: str
    redis: str
    directory: Path
    extra: tuple[str, ...] = ()
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def log(self) -> Path:
        return self.directory / f"{self.name}.log"

    def log_tail(self) -> str:
        return (
            self.log.read_text(encoding="utf-8", errors="replace")[-4000:]
            if self.log.exists()
            else ""
        )

    async def start(self) -> None:
        command = [sys.executable, "-m", "pokernight.cli.main", "serve", "--port", str(self.port)]
        command += ["--db", self.database, "--redis", self.redis, "--no-rate-limits", *self.extra]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + START_SECONDS
        while not await asyncio.to_thread(self._ready):
            if self.process.poll() is not None:
                raise AssertionError(f"{self.name} exited:\n{self.log_tail()}")
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name} never became ready:\n{self.log_tail()}")
            await asyncio.sleep(0.05)

    def _ready(self) -> bool:
        try:
            with urllib.request.urlopen(self.url + "/readyz", timeout=2) as answer:
                return bool(json.loads(answer.read())["status"] == "ready")
        except (OSError, urllib.error.URLError, ValueError):
            return False

    def kill(self) -> None:
        """SIGKILL: no shutdown, no lease given back, nothing said to anybody."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None:
            stop_server(self.process)

    def tracebacks(self) -> list[str]:
        return [line for line in self.log_tail().splitlines() if "Traceback" in line]
