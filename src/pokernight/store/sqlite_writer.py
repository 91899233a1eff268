"""SQLite's group commits made in one synchronous call on the event loop's own thread.

Through the async driver every statement of a transaction is a round trip
from the event loop to the driver's thread and back, and under load each trip
back waits for a turn of a busy loop: a commit that takes 1 ms alone took
28 ms (p50) and 200 ms (p99) at 250 tables, and every table waiting on it
waited as long. A thread of our own for the whole transaction did not fix it:
its every SQLite call gives up the GIL and waits for a busy loop to hand it
back (6.5 ms p50 in the same test). So the transaction runs here, at once,
on a synchronous connection to the same file: about 1 ms of CPU the process
spends either way, the loop blocked for that long, and no waiting at all
(``synchronous=NORMAL``: a commit writes to the WAL without a disk sync).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from sqlalchemy import URL, Connection, create_engine, event

from pokernight.store.engine import tune_sqlite

Result = TypeVar("Result")
SYNC_DRIVER = "sqlite+pysqlite"


class SqliteWriter:
    """Runs ``work(connection)`` in a transaction, committed when ``write`` returns."""

    def __init__(self, url: URL) -> None:
        self.engine = create_engine(url.set(drivername=SYNC_DRIVER))
        event.listen(self.engine, "connect", tune_sqlite)

    def write(self, work: Callable[[Connection], Result]) -> Result:
        """``work``'s result once its transaction is committed (rolled back if it raised)."""
        with self.engine.begin() as connection:
            return work(connection)

    def close(self) -> None:
        self.engine.dispose()
