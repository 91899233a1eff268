"""``pokernight bench server``: tables of bots playing through a real server, over loopback.

The server is ``pokernight serve`` in its own process (a free 127.0.0.1 port,
a fresh SQLite file unless ``--db`` names one), so the bots' work is not
counted as the server's. The bots run in ``--client-processes`` processes of
their own (``load_clients``), the tables shared out among them:
``--tables`` tables of ``--players`` bots each, one WebSocket per bot, every
table playing ``--rate`` actions a second for ``--seconds``.

With ``--processes N`` (N > 1) the room is N ``serve --redis`` processes on one database
(``--db``, PostgreSQL) and one Redis (``--redis``): each bots' process opens its tables
on one of them in turn, and the servers' memory and CPU are their sums (decision 39).
``--playing N`` plays N of the tables and opens the others idle (no bot, no deal): a room
of thousands of tables, most of them idle, is what the cost of owning tables is measured
on, and two cores cannot seat six bots at each of thousands. With ``--redis`` the report
adds Redis's own count of the commands it ran and the keys it looked up during play
(``INFO stats``), per second and per idle table (decision 63).

Reported: actions/s; the latency from sending an action to receiving the
version it caused, for the acting bot and for the others at the table
(p50/p99/max); the server's resident memory before the tables, once they are
seated and after play, per 100 tables; the CPU each process used, since a
saturated client would inflate the latencies it measures; the server's
garbage collections during play and their longest pause, and how late its
event loop ran (``GET /api/server``): a long pause stops every table at once;
and each bots' process's own loop lag, which adds to what it measures.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table

from pokernight.bench.load_clients import (
    Latencies,
    Share,
    ShareFailed,
    ShareFigures,
    Step,
    play_share,
)
from pokernight.client import request_json
from pokernight.extras import require
from pokernight.server.edge.lag import counts_between, percentile_ms

if TYPE_CHECKING:
    import psutil  # the bench extra: imported by _process, once the command runs

describe = (
    "bots at many tables over WebSockets against pokernight serve: actions/s, latency, memory"
)

MAX_TABLES = 2_000
MAX_PLAYERS = 9
MAX_SECONDS = 3_600.0
MAX_RATE = 10.0
MAX_CLIENT_PROCESSES = 16
MAX_PROCESSES = 8
CLIENT_PROCESSES = 2
"""One process's bots at 500 tables used half a core: its own loop's lag would add to the
latencies it measures."""
"""A bot may send 10 messages a second (the server's rate limit); a table's bots share the rate."""
START_TIMEOUT_SECONDS = 60.0
SEATING_TIMEOUT_SECONDS = 600.0
STOP_TIMEOUT_SECONDS = 15.0
MEBIBYTE = 1024 * 1024
REFRESH_SECONDS = 1.0
WARM_UP_SECONDS = 5
"""Play before measuring: the first hands start, the first broadcasts warm the caches."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--tables", type=int, default=500, help="tables to open (500)")
    parser.add_argument("--players", type=int, default=6, help="bots per table (6)")
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds of play measured (30)")
    parser.add_argument("--rate", type=float, default=1.0, help="actions per table per second (1)")
    parser.add_argument(
        "--port", type=int, default=0, help="port of the server on 127.0.0.1 (0: a free one)"
    )
    parser.add_argument(
        "--db", default=None, help="database URL or SQLite path (default: a fresh temporary file)"
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="room processes (1); more than one needs --db postgresql://... and --redis URL",
    )
    parser.add_argument("--redis", default=None, help="Redis URL, with --processes above 1")
    parser.add_argument(
        "--playing",
        type=int,
        default=None,
        help="tables played (default: all); the others are opened and left idle",
    )
    parser.add_argument(
        "--client-processes",
        type=int,
        default=CLIENT_PROCESSES,
        help=f"processes the bots run in, the tables shared out ({CLIENT_PROCESSES})",
    )


@dataclass(frozen=True, slots=True)
class Percentiles:
    count: int
    p50: float
    p99: float
    worst: float

    @classmethod
    def of(cls, seconds: list[float]) -> Percentiles:
        if len(seconds) < 2:
            only = seconds[0] if seconds else 0.0
            return cls(len(seconds), only, only, only)
        cuts = statistics.quantiles(seconds, n=100, method="inclusive")
        return cls(len(seconds), cuts[49], cuts[98], max(seconds))


