"""The one engine and the one writer every capability of the store shares (decision 62).

SQLite lets one connection write at a time, and a connection waiting for the
write lock waits inside SQLite, where a busy event loop stretches every other
transaction: under load, joins failed with "database is locked" after the
busy timeout. So on SQLite every write of this process takes its turn on one
asyncio lock first (``turn``): waiting happens in the event loop, and SQLite
only ever sees one writer from us. The event log's group commits, the bulk of
the writes, run on SQLite as one synchronous call (``sqlite_writer``); on
PostgreSQL through the async connection.

The table log (``table_log``), the club (``club_store``) and tournaments
(``tournament_store``) each hold this same ``Database``: one engine, one turn.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any, TypeVar

from sqlalchemy import Connection
from sqlalchemy.exc import InterfaceError, OperationalError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from pokernight.store.errors import StoreUnavailableError
from pokernight.store.sqlite_writer import SqliteWriter

TOKEN_BYTES = 32

Result = TypeVar("Result")


class Database:
    """The engine, what it is called in messages, and this process's one writer."""

    def __init__(
        self, engine: AsyncEngine, description: str, sqlite_writer: SqliteWriter | None = None
    ) -> None:
        self.engine = engine
        self.description = description
        self.turn: AbstractAsyncContextManager[Any] = (
            asyncio.Lock() if engine.dialect.name == "sqlite" else contextlib.nullcontext()
        )
        """This process's turn to write (on SQLite; on PostgreSQL nobody waits)."""
        self._sqlite_writer = sqlite_writer

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[AsyncConnection]:
        """One transaction; losing the database becomes a one-line StoreUnavailableError."""
        with self._unavailable_on_error():
            async with self.engine.begin() as connection:
                yield connection

    @contextlib.contextmanager
    def _unavailable_on_error(self) -> Iterator[None]:
        try:
            yield
        except (OperationalError, InterfaceError, OSError) as error:
            raise StoreUnavailableError(self.unavailable(error)) from None

    @asynccontextmanager
    async def writing(self) -> AsyncIterator[AsyncConnection]:
        """A transaction that writes: on SQLite, once this process's previous write is done."""
        async with self.turn, self.transaction() as connection:
            yield connection

    async def write(self, work: Callable[[Connection], Result]) -> Result:
        """``work`` in a write transaction, in this process's turn."""
        async with self.turn:
            return await self.write_in_turn(work)

    async def write_in_turn(self, work: Callable[[Connection], Result]) -> Result:
        """``work`` in a write transaction, the turn already taken: on SQLite, in one
        blocking call (``sqlite_writer``)."""
        with self._unavailable_on_error():
            if self._sqlite_writer is not None:
                return self._sqlite_writer.write(work)
            async with self.engine.begin() as connection:
                return await connection.run_sync(work)

    async def read(self, work: Callable[[Connection], Result]) -> Result:
        """``work`` in a transaction that only reads."""
        async with self.transaction() as connection:
            return await connection.run_sync(work)

    def unavailable(self, error: Exception) -> str:
        """A one-line message for the database error ``error``."""
        reason = getattr(error, "orig", None) or error
        first_line = str(reason).strip().splitlines()[0] if str(reason).strip() else ""
        return f"database {self.description} is unavailable: {first_line or type(reason).__name__}"

    async def close(self) -> None:
        if self._sqlite_writer is not None:
            self._sqlite_writer.close()
        await self.engine.dispose()


def token_hash(token: str) -> str:
    """What is stored of a secret token: its SHA-256."""
    return hashlib.sha256(token.encode()).hexdigest()
