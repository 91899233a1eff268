"""Which database a URL names, how to connect to it, and bringing its schema to head.

``None`` means the embedded default: a SQLite file in the working directory
(``POKERNIGHT_DB`` overrides it with a path or a URL). PostgreSQL URLs are
given the asyncpg driver (the ``postgresql`` extra). Migrations ship in this package and run through
Alembic's API on the store's own connection, so no ``alembic.ini`` is needed.
"""

from __future__ import annotations

import asyncio
import os
import random
import sqlite3
import time
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import URL, Connection, event, make_url, text
from sqlalchemy.exc import ArgumentError, OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.pool import ConnectionPoolEntry

from pokernight.extras import require
from pokernight.store.errors import StoreUnavailableError

DEFAULT_FILE = "pokernight.sqlite3"
DATABASE_VARIABLE = "POKERNIGHT_DB"
# Package:folder, found by Alembic through importlib.resources wherever the package is.
MIGRATIONS = "pokernight.store:migrations"
ASYNC_DRIVERS = {"sqlite": "sqlite+aiosqlite", "postgresql": "postgresql+asyncpg"}
# A database that is down should fail fast, not hang start-up.
CONNECT_TIMEOUT_SECONDS = 10
BUSY_TIMEOUT_MS = 30_000
PAGE_CACHE_KIB = 256
MIGRATION_LOCK = 0x706F6B6572  # "poker": the advisory lock held while migrating
# A SQLite file that another connection is turning to WAL or migrating refuses at once
# (see ``migrate``): tries again, waiting twice as long each time up to a cap, for as long
# as another opener may take to migrate it: the busy timeout's patience, not a count of
# attempts (twenty, about 7 s, once ran out while a loaded machine migrated eleven
# revisions: "database is locked").
MIGRATION_PATIENCE_SECONDS = BUSY_TIMEOUT_MS / 1000
FIRST_BACKOFF_SECONDS = 0.01
LONGEST_BACKOFF_SECONDS = 0.5


def database_url(url: str | None = None) -> URL:
    """The async SQLAlchemy URL for ``url``; a StoreUnavailableError if it is not one we run on."""
    if url is None:
        url = os.environ.get(DATABASE_VARIABLE) or DEFAULT_FILE
    if "://" not in url:
        url = f"sqlite+aiosqlite:///{url}"
    try:
        parsed = make_url(url.replace("postgres://", "postgresql://", 1))
    except (ArgumentError, ValueError):
        raise StoreUnavailableError(f"{url!r} is not a database URL") from None
    backend = parsed.get_backend_name()
    if backend not in ASYNC_DRIVERS:
        raise StoreUnavailableError(
            f"{backend!r} databases are not supported: use sqlite or postgresql"
        )
    return parsed.set(drivername=ASYNC_DRIVERS[backend])


def create_engine(url: URL) -> AsyncEngine:
    """An engine for ``url`` (from ``database_url``); it connects on first use."""
    if url.get_backend_name() == "postgresql":
        # The driver is an extra: the embedded default needs nothing more than the package.
        require("a PostgreSQL database", "postgresql")
        return create_async_engine(
            url, connect_args={"timeout": CONNECT_TIMEOUT_SECONDS}, pool_pre_ping=True
        )
    _check_sqlite_directory(url)
    engine = create_async_engine(url, connect_args={"timeout": CONNECT_TIMEOUT_SECONDS})
    event.listen(engine.sync_engine, "connect", tune_sqlite)
    return engine


def _check_sqlite_directory(url: URL) -> None:
    # Said here, before aiosqlite tries: its failed connections outlive the event loop.
    directory = Path(url.database or "").parent
    if url.database not in (None, "", ":memory:") and not directory.is_dir():
        raise StoreUnavailableError(
            f"cannot create the database {url.database}: there is no directory {directory}"
        )


def tune_sqlite(connection: Any, _record: ConnectionPoolEntry) -> None:
    # WAL lets readers run while the event writer commits. synchronous=NORMAL
    # syncs the WAL at checkpoints, not at every commit: a killed server loses
    # nothing, a power cut may lose the last commits (decision 0014). The busy
    # timeout makes a second process wait for the write lock instead of failing
    # at once; within this process the store lets one write at a time through.
    cursor = connection.cursor()
    # First: switching to WAL waits for another process's write (a migration) like any
    # statement, and should wait as long.
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    # Each connection's own page cache fills as the file grows, 2 MiB by default, and the
    # room holds several (the pool's and the group commit's): a soak's memory grew with
    # the file. The operating system caches the file anyway, and the room mostly appends.
    cursor.execute(f"PRAGMA cache_size=-{PAGE_CACHE_KIB}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def alembic_config(connection: Connection | None = None) -> Config:
    """Alembic's configuration; with ``connection``, its migrations run on that one."""
    config = Config()
    config.set_main_option("script_location", MIGRATIONS)
    if connection is not None:
        config.attributes["connection"] = connection
    return config


async def migrate(engine: AsyncEngine) -> None:
    """Bring ``engine``'s database to the latest schema, once however many open it together.

    PostgreSQL openers queue on an advisory lock, SQLite ones on the write lock
    (``upgrade_to_head``). But the first statements on a new SQLite file are the
    switch to WAL (``tune_sqlite``), which reads the file and then needs to write
    it, and SQLite refuses a read lock's upgrade with "database is locked" at once,
    without the busy timeout, while another connection switches or migrates. So
    that opener tries again, a bounded number of times after a short wait: by
    then the file is WAL (the switch is a read) and the migration of the other is
    done or holds the write lock (waited for), and ``upgrade_to_head`` finds the
    schema at head. It tries for as long as the busy timeout would wait.
    """
    give_up = time.monotonic() + MIGRATION_PATIENCE_SECONDS
    backoff = FIRST_BACKOFF_SECONDS
    while True:
        try:
            async with engine.begin() as connection:
                await connection.run_sync(upgrade_to_head)
            return
        except OperationalError as error:
            if time.monotonic() >= give_up or not _sqlite_busy(error):
                raise
        await asyncio.sleep(backoff * random.uniform(0.5, 1.0))  # jitter: openers part
        backoff = min(backoff * 2, LONGEST_BACKOFF_SECONDS)


def _sqlite_busy(error: OperationalError) -> bool:
    """Whether ``error`` is SQLite's "database is locked" (SQLITE_BUSY, extended or not)."""
    code = getattr(error.orig, "sqlite_errorcode", None)
    return isinstance(code, int) and code & 0xFF == sqlite3.SQLITE_BUSY


def upgrade_to_head(connection: Connection) -> None:
    """Run the migrations on ``connection`` (a sync connection: call through ``run_sync``)."""
    # Processes starting together take turns; the later ones find the schema at head.
    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
    else:  # SQLite's driver would run the DDL outside any transaction: take the write lock
        connection.exec_driver_sql("BEGIN IMMEDIATE")
    command.upgrade(alembic_config(connection), "head")