@dataclass(frozen=True, slots=True)
class LagFigures:
    """How late an event loop ran during play (``pokernight.server.edge.lag``): each figure is the
    upper bound of its histogram bucket."""

    count: int
    p50_ms: float
    p99_ms: float
    worst_ms: float

    @classmethod
    def of(cls, counts: list[int]) -> LagFigures:
        return cls(
            sum(counts),
            percentile_ms(counts, 0.5),
            percentile_ms(counts, 0.99),
            percentile_ms(counts, 1.0),
        )


@dataclass(frozen=True, slots=True)
class Report:
    tables: int
    connections: int
    seconds: float
    actions: int
    refused: int
    acting: Percentiles
    others: Percentiles
    everyone: Percentiles
    server_mib_empty: float
    server_mib_seated: float
    server_mib_after: float
    server_cpu_share: float
    """Of one core, during play."""
    gc_collections: list[int]
    """The server's collections during play, by generation (0, 1, 2: full)."""
    gc_long_pauses: list[int]
    """Of those, the ones that paused the server 50 ms or more."""
    gc_worst_cpu_ms: list[float]
    """The CPU time of the costliest collection of each generation since the server started."""
    server_lag: LagFigures
    client_cpu_shares: list[float]
    """Of one core each, during play, by bots' process."""
    client_lag: LagFigures
    """The worst of the bots' processes' own loops."""
    target_rate: float
    """Actions per second asked for: tables times ``--rate``."""
    processes: int = 1
    """Room processes: memory and CPU are their sums; GC and loop lag the first one's."""
    playing: int | None = None
    """Tables played (None: all of them); the others were opened and left idle."""
    redis_commands_per_second: float | None = None
    """Commands Redis ran during play (``total_commands_processed``), with ``--redis``."""
    redis_lookups_per_second: float | None = None
    """Keys Redis looked up during play (``keyspace_hits`` + ``keyspace_misses``): an
    ``MGET`` of 100 keys is 100 lookups, and so are 100 reads inside a script."""

    @property
    def idle_tables(self) -> int:
        return 0 if self.playing is None else self.tables - self.playing

    def per_table(self, per_second: float | None) -> float | None:
        """A Redis figure divided by the idle tables (by all tables if none is idle)."""
        return None if per_second is None else per_second / (self.idle_tables or self.tables)

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds

    @property
    def server_cpu_ms_per_action(self) -> float:
        """The server's cost of an action, broadcast included: unlike latency, it holds up
        on a busy machine, and says how many actions a second one core could carry."""
        return self.server_cpu_share * self.seconds * 1000 / max(self.actions, 1)

    @property
    def mib_per_100_tables_seated(self) -> float:
        return (self.server_mib_seated - self.server_mib_empty) * 100 / self.tables

    @property
    def mib_per_100_tables_after(self) -> float:
        return (self.server_mib_after - self.server_mib_empty) * 100 / self.tables


@dataclass(frozen=True, slots=True)
class Load:
    tables: int
    players: int
    seconds: float
    rate: float
    port: int
    db: str | None
    client_processes: int = CLIENT_PROCESSES
    processes: int = 1
    redis: str | None = None
    playing: int | None = None
    """Tables played; the others are opened and left idle (None: all are played)."""

    @property
    def played(self) -> int:
        return self.tables if self.playing is None else self.playing


def run(args: argparse.Namespace) -> int:
    require("the server benchmark (it meters processes with psutil)", "bench", "psutil")
    load = Load(
        args.tables,
        args.players,
        args.seconds,
        args.rate,
        args.port,
        args.db,
        max(args.client_processes, args.processes),  # a bots' process per room process
        args.processes,
        args.redis,
        args.playing,
    )
    console = Console()
    report = measure(load, console)
    console.print(render(report))
    return 0


def measure(load: Load, console: Console) -> Report:
    """Start a server, play ``load`` through it, stop everything; the figures."""
    check(load)
    with _workspace() as workspace, _server(load, workspace) as server, _bots(load, server) as bots:
        return asyncio.run(_play(load, server, bots, console))


