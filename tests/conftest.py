"""Shared fixtures: databases for the tests that need one.

``postgres_url``: env ``POKERNIGHT_TEST_POSTGRES_URL`` if set, else a throwaway
PostgreSQL cluster started from the Debian binaries for the session (each
xdist worker starts its own). Missing binaries fail the run when
``POKERNIGHT_REQUIRE_ALL_TESTS`` is set (CI), and skip otherwise.
``store_url``: an empty database for each test, SQLite and PostgreSQL in turn.
``browser``: Debian's Chromium, headless, through Playwright, for a test module.
``redis_server``: a ``redis-server`` of the test's own on a free port (``redis_helpers``).

Tests marked ``slow`` run first, shared out among the xdist workers: under ``pytest -n 2
--dist worksteal`` a long test started last would leave one worker running it alone at
the end, the other idle.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import asyncpg
import pytest
from hypothesis import settings
from sqlalchemy import make_url

from tests.async_helpers import run
from tests.missing import missing
from tests.redis_helpers import RedisServer, require_redis

POSTGRES_BINARIES = Path("/usr/lib/postgresql")

# Hypothesis fails an example slower than 200 ms by default: a timing threshold, which
# a machine busy with other work crosses now and then. Speed is measured by the
# benchmarks, never asserted by a test.
settings.register_profile("pokernight", deadline=None)
settings.load_profile("pokernight")


@pytest.hookimpl(trylast=True)  # after ``-m`` has deselected: the items that will run
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The tests marked ``slow`` first, the others after them, each in collection order;
    under xdist, the slow ones shared out among the workers' first shares.

    Work stealing hands each worker a contiguous share of this order (xdist's
    ``WorkStealingScheduling.check_schedule``: as many items each, in order) and lets an
    idle worker take the end of another's queue. Long tests at the front of each share
    are never left for the end, where one would run alone while the other workers wait;
    and dealt out in turn, they are not all queued behind each other on one worker. Each
    worker collects and orders the same items the same way, as xdist requires.
    """
    slow = [item for item in items if item.get_closest_marker("slow") is not None]
    others = [item for item in items if item.get_closest_marker("slow") is None]
    items[:] = _slow_first(slow, others, _stealing_workers(config))


def _stealing_workers(config: pytest.Config) -> int:
    """How many xdist workers share the run (1: this is no worker). A worker is not told
    how the run is distributed (its ``dist`` option reads "no"); the Makefile's is
    ``worksteal``, and under another the order is only another order."""
    worker_input = getattr(config, "workerinput", None)
    return 1 if worker_input is None else int(worker_input["workercount"])


def _slow_first(
    slow: list[pytest.Item], others: list[pytest.Item], workers: int
) -> list[pytest.Item]:
    """Each worker's first share starts with every ``workers``-th slow test, the others
    fill the shares in order; just the slow ones first when they do not fit."""
    left, shares = len(slow) + len(others), []
    for worker in range(workers):
        share = left // (workers - worker)  # as xdist splits its pending tests at the start
        shares.append(share)
        left -= share
    dealt = [slow[worker::workers] for worker in range(workers)]
    if any(len(mine) > share for mine, share in zip(dealt, shares, strict=True)):
        return slow + others
    order: list[pytest.Item] = []
    rest = iter(others)
    for mine, share in zip(dealt, shares, strict=True):
        order += mine
        order += [next(rest) for _ in range(share - len(mine))]
    return order


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _postgres_bin() -> Path | None:
    found = sorted(POSTGRES_BINARIES.glob("*/bin/initdb"), key=lambda path: int(path.parts[-3]))
    return found[-1].parent if found else None


def _as_postgres(command: str) -> None:
    """Run ``command`` as the postgres user when we are root: initdb refuses root."""
    shell = ["su", "postgres", "-s", "/bin/sh", "-c"] if os.geteuid() == 0 else ["/bin/sh", "-c"]
    result = subprocess.run([*shell, command], capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"{command} failed: {result.stderr.strip()}")


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """An asyncpg URL of a PostgreSQL database for this test session."""
    given = os.environ.get("POKERNIGHT_TEST_POSTGRES_URL")
    if given:
        yield given
        return
    binaries = _postgres_bin()
    if binaries is None:
        missing(f"no PostgreSQL binaries under {POSTGRES_BINARIES} (apt-get install postgresql)")
    directory = Path(tempfile.mkdtemp(prefix="pokernight-postgres-"))
    if os.geteuid() == 0:
        shutil.chown(directory, "postgres", "postgres")
    port = free_port()
    data, log = directory / "data", directory / "log"
    server = f"-p {port} -k {directory} -c listen_addresses=127.0.0.1 -c fsync=off"
    try:
        _as_postgres(
            f"{binaries}/initdb -D {data} -A trust -U postgres"
            f" && {binaries}/pg_ctl -D {data} -l {log} -w start -o '{server}'"
            f" && {binaries}/createdb -h 127.0.0.1 -p {port} -U postgres pokernight_test"
        )
        yield f"postgresql+asyncpg://postgres@127.0.0.1:{port}/pokernight_test"
    finally:
        if (data / "postmaster.pid").exists():
            _as_postgres(f"{binaries}/pg_ctl -D {data} -m fast stop")
        shutil.rmtree(directory, ignore_errors=True)


async def _run_sql(url: str, statement: str) -> None:
    address = make_url(url).set(drivername="postgresql")
    connection = await asyncpg.connect(address.render_as_string(hide_password=False))
    try:
        await connection.execute(statement)
    finally:
        await connection.close()


@pytest.fixture(scope="session")
def _postgres_database(postgres_url: str) -> Iterator[str]:
    """A database of this session's own on the PostgreSQL server (xdist workers share one)."""
    name = f"test_{uuid.uuid4().hex}"
    run(_run_sql(postgres_url, f'CREATE DATABASE "{name}"'))
    yield make_url(postgres_url).set(database=name).render_as_string(hide_password=False)
    run(_run_sql(postgres_url, f'DROP DATABASE "{name}" WITH (FORCE)'))


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of an empty database, on each backend in turn."""
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path / 'pokernight.sqlite3'}"
    database: str = request.getfixturevalue("_postgres_database")
    # Emptying the schema is ten times faster than creating a database per test.
    run(_run_sql(database, "DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
    return database


@pytest.fixture
def cluster_database(_postgres_database: str) -> str:
    """An empty PostgreSQL database that several room processes share."""
    run(_run_sql(_postgres_database, "DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
    return _postgres_database


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    """A Redis of this test's own: started, and killed afterwards, by its process id."""
    require_redis()
    server = RedisServer(free_port(), tmp_path)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium per browser-test module (see ``tests/web_helpers``)."""
    from tests.web_helpers import launched_chromium

    with launched_chromium() as launched:
        yield launched


@pytest.fixture(autouse=True)
def _english_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The terminal speaks the environment's language (``pokernight.words``): tests read
    its English whatever the machine's locale; a test of another language sets its own."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
