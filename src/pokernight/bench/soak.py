"""``pokernight bench soak``: does a room open for a year stay the size it was?

A server (``pokernight serve`` in its own process, a fresh SQLite file unless ``--db``
names one) is driven in waves of ``--wave`` tables, ``--at-once`` of them played at a
time: each table is opened, joined, given a bot of the server's, plays ``--hands``
hands through real WebSockets (check or call, a minimum raise now and then) and is
closed; every ``--idle-every``-th table is left paused instead, for nobody, to fall
asleep after ``--idle`` seconds (the server's ``--idle-minutes``), and after each wave a
few tables asleep are woken by a request and fall asleep again (decision 53).

After each wave, once the server says no table is left in memory and its collector has
reclaimed what they left frozen (or after the idle time, a reclaim's wait and
``SETTLE_SECONDS`` more), the server's resident memory, its open file
descriptors, its asyncio tasks (``GET /api/server``) and the database's size are read.
Reported: those after every wave, and their growth per 1,000 tables after the first wave
(the first warms up the pools, the caches and the allocator), and the database's bytes
per hand. A room that keeps nothing of a closed table grows by nothing but its database.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console, Group
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from pokernight.bench.load_clients import choose_action
from pokernight.bench.server import (
    MEBIBYTE,
    _free_port,
    _process,
    _stop,
    _wait_until_listening,
    _workspace,
)
from pokernight.client import TableClient, create_table, request_json
from pokernight.extras import require
from pokernight.server.edge.collector import RECLAIM_SECONDS

if TYPE_CHECKING:
    import psutil

describe = "tables opened, played and closed in waves: the server's memory, descriptors, tasks"

MAX_TABLES = 100_000
MAX_HANDS = 20
MAX_AT_ONCE = 64
MAX_IDLE_SECONDS = 600.0
BUY_IN = 2_000
HAND_PAUSE_SECONDS = 0.05
SETTLE_SECONDS = 30.0
"""How long after the idle time a wave waits for its tables to leave memory."""
LOOK_SECONDS = 0.2
LOOKS = 10
"""Counts read this many times, the fewest kept: what a request or a socket that just
ended holds goes a moment later (longer on a loaded machine), a leak stays."""
WAKES_PER_WAVE = 3
EVENT_SECONDS = 30.0
FOLD_ABOVE = 200
PACE_SECONDS = 0.125
"""Eight messages a second a player: the room lets ten through (``rate_per_second``)."""
"""A call of more than ten big blinds (the bot's shove) is folded."""
SETTINGS = {"seats": 3, "max_buy_in": BUY_IN, "debt_cap": None, "bot_delay_seconds": 0}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--tables", type=int, default=1_000, help="tables in all (1000)")
    parser.add_argument("--wave", type=int, default=100, help="tables a wave (100)")
    parser.add_argument("--at-once", type=int, default=10, help="tables played at once (10)")
    parser.add_argument("--hands", type=int, default=3, help="hands played at each table (3)")
    parser.add_argument(
        "--idle",
        type=float,
        default=2.0,
        metavar="SECONDS",
        help="how long a table nobody watches waits before it sleeps (2)",
    )
    parser.add_argument(
        "--idle-every",
        type=int,
        default=10,
        metavar="N",
        help="every Nth table is left paused to fall asleep, not closed (10; 0: none)",
    )
    parser.add_argument(
        "--port", type=int, default=0, help="port of the server on 127.0.0.1 (0: a free one)"
    )
    parser.add_argument(
        "--db", default=None, help="database URL or SQLite path (default: a fresh temporary file)"
    )


@dataclass(frozen=True, slots=True)
class Soak:
    tables: int = 1_000
    wave: int = 100
    at_once: int = 10
    hands: int = 3
    idle: float = 2.0
    idle_every: int = 10
    port: int = 0
    db: str | None = None

    @property
    def waves(self) -> int:
        return -(-self.tables // self.wave)


@dataclass(frozen=True, slots=True)
class Wave:
    """The room as it stood after a wave: ``tables`` played so far (closed or asleep)."""

    tables: int
    hands: int
    live: int
    """Tables in the server's memory (0 once every closed one left and idle one slept)."""
    sleeping: int
    rss_mib: float
    descriptors: int
    tasks: int
    database_bytes: int | None
    """The SQLite file and its write-ahead log (None: another database)."""


@dataclass(frozen=True, slots=True)
class Report:
    soak: Soak
    waves: list[Wave]
    seconds: float

    @property
    def first(self) -> Wave:
        return self.waves[0]

    @property
    def last(self) -> Wave:
        return self.waves[-1]

    def per_1000_tables(self, value: Callable[[Wave], float]) -> float | None:
        """How much ``value`` grew per 1,000 tables from the first wave to the last."""
        tables = self.last.tables - self.first.tables
        if tables <= 0:
            return None
        return (value(self.last) - value(self.first)) * 1_000 / tables

    @property
    def database_bytes_per_hand(self) -> float | None:
        if self.last.database_bytes is None or not self.last.hands:
            return None
        return self.last.database_bytes / self.last.hands


def run(args: argparse.Namespace) -> int:
    require("the soak benchmark (it meters the server with psutil)", "bench", "psutil")
    soak = Soak(
        args.tables,
        args.wave,
        args.at_once,
        args.hands,
        args.idle,
        args.idle_every,
        args.port,
        args.db,
    )
    console = Console()
    report = measure(soak, console)
    console.print(render(report))
    return 0


def check(soak: Soak) -> None:
    if not 1 <= soak.tables <= MAX_TABLES:
        raise ValueError(f"--tables must be between 1 and {MAX_TABLES:,}")
    if not 1 <= soak.wave <= soak.tables:
        raise ValueError("--wave must be between 1 and --tables")
    if not 1 <= soak.at_once <= MAX_AT_ONCE:
        raise ValueError(f"--at-once must be between 1 and {MAX_AT_ONCE}")
    if not 1 <= soak.hands <= MAX_HANDS:
        raise ValueError(f"--hands must be between 1 and {MAX_HANDS}")
    if not 0 < soak.idle <= MAX_IDLE_SECONDS:
        raise ValueError(f"--idle must be positive and at most {MAX_IDLE_SECONDS:.0f} seconds")
    if soak.idle_every < 0:
        raise ValueError("--idle-every must be 0 (no table left asleep) or more")
    if not 0 <= soak.port <= 65_535:
        raise ValueError(f"--port {soak.port} is not a TCP port")


def measure(soak: Soak, console: Console) -> Report:
    """Start a server, drive ``soak`` through it, stop it; the figures after each wave."""
    check(soak)
    with _workspace() as workspace, _server(soak, workspace) as (url, process, database):
        return asyncio.run(_soak(soak, url, process, database, console))


@contextlib.contextmanager
def _server(soak: Soak, workspace: Path) -> Iterator[tuple[str, psutil.Process, Path | None]]:
    db = soak.db or str(workspace / "soak.sqlite3")
    port = soak.port or _free_port()
    command = [
        sys.executable, "-m", "pokernight.cli.main", "serve", "--host", "127.0.0.1",
        "--port", str(port), "--db", db, "--hand-pause", str(HAND_PAUSE_SECONDS),
        "--idle-minutes", repr(soak.idle / 60), "--no-rate-limits",
    ]  # fmt: skip
    log_path = workspace / "server.log"
    with log_path.open("wb") as log:
        started = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    try:
        _wait_until_listening(started, port, log_path)
        yield f"http://127.0.0.1:{port}", _process(started.pid), _sqlite_file(db)
    finally:
        _stop(started)


def _sqlite_file(db: str) -> Path | None:
    if "://" not in db:
        return Path(db)
    prefix = "sqlite+aiosqlite:///"
    return Path(db.removeprefix(prefix)) if db.startswith(prefix) else None


# Driving the room ------------------------------------------------------------------------


@dataclass
class _Room:
    url: str
    rng: random.Random = field(default_factory=lambda: random.Random(32))
    hands: int = 0
    asleep: list[str] = field(default_factory=list)
    """The codes of the tables left paused for nobody, oldest first."""


async def _soak(
    soak: Soak, url: str, process: psutil.Process, database: Path | None, console: Console
) -> Report:
    room = _Room(url)
    waves: list[Wave] = []
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn())
    started = time.perf_counter()
    with Progress(*columns, TimeElapsedColumn(), console=console) as progress:
        bar = progress.add_task("tables played", total=soak.tables)
        for number in range(soak.waves):
            first = number * soak.wave
            indices = range(first, min(first + soak.wave, soak.tables))
            await _wave(soak, room, indices, lambda: progress.advance(bar))
            progress.update(bar, description="tables leaving memory")
            # This wave's idle tables asleep too, then a few woken: from the first wave on,
            # so that its figures already hold what the first wake loads (the growth after
            # it is the room's, not a code path's first use).
            await _settled(url, soak.idle)
            await _wake_some(room.url, room.asleep[-WAKES_PER_WAVE:])
            server = await _settled(url, soak.idle)
            waves.append(
                Wave(
                    tables=indices.stop,
                    hands=room.hands,
                    live=server["tables"],
                    sleeping=server["sleeping"],
                    rss_mib=process.memory_info().rss / MEBIBYTE,
                    descriptors=await _fewest(lambda: _descriptors(process)),
                    tasks=await _fewest(lambda: _server_tasks(url)),
                    database_bytes=_database_bytes(database),
                )
            )
            progress.update(bar, description="tables played")
    return Report(soak, waves, time.perf_counter() - started)


async def _wave(soak: Soak, room: _Room, indices: range, done: Callable[[], None]) -> None:
    limit = asyncio.Semaphore(soak.at_once)

    async def one(index: int) -> None:
        async with limit:
            idle = soak.idle_every > 0 and index % soak.idle_every == soak.idle_every - 1
            await _table(soak, room, left_idle=idle)
            done()

    await asyncio.gather(*(one(index) for index in indices))


async def _table(soak: Soak, room: _Room, *, left_idle: bool) -> None:
    """A table opened, joined, with a bot; ``soak.hands`` hands played; then closed, or
    paused and left for nobody (``left_idle``)."""
    created = await create_table(room.url, "host", SETTINGS)
    host = _Player(room.url, created["code"], created["token"], keep_frames=False)
    guest = _Player(room.url, created["code"], keep_frames=False)
    players: list[TableClient] = [host, guest]
    try:
        await host.connect()
        await guest.join("guest", created["invite"])
        await host.sit(0, BUY_IN)
        await guest.sit(1, BUY_IN)
        await host.request({"type": "add_bot", "seat": 2, "level": "easy", "buy_in": BUY_IN})
        await host.start()
        await _play(players, soak.hands, room.rng)
        await host.pause()
        if host.state.hand is not None:  # dealt before the pause: played out
            await _play(players, soak.hands + 1, room.rng)
        room.hands += _hands_of(host)
        if left_idle:
            room.asleep.append(created["code"])
        else:
            await host.request({"type": "close_table"})
    finally:
        for client in players:
            await client.disconnect()


class _Player(TableClient):
    """A client that keeps under the room's message rate: a message every
    ``PACE_SECONDS`` at most (its contributions to the shuffle included)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._free_at = 0.0

    async def send_with_id(self, message: dict[str, Any], client_id: int | str) -> Any:
        now = time.monotonic()
        wait, self._free_at = self._free_at - now, max(now, self._free_at) + PACE_SECONDS
        if wait > 0:
            await asyncio.sleep(wait)
        return await super().send_with_id(message, client_id)


def _hands_of(client: TableClient) -> int:
    last = client.state.last_hand
    return 0 if last is None else int(last["hand_number"])


async def _play(players: list[TableClient], hands: int, rng: random.Random) -> None:
    """Whoever is to act checks or calls (raises the minimum now and then, folds to a large
    bet) until hand ``hands`` is over; the server's bot plays its seat."""
    while True:
        newest = max(players, key=lambda client: client.state.version)
        for client in players:  # each has heard the newest version
            while client.state.version < newest.state.version:
                await client.next_event(timeout=EVENT_SECONDS)
        if _hands_of(newest) >= hands:
            return
        mover = next((client for client in players if client.state.my_turn), None)
        legal = None if mover is None else mover.state.legal
        if mover is None or legal is None:
            await newest.next_event(timeout=EVENT_SECONDS)
            continue
        kind, amount = choose_action(legal, rng)
        if kind == "call" and legal["call_amount"] > FOLD_ABOVE:
            kind, amount = "fold", None  # nobody goes broke: every table deals its hands
        with contextlib.suppress(Exception):  # the clock acted first: the next turn
            await mover.act(kind, amount)


async def _wake_some(url: str, codes: list[str]) -> None:
    """Tables left asleep by earlier waves are asked for, which wakes them from their log;
    they fall asleep again."""
    for code in codes:
        await request_json(url, "GET", f"/api/tables/{code}")


async def _settled(url: str, idle: float) -> dict[str, Any]:
    """The server's counts once no table is left in memory and the collector has reclaimed
    what the tables and sockets that went left frozen, or once the idle time, a reclaim's
    wait and ``SETTLE_SECONDS`` have passed (then as they are)."""
    deadline = time.monotonic() + idle + RECLAIM_SECONDS + SETTLE_SECONDS
    while True:
        server: dict[str, Any] = await request_json(url, "GET", "/api/server")
        settled = server["tables"] == 0 and not server["gc"]["departures_waiting"]
        if settled or time.monotonic() > deadline:
            return server
        await asyncio.sleep(LOOK_SECONDS)


async def _fewest(look: Callable[[], Awaitable[int]]) -> int:
    """The fewest of ``LOOKS`` looks: the server's descriptors hold the socket of the
    request that just asked ``/api/server`` a moment after its answer, and its tasks
    those of sockets that just closed."""
    looks: list[int] = []
    for _ in range(LOOKS):
        looks.append(await look())
        await asyncio.sleep(LOOK_SECONDS)
    return min(looks)


async def _descriptors(process: psutil.Process) -> int:
    return int(process.num_fds())


async def _server_tasks(url: str) -> int:
    server: dict[str, Any] = await request_json(url, "GET", "/api/server")
    return int(server["tasks"])


def _database_bytes(database: Path | None) -> int | None:
    if database is None:
        return None
    files = [database, database.with_name(database.name + "-wal")]
    return sum(path.stat().st_size for path in files if path.exists())


# The report ------------------------------------------------------------------------------


def render(report: Report) -> Group:
    soak = report.soak
    table = Table(
        title=(
            f"{soak.tables:,} tables in waves of {soak.wave}, {soak.at_once} at once, "
            f"{soak.hands} hands each, {report.seconds:.0f} s"
        )
    )
    for name in ("tables", "hands", "live", "asleep", "memory", "descriptors", "tasks", "db"):
        table.add_column(name, justify="right")
    for wave in report.waves:
        table.add_row(
            f"{wave.tables:,}",
            f"{wave.hands:,}",
            str(wave.live),
            str(wave.sleeping),
            f"{wave.rss_mib:.1f} MiB",
            str(wave.descriptors),
            str(wave.tasks),
            _mib(wave.database_bytes),
        )
    summary = Table(title="growth per 1,000 tables after the first wave")
    summary.add_column("figure")
    summary.add_column("value", justify="right")
    growth = [
        ("server memory (RSS)", report.per_1000_tables(lambda wave: wave.rss_mib), " MiB"),
        ("open file descriptors", report.per_1000_tables(lambda wave: wave.descriptors), ""),
        ("asyncio tasks", report.per_1000_tables(lambda wave: wave.tasks), ""),
    ]
    if report.last.database_bytes is not None:
        sqlite = report.per_1000_tables(lambda wave: wave.database_bytes or 0)
        growth.append(("database (the SQLite file)", sqlite, " bytes"))
    for name, value, unit in growth:
        summary.add_row(name, "one wave only" if value is None else f"{value:+,.2f}{unit}")
    per_hand = report.database_bytes_per_hand
    said = "not SQLite" if per_hand is None else f"{per_hand:,.0f} bytes"
    summary.add_row("database per hand played", said)
    return Group(table, summary)


def _mib(size: int | None) -> str:
    return "" if size is None else f"{size / MEBIBYTE:.1f} MiB"