def check(load: Load) -> None:
    if not 1 <= load.tables <= MAX_TABLES:
        raise ValueError(f"--tables must be between 1 and {MAX_TABLES}")
    if not 2 <= load.players <= MAX_PLAYERS:
        raise ValueError(f"--players must be between 2 and {MAX_PLAYERS}")
    if not 0 < load.seconds <= MAX_SECONDS:
        raise ValueError(f"--seconds must be positive and at most {MAX_SECONDS:.0f}")
    if not 0 < load.rate <= MAX_RATE:
        raise ValueError(f"--rate must be positive and at most {MAX_RATE:.0f}")
    if not 0 <= load.port <= 65_535:
        raise ValueError(f"--port {load.port} is not a TCP port")
    if not 1 <= load.processes <= MAX_PROCESSES:
        raise ValueError(f"--processes must be between 1 and {MAX_PROCESSES}")
    if load.processes > 1 and (load.redis is None or not (load.db or "").startswith("postgres")):
        raise ValueError(
            "--processes above 1 needs --db postgresql://... and --redis redis://... (the "
            "processes share one database and one Redis)"
        )
    if not 1 <= load.played <= load.tables:
        raise ValueError("--playing must be between 1 and --tables")
    if not 1 <= load.client_processes <= min(MAX_CLIENT_PROCESSES, load.played):
        raise ValueError(
            f"--client-processes must be between 1 and {MAX_CLIENT_PROCESSES}, and at most --tables"
        )


# The server process --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Server:
    """The room's processes: one, or several on one database and one Redis."""

    urls: list[str]
    processes: list[psutil.Process]

    @property
    def url(self) -> str:
        return self.urls[0]

    def mib(self) -> float:
        return sum(float(process.memory_info().rss) for process in self.processes) / MEBIBYTE

    def cpu_seconds(self) -> float:
        return sum(_cpu_seconds(process) for process in self.processes)


@contextlib.contextmanager
def _workspace() -> Iterator[Path]:
    path = Path(tempfile.mkdtemp(prefix="pokernight-bench-"))
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


@contextlib.contextmanager
def _server(load: Load, workspace: Path) -> Iterator[Server]:
    db = load.db or str(workspace / "bench.sqlite3")
    started: list[subprocess.Popen[bytes]] = []
    urls = []
    try:
        for number in range(load.processes):
            port = (load.port + number if load.port else 0) or _free_port()
            log_path = workspace / f"server-{number + 1}.log"
            command = _serve_command(port, db, 1.0 / load.rate, load.redis)
            with log_path.open("wb") as log:
                started.append(subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT))
            _wait_until_listening(started[-1], port, log_path)
            urls.append(f"http://127.0.0.1:{port}")
        yield Server(urls, [_process(process.pid) for process in started])
    finally:
        for process in started:
            _stop(process)


