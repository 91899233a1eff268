"""Fencing epochs (decision 39): once another process owns a table, the former owner's
saves are refused, whether or not it has noticed, and nothing of them is written."""

from __future__ import annotations

import asyncio
import random

import pytest

from pokernight.store import EventWriter, FencedOffError, StoreError, open_store
from tests.async_helpers import scenario
from tests.test_store_log import numbered


@scenario
async def test_a_former_owners_save_is_refused_after_a_new_owner_takes_the_table(
    store_url: str,
) -> None:
    async with await open_store(store_url) as old, await open_store(store_url) as new:
        table = await old.tables.create_table({}, random.Random(1))
        assert await old.tables.own_table(table.id) == 1
        await old.tables.append_events(table.id, numbered(1, 3))
        # The old owner pauses; its lease runs out and another process takes the table.
        assert await new.tables.own_table(table.id) == 2
        with pytest.raises(FencedOffError, match=f"table {table.id} has a newer owner"):
            await old.tables.append_events(table.id, numbered(4, 1, kind="Forked"))
        await new.tables.append_events(table.id, numbered(4, 2))
        assert await new.tables.load_events(table.id) == numbered(1, 5)
        # The refusal is for good: the old owner cannot save even what would continue.
        with pytest.raises(FencedOffError):
            await old.tables.append_events(table.id, numbered(6, 1))


@scenario
async def test_an_owner_taking_a_table_back_reads_its_log_again(store_url: str) -> None:
    async with await open_store(store_url) as first, await open_store(store_url) as second:
        table = await first.tables.create_table({}, random.Random(1))
        await first.tables.own_table(table.id)
        await first.tables.append_events(table.id, numbered(1, 2))
        await second.tables.own_table(table.id)
        await second.tables.append_events(table.id, numbered(3, 2))
        assert await first.tables.own_table(table.id) == 3
        await first.tables.append_events(table.id, numbered(5, 1))  # seq 5: it read 4 back
        assert await first.tables.last_seq(table.id) == 5


@scenario
async def test_one_process_alone_is_never_checked_and_a_former_owner_stays_fenced(
    store_url: str,
) -> None:
    async with await open_store(store_url) as alone, await open_store(store_url) as other:
        table = await alone.tables.create_table({}, random.Random(1))
        await alone.tables.append_events(table.id, numbered(1, 1))  # no epoch held: no check
        await other.tables.own_table(table.id)
        await other.tables.append_events(table.id, numbered(2, 1))
        # ``alone`` takes the table over: ``other`` keeps its old epoch, so a save it
        # still had in flight (its lease lost) is refused, however late it comes.
        await alone.tables.own_table(table.id)
        with pytest.raises(FencedOffError):
            await other.tables.append_events(table.id, numbered(3, 1))
        await alone.tables.append_events(table.id, numbered(3, 1))
        assert await other.tables.last_seq(table.id) == 3
        with pytest.raises(StoreError, match="there is no table 99"):
            await other.tables.own_table(99)


@scenario
async def test_in_a_group_commit_only_the_fenced_table_is_refused(store_url: str) -> None:
    async with await open_store(store_url) as old, await open_store(store_url) as new:
        fenced, kept = [await old.tables.create_table({}, random.Random(n)) for n in (1, 2)]
        for table in (fenced, kept):
            await old.tables.own_table(table.id)
        await new.tables.own_table(fenced.id)
        writer = EventWriter(old.tables)
        outcomes = await asyncio.gather(
            writer.append(fenced.id, numbered(1, 1)),
            writer.append(kept.id, numbered(1, 1)),
            return_exceptions=True,
        )
        await writer.close()
        assert isinstance(outcomes[0], FencedOffError) and outcomes[1] is None
        assert await new.tables.last_seq(fenced.id) == 0
        assert await new.tables.last_seq(kept.id) == 1
