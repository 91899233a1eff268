"""A table's events read back from the room's database, for the commands that replay it.

``pokernight export`` and ``pokernight stats`` both take a table's code and the
database ``pokernight serve`` uses, and fold the table's stored events again.
"""

from __future__ import annotations

import argparse
import asyncio
import os
from dataclasses import dataclass
from pathlib import Path

from pokernight.table import TableEvent, table_event_from_dict

IMPORTED = "imported"
"""``store.TableStatus.IMPORTED``, a table read from PHH files: the store (SQLAlchemy) is
imported only where a database is opened, so every other command starts faster."""


def add_table_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("code", help="the table's 4-digit code (the latest table with it)")
    parser.add_argument(
        "--db",
        help="database URL or SQLite file (default: $DATABASE_URL, else pokernight.sqlite3)",
    )


@dataclass(frozen=True, slots=True)
class StoredTable:
    """A table's events, and what it is in the store: ``imported`` from PHH files, or
    played here (``open`` or ``closed``)."""

    events: list[TableEvent]
    status: str

    @property
    def imported(self) -> bool:
        return self.status == IMPORTED

    @property
    def told(self) -> str:
        """What the commands add to the table's code to say where its hands come from."""
        return " (imported)" if self.imported else ""


def read_table_events(code: str, db: str | None) -> list[TableEvent]:
    """The events of the latest table with ``code``; a ValueError saying why there are none."""
    return read_table(code, db).events


def read_table(code: str, db: str | None) -> StoredTable:
    """The latest table with ``code``; a ValueError saying why there is none."""
    if not (len(code) == 4 and code.isdigit()):
        raise ValueError(f"{code!r} is not a table code: codes are 4 digits")
    return asyncio.run(_load(code, db or os.environ.get("DATABASE_URL")))


async def _load(code: str, url: str | None) -> StoredTable:
    from pokernight.store import StoreError, open_store

    try:
        check_sqlite_file(url)
        store = await open_store(url)
    except StoreError as error:
        raise ValueError(str(error)) from None
    try:
        record = await store.tables.latest_table_by_code(code)
        if record is None:
            raise ValueError(f"no table with code {code} in {store.database.description}")
        stored = await store.tables.load_events(record.id)
    finally:
        await store.close()
    return StoredTable([table_event_from_dict(item.data) for item in stored], record.status)


def check_sqlite_file(url: str | None) -> None:
    """Opening a SQLite file creates it: a mistyped path must not read an empty room."""
    from pokernight.store.engine import database_url

    address = database_url(url)  # the store's own reading of the URL and its defaults
    path = address.database
    if address.get_backend_name() == "sqlite" and path and not Path(path).exists():
        raise ValueError(f"there is no database at {path}: give --db")