def _serve_command(port: int, db: str, hand_pause: float, redis: str | None) -> list[str]:
    command = [
        sys.executable, "-m", "pokernight.cli.main", "serve", "--host", "127.0.0.1",
        "--port", str(port), "--db", db, "--hand-pause", str(hand_pause),
        "--no-rate-limits",  # every bot connects from 127.0.0.1
    ]  # fmt: skip
    return command if redis is None else [*command, "--redis", redis]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _wait_until_listening(process: subprocess.Popen[bytes], port: int, log_path: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            tail = log_path.read_text(errors="replace").strip().splitlines()[-1:]
            raise ValueError(f"the server stopped at start-up: {' '.join(tail) or 'no output'}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return
        time.sleep(0.1)
    raise ValueError(f"the server did not listen on port {port} within {START_TIMEOUT_SECONDS} s")


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGINT)  # uvicorn's graceful shutdown
        try:
            process.wait(STOP_TIMEOUT_SECONDS)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


# The bots' processes ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Bots:
    """The bots' processes and the pipe to each."""

    processes: list[BaseProcess]
    pipes: list[Connection]

    def tell(self, step: Step) -> None:
        for pipe in self.pipes:
            pipe.send(step)

    def cpu_seconds(self) -> list[float]:
        # A started process always has its pid; None would make psutil meter this one.
        return [
            _cpu_seconds(_process(process.pid))
            for process in self.processes
            if process.pid is not None
        ]


@contextlib.contextmanager
def _bots(load: Load, server: Server) -> Iterator[Bots]:
    # Spawned, not forked: a fresh interpreter with nothing of this one's state.
    context = multiprocessing.get_context("spawn")
    processes: list[BaseProcess] = []
    pipes: list[Connection] = []
    for index in range(load.client_processes):
        share = Share(
            server.urls[index % len(server.urls)],  # its tables on one room process in turn
            range(index, load.played, load.client_processes),
            load.players,
            load.rate,
            range(load.played + index, load.tables, load.client_processes),
        )
        ours, theirs = context.Pipe()
        process = context.Process(target=play_share, args=(share, theirs), daemon=True)
        process.start()
        processes.append(process)
        pipes.append(ours)
    try:
        yield Bots(processes, pipes)
    finally:
        for started in processes:
            started.join(STOP_TIMEOUT_SECONDS)
            if started.is_alive():
                started.kill()
                started.join()


async def _answers(bots: Bots, on_seated: Callable[[], None] | None = None) -> list[Any]:
    """The next answer other than ``Step.SEATED`` from each bots' process (``on_seated`` is
    called for each bot seated meanwhile)."""
    pipes = bots.pipes
    answers: dict[int, Any] = {}
    deadline = time.monotonic() + SEATING_TIMEOUT_SECONDS
    while len(answers) < len(pipes):
        if time.monotonic() > deadline:
            raise ValueError(f"the bots did not answer within {SEATING_TIMEOUT_SECONDS:.0f} s")
        for index, pipe in enumerate(pipes):
            while index not in answers and pipe.poll():
                received = pipe.recv()
                if received == Step.SEATED:
                    if on_seated is not None:
                        on_seated()
                    continue
                if isinstance(received, ShareFailed):
                    raise ValueError(f"the server refused to seat the bots: {received.reason}")
                answers[index] = received
            if index not in answers and not bots.processes[index].is_alive():
                raise ValueError(f"bots' process {index + 1} stopped before it was done")
        await asyncio.sleep(0.05)
    return [answers[index] for index in range(len(pipes))]


# Playing --------------------------------------------------------------------------------


async def _play(load: Load, server: Server, bots: Bots, console: Console) -> Report:
    mib_empty = server.mib()
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=console) as progress:
        seating = progress.add_task("seating bots", total=load.played * load.players)
        await _answers(bots, lambda: progress.advance(seating))
        mib_seated = server.mib()
        bots.tell(Step.START)
        await _watch(
            WARM_UP_SECONDS, progress, progress.add_task("warming up", total=WARM_UP_SECONDS)
        )
        bots.tell(Step.MEASURE)
        before = await request_json(server.url, "GET", "/api/server")
        redis_before = _redis_counts(load.redis)
        server_cpu, client_cpu = server.cpu_seconds(), bots.cpu_seconds()
        started = time.perf_counter()
        await _watch(
            load.seconds, progress, progress.add_task("playing", total=round(load.seconds))
        )
        bots.tell(Step.STOP)
        elapsed = time.perf_counter() - started
        redis_after = _redis_counts(load.redis)
        server_share = (server.cpu_seconds() - server_cpu) / elapsed
        client_shares = [
            (after - start) / elapsed
            for start, after in zip(client_cpu, bots.cpu_seconds(), strict=True)
        ]
        mib_after = server.mib()
        after = await request_json(server.url, "GET", "/api/server")
        shares: list[ShareFigures] = await _answers(bots)
    latencies = Latencies()
    for share in shares:
        latencies.add(share.latencies)
    gc_before, gc_after = before["gc"], after["gc"]
    return Report(
        tables=load.tables,
        connections=load.played * load.players,
        seconds=elapsed,
        actions=latencies.actions,
        refused=latencies.refused,
        acting=Percentiles.of(latencies.acting),
        others=Percentiles.of(latencies.others),
        everyone=Percentiles.of(latencies.acting + latencies.others),
        server_mib_empty=mib_empty,
        server_mib_seated=mib_seated,
        server_mib_after=mib_after,
        server_cpu_share=server_share,
        gc_collections=_during(gc_before, gc_after, "collections"),
        gc_long_pauses=_during(gc_before, gc_after, "long_pauses"),
        gc_worst_cpu_ms=list(gc_after["worst_cpu_ms"]),
        server_lag=LagFigures.of(counts_between(before["lag"]["counts"], after["lag"]["counts"])),
        client_cpu_shares=client_shares,
        client_lag=max(
            (LagFigures.of(share.lag_counts) for share in shares), key=lambda lag: lag.p99_ms
        ),
        target_rate=load.played * load.rate,
        processes=load.processes,
        playing=load.playing,
        redis_commands_per_second=_per_second(redis_before, redis_after, 0, elapsed),
        redis_lookups_per_second=_per_second(redis_before, redis_after, 1, elapsed),
    )


def _redis_counts(url: str | None) -> tuple[int, int] | None:
    """Redis's count of commands run and of keys looked up, since it started."""
    if url is None:
        return None
    import redis

    client = redis.Redis.from_url(url)
    try:
        stats = client.info("stats")
    finally:
        client.close()
    return (
        int(stats["total_commands_processed"]),
        int(stats["keyspace_hits"]) + int(stats["keyspace_misses"]),
    )


