"""The store: the database a room keeps, by capability (decision 62).

``open_store`` connects and migrates, and returns a ``Store`` holding one ``Database``
(one engine, one writer: ``database``) and the capabilities that share it:

- ``tables``: the table log (``TableLog``): tables, players, each table's events and
  projections;
- ``club``: the club (``ClubStore``): members, devices, invitations, payments, claims,
  the club's log, the season;
- ``tournaments``: tournaments (``TournamentStore``): their logs and entrants' tokens.

Each part of the room is handed only the capability it needs; the ``Store`` itself
only opens, pings and closes the database.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.exc import DBAPIError

from pokernight.store.club_store import ClubStore
from pokernight.store.database import Database
from pokernight.store.engine import create_engine, database_url, migrate
from pokernight.store.errors import StoreUnavailableError
from pokernight.store.sqlite_writer import SqliteWriter
from pokernight.store.table_chat import TableChat
from pokernight.store.table_log import TableLog
from pokernight.store.tournament_store import TournamentStore


async def open_store(url: str | None = None) -> Store:
    """Connect to the database ``url`` names and migrate it to the latest schema.

    A database that is down or a URL we cannot use raises StoreUnavailableError.
    """
    address = database_url(url)
    sqlite_writer = SqliteWriter(address) if address.get_backend_name() == "sqlite" else None
    store = Store(
        Database(
            create_engine(address), address.render_as_string(hide_password=True), sqlite_writer
        )
    )
    try:
        await migrate(store.database.engine)
    except (DBAPIError, OSError) as error:
        # Whatever stops the first connection (no server, no such database, a
        # refused login) is the database being unavailable to us.
        await store.close()
        raise StoreUnavailableError(store.database.unavailable(error)) from None
    except BaseException:
        await store.close()
        raise
    return store


class Store:
    """One database and its capabilities: ``tables``, ``chat``, ``club``, ``tournaments``."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self.tables = TableLog(database)
        self.chat = TableChat(database)
        self.club = ClubStore(database)
        self.tournaments = TournamentStore(database)

    async def ping(self) -> None:
        """Answer only when the database does (``StoreUnavailableError`` otherwise)."""
        async with self.database.transaction() as connection:
            await connection.execute(select(1))

    async def close(self) -> None:
        await self.database.close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *_exc_info: object) -> None:
        await self.close()
