"""What ``pokernight backup`` and ``pokernight restore`` share: the room's database from
``--db``, PostgreSQL's own tools named instead, and a progress bar for a large file."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlalchemy import URL

PROGRESS_BYTES = 16 * 1024 * 1024
"""Smaller files are copied before a progress bar would be worth drawing."""
DB_HELP = (
    "the room's database: URL or SQLite file (default: $DATABASE_URL, else pokernight.sqlite3)"
)


def room_database(db: str | None) -> URL:
    """The database ``--db`` names, else ``$DATABASE_URL``, else the room's default."""
    from pokernight.store.backup import room_database

    return room_database(db or os.environ.get("DATABASE_URL"))


def postgresql_told(command: str, address: URL, advice: str, line: str) -> int:
    """Say that PostgreSQL's own tool does ``command``'s work, with its command line; the
    exit status of a command that did nothing."""
    from pokernight.store.backup import libpq_url

    _, with_password = libpq_url(address)
    print(
        f"pokernight {command}: the room's database is PostgreSQL: {advice} "
        f"(nothing was done here):\n    {line}",
        file=sys.stderr,
    )
    if with_password:
        print(
            "    (without the URL's password: it reads it from ~/.pgpass or $PGPASSWORD)",
            file=sys.stderr,
        )
    return 2


@contextlib.contextmanager
def progress_bar(what: str, size: int) -> Iterator[Callable[[int, int], None] | None]:
    """A callback moving a bar on standard error, for a large file on a terminal; None
    otherwise (a cron job's log stays clean)."""
    if size < PROGRESS_BYTES or not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task(what, total=None)

        def advance(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        yield advance


def file_size(path: Path) -> int:
    return path.stat().st_size if path.is_file() else 0
