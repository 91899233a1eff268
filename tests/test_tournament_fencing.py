"""A tournament's director among several processes (issue 35): once another process has
taken its lease (and raised the tournament's epoch), the former director cannot write,
whether or not it has noticed, and nothing of what it tried is saved."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from random import Random

import pytest

from pokernight.server.edge.config import ServerConfig
from pokernight.server.lobby.lobby import Lobby
from pokernight.server.tournaments.tournament_director import TournamentDirector
from pokernight.store import EventWriter, FencedOffError, open_store
from pokernight.tournament import from_template
from pokernight.tournament.tables import DIRECTOR
from tests.async_helpers import scenario

NINE = from_template("quick", entries=9, seats=9, bot_delay_seconds=0.0)


@asynccontextmanager
async def room(url: str) -> AsyncIterator[Lobby]:
    """One room process's lobby on the shared database (no table runs in these tests)."""
    async with await open_store(url) as store:
        writer = EventWriter(store.tables)
        lobby = Lobby(store, writer, replace(ServerConfig(), database_url=url))
        try:
            yield lobby
        finally:
            await lobby.close()
            await writer.close()


async def logged(lobby: Lobby, tournament_id: int) -> int:
    return len(await lobby.store.tournaments.tournament_events(tournament_id))


@scenario
async def test_a_director_whose_lease_another_process_took_cannot_write(store_url: str) -> None:
    async with room(store_url) as first, room(store_url) as second:
        old, _ = await first.create_tournament(NINE, Random(1))
        assert await first.store.tournaments.own_tournament(old.id) == 1  # its lease taken
        await old.register("Ann", None)
        # The first process stalls; its lease runs out and the second adopts the tournament.
        assert await second.store.tournaments.own_tournament(old.id) == 2
        new = await TournamentDirector.resume(second, old.id, Random(2))
        saved = await logged(second, old.id)
        for attempt in (old.register("Bob", None), old.register("Cy", "easy", by=DIRECTOR)):
            with pytest.raises(FencedOffError, match=f"tournament {old.id} has a newer owner"):
                await attempt
        # Nothing was written, nor taken in memory: the stale director's tournament is as
        # it was, and the log is the new director's alone.
        assert await logged(second, old.id) == saved
        assert old.tournament.entries == 1
        await new.register("Bob", None)
        assert await logged(second, old.id) == saved + 1
        assert [e.name for e in new.tournament.players.values()] == ["Ann", "Bob"]
        # For good: even what would continue the log from where it stands is refused.
        old.version = saved + 1
        with pytest.raises(FencedOffError):
            await old.register("Dee", None)
        await new.stop()


@scenario
async def test_one_process_alone_never_raises_an_epoch_and_is_never_checked(
    store_url: str,
) -> None:
    async with room(store_url) as alone:
        director, _ = await alone.create_tournament(NINE, Random(1))
        for name in ("Ann", "Bob"):
            await director.register(name, None)
        assert await logged(alone, director.id) == 3
        # A first owner among several begins at epoch 1: nothing before was fenced.
        assert await alone.store.tournaments.own_tournament(director.id) == 1