def _per_second(
    before: tuple[int, int] | None, after: tuple[int, int] | None, index: int, seconds: float
) -> float | None:
    if before is None or after is None:
        return None
    return (after[index] - before[index]) / seconds


async def _watch(seconds: float, progress: Progress, task: TaskID) -> None:
    """Let the bots play for ``seconds``, the bar counting them."""
    end = time.perf_counter() + seconds
    while (left := end - time.perf_counter()) > 0:
        await asyncio.sleep(min(REFRESH_SECONDS, left))
        progress.update(task, completed=round(seconds - max(left - REFRESH_SECONDS, 0)))


def _process(pid: int) -> psutil.Process:
    import psutil

    return psutil.Process(pid)


def _cpu_seconds(process: psutil.Process) -> float:
    times = process.cpu_times()
    return float(times.user + times.system)


# The report ------------------------------------------------------------------------------


def render(report: Report) -> Table:
    table = Table(
        title=(
            f"{report.tables} tables"
            + ("" if report.playing is None else f" ({report.playing} played)")
            + f", {report.connections} connections, "
            f"{report.seconds:.0f} s of play"
            + (f", {report.processes} room processes" if report.processes > 1 else "")
        )
    )
    table.add_column("figure")
    table.add_column("value", justify="right")
    rows = [
        ("actions/s", f"{report.actions_per_second:,.1f} of {report.target_rate:,.0f} asked"),
        ("actions refused", f"{report.refused}"),
        *_latency_rows("acting bot", report.acting),
        *_latency_rows("others at the table", report.others),
        *_latency_rows("everyone", report.everyone),
        ("server memory, no tables", f"{report.server_mib_empty:.1f} MiB"),
        ("server memory, bots seated", f"{report.server_mib_seated:.1f} MiB"),
        ("server memory, after play", f"{report.server_mib_after:.1f} MiB"),
        ("per 100 tables, seated", f"{report.mib_per_100_tables_seated:.1f} MiB"),
        ("per 100 tables, after play", f"{report.mib_per_100_tables_after:.1f} MiB"),
        ("server CPU (of one core)", f"{report.server_cpu_share:.0%}"),
        ("server CPU per action", f"{report.server_cpu_ms_per_action:.2f} ms"),
        ("server GC during play (gen 0/1/2)", "/".join(map(str, report.gc_collections))),
        ("server GC pauses of 50 ms or more", "/".join(map(str, report.gc_long_pauses))),
        ("server GC costliest, CPU (gen 0/1/2)", _pauses(report.gc_worst_cpu_ms)),
        ("server loop lag: p50 / p99 / worst", _lag(report.server_lag)),
        ("bots' CPU by process (of one core)", _shares(report.client_cpu_shares)),
        ("bots' loop lag, worst process: p50 / p99 / worst", _lag(report.client_lag)),
    ]
    if report.redis_commands_per_second is not None:
        rows += _redis_rows(report)
    for name, value in rows:
        table.add_row(name, value)
    return table


def _redis_rows(report: Report) -> list[tuple[str, str]]:
    per = "per idle table" if report.idle_tables else "per table"
    commands, lookups = report.redis_commands_per_second, report.redis_lookups_per_second
    return [
        ("Redis commands/s", f"{commands:,.1f}"),
        ("Redis key lookups/s", f"{lookups:,.1f}"),
        (f"Redis commands/s {per}", f"{report.per_table(commands):.3f}"),
        (f"Redis key lookups/s {per}", f"{report.per_table(lookups):.3f}"),
    ]


def _latency_rows(who: str, figures: Percentiles) -> list[tuple[str, str]]:
    return [
        (f"latency to {who}: p50", f"{figures.p50 * 1000:.1f} ms"),
        (f"latency to {who}: p99", f"{figures.p99 * 1000:.1f} ms"),
        (f"latency to {who}: worst of {figures.count:,}", f"{figures.worst * 1000:.1f} ms"),
    ]


def _during(before: dict[str, list[int]], after: dict[str, list[int]], key: str) -> list[int]:
    return [end - start for start, end in zip(before[key], after[key], strict=True)]


def _lag(figures: LagFigures) -> str:
    """Each figure is a bucket's upper bound: "≤"."""
    return (
        " / ".join(f"≤{value:g}" for value in (figures.p50_ms, figures.p99_ms, figures.worst_ms))
        + " ms"
    )


def _shares(shares: list[float]) -> str:
    return " + ".join(f"{share:.0%}" for share in shares)


def _pauses(milliseconds: list[float]) -> str:
    return "/".join(f"{pause:.0f}" for pause in milliseconds) + " ms"
