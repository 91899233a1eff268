"""A table that cannot be opened (Redis or the database gone as its first event is saved)
gives its code back: its record is closed, not left open for nobody, for good (a code is
one of 10,000; after a restart nothing would ever take it again)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace

import pytest

from pokernight.server.edge.config import ServerConfig
from pokernight.server.lobby.lobby import Lobby
from pokernight.server.tables.identity import Newcomer
from pokernight.store import EventWriter, open_store
from pokernight.table import TableSettings
from tests.async_helpers import scenario


class RedisGone:
    """A cluster whose Redis is down: no table can be owned."""

    @asynccontextmanager
    async def opening(self, table_id: int) -> AsyncIterator[None]:
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")
        yield


@asynccontextmanager
async def room(url: str) -> AsyncIterator[Lobby]:
    async with await open_store(url) as store:
        writer = EventWriter(store.tables)
        lobby = Lobby(store, writer, replace(ServerConfig(), database_url=url))
        lobby.cluster = RedisGone()  # type: ignore[assignment]
        try:
            yield lobby
        finally:
            await lobby.close()
            await writer.close()


@scenario
async def test_a_table_that_could_not_be_opened_gives_its_code_back(store_url: str) -> None:
    async with room(store_url) as lobby:
        with pytest.raises(ConnectionError):
            await lobby.create_table(TableSettings(), Newcomer("Ann"))
        with pytest.raises(ConnectionError):
            await lobby.open_tournament_table(TableSettings())
        assert await lobby.store.tables.open_tables() == []
        assert lobby.actors == {}
