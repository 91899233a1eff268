"""Writes from many tasks at once: HTTP handlers and the event writer never lock each other out.

Under load the event writer commits a group every few milliseconds while
players join and tables open. SQLite lets one connection write at a time, and
a connection waiting for the lock waits inside SQLite, up to its busy timeout;
a busy event loop stretches the transaction holding the lock (each statement
is a round trip through the loop) until the others give up with "database is
locked". The store lets one of its writes through at a time, so the others
wait their turn in the event loop instead.
"""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

import pytest

from pokernight.store import EventWriter, StoredEvent, engine, open_store
from tests.async_helpers import scenario

TABLES_PLAYING = 8
ACTIONS_PER_TABLE = 12
NEW_TABLES = 10
JOINS = 30
SHORT_BUSY_TIMEOUT_MS = 20
"""Far shorter than a transaction stretched by a busy loop: only waiting our turn can pass."""
BUSY_LOOP_SECONDS = 0.002


async def keep_the_loop_busy(stop: asyncio.Event) -> None:
    """Hold the event loop now and then, as hundreds of tables broadcasting do."""
    while not stop.is_set():
        time.sleep(BUSY_LOOP_SECONDS)
        await asyncio.sleep(0)


@pytest.mark.slow  # SQLite's busy timeout and a held loop are wall time: the race is real
@scenario
async def test_tables_open_and_players_join_while_every_table_appends_events(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(engine, "BUSY_TIMEOUT_MS", SHORT_BUSY_TIMEOUT_MS)
    sqlite_url = f"sqlite+aiosqlite:///{tmp_path / 'busy.sqlite3'}"
    async with await open_store(sqlite_url) as store:
        writer = EventWriter(store.tables, max_delay=0.001)
        playing = [
            await store.tables.create_table({}, random.Random(n)) for n in range(TABLES_PLAYING)
        ]

        async def play(table_id: int) -> None:
            for seq in range(1, ACTIONS_PER_TABLE + 1):
                await writer.append(table_id, [StoredEvent(seq, "Noted", {"n": seq}, 0.0)])

        async def open_table(index: int) -> None:
            await store.tables.create_table({"n": index}, random.Random(1_000 + index))

        async def join(index: int) -> None:
            await store.tables.register_player(playing[index % TABLES_PLAYING].id, f"p{index}")

        stop = asyncio.Event()
        busy = asyncio.create_task(keep_the_loop_busy(stop))
        try:
            await asyncio.gather(
                *(play(table.id) for table in playing),
                *(open_table(index) for index in range(NEW_TABLES)),
                *(join(index) for index in range(JOINS)),
            )
        finally:
            stop.set()
            await busy
        await writer.close()
        for table in playing:
            assert await store.tables.last_seq(table.id) == ACTIONS_PER_TABLE
        assert len(await store.tables.open_tables()) == TABLES_PLAYING + NEW_TABLES
