"""A table's event log: ordered, gap-free, one writer wins; group commit keeps it so."""

from __future__ import annotations

import asyncio
import random

import pytest

from pokernight.store import (
    EventWriter,
    StaleWriterError,
    StoredEvent,
    StoreError,
    StoreUnavailableError,
    open_store,
)
from tests.async_helpers import scenario


def numbered(first: int, count: int, kind: str = "Noted") -> list[StoredEvent]:
    return [
        StoredEvent(seq, kind, {"n": seq, "nested": {"list": [seq, "x"]}}, at=1000.0 + seq)
        for seq in range(first, first + count)
    ]


@scenario
async def test_events_load_in_order_after_a_version(store_url: str) -> None:
    async with await open_store(store_url) as store:
        table = await store.tables.create_table({}, random.Random(1))
        assert await store.tables.last_seq(table.id) == 0
        await store.tables.append_events(table.id, numbered(1, 3))
        await store.tables.append_events(table.id, numbered(4, 2))
        assert await store.tables.load_events(table.id) == numbered(1, 5)
        assert await store.tables.load_events(table.id, after=3) == numbered(4, 2)
        assert await store.tables.last_seq(table.id) == 5


@scenario
async def test_duplicate_seq_is_a_stale_writer_and_nothing_is_half_written(store_url: str) -> None:
    async with await open_store(store_url) as store:
        table = await store.tables.create_table({}, random.Random(1))
        await store.tables.append_events(table.id, numbered(1, 2))
        with pytest.raises(StaleWriterError, match="must be seq 3, not 2"):
            await store.tables.append_events(table.id, numbered(2, 3, kind="Forked"))
        with pytest.raises(StaleWriterError, match="must be seq 3, not 5"):
            await store.tables.append_events(table.id, numbered(5, 1))
        assert await store.tables.load_events(table.id) == numbered(1, 2)


@scenario
async def test_two_writers_racing_for_one_version_fork_nothing(store_url: str) -> None:
    """Both writers read version 0 and append seq 1: UNIQUE(table_id, seq) lets one win."""

    async with await open_store(store_url) as first, await open_store(store_url) as second:
        table = await first.tables.create_table({}, random.Random(1))
        outcomes = await asyncio.gather(
            first.tables.append_events(table.id, numbered(1, 2, kind="First")),
            second.tables.append_events(table.id, numbered(1, 2, kind="Second")),
            return_exceptions=True,
        )
        assert sorted(type(outcome).__name__ for outcome in outcomes) == [
            "NoneType",
            "StaleWriterError",
        ]
        kinds = {event.kind for event in await first.tables.load_events(table.id)}
        assert len(kinds) == 1 and await first.tables.last_seq(table.id) == 2


@scenario
async def test_events_for_a_missing_table_are_refused(store_url: str) -> None:
    async with await open_store(store_url) as store:
        with pytest.raises(StoreError, match="there is no table 99"):
            await store.tables.append_events(99, numbered(1, 1))


@scenario
async def test_group_commit_makes_every_append_durable_in_table_order(store_url: str) -> None:
    tables, appends, per_append = 12, 15, 2

    async def owner(writer: EventWriter, table_id: int) -> None:
        """One table's owner: it awaits each append before the next, as the server does."""
        for index in range(appends):
            await writer.append(table_id, numbered(index * per_append + 1, per_append))

    async with await open_store(store_url) as store:
        ids = [(await store.tables.create_table({}, random.Random(n))).id for n in range(tables)]
        writer = EventWriter(store.tables, max_delay=0.002)
        commits = 0
        append_batch = store.tables.append_batch

        async def counted(batch: object, requests: object = ()) -> None:
            nonlocal commits
            commits += 1
            await append_batch(batch, requests)  # type: ignore[arg-type]

        store.tables.append_batch = counted  # type: ignore[method-assign]
        await asyncio.gather(*(owner(writer, table_id) for table_id in ids))
        await writer.close()
        # Appends from different tables shared transactions.
        assert commits < tables * appends
    async with await open_store(store_url) as reopened:
        for table_id in ids:
            assert await reopened.tables.load_events(table_id) == numbered(1, appends * per_append)


@scenario
async def test_group_commit_fails_only_the_stale_append(store_url: str) -> None:
    async with await open_store(store_url) as store:
        good, stale = [(await store.tables.create_table({}, random.Random(n))).id for n in (1, 2)]
        await store.tables.append_events(stale, numbered(1, 1))
        writer = EventWriter(store.tables, max_delay=0.05)
        outcomes = await asyncio.gather(
            writer.append(good, numbered(1, 2)),
            writer.append(stale, numbered(1, 1, kind="Forked")),
            return_exceptions=True,
        )
        await writer.close()
        assert outcomes[0] is None and isinstance(outcomes[1], StaleWriterError)
        assert await store.tables.load_events(good) == numbered(1, 2)
        assert await store.tables.load_events(stale) == numbered(1, 1)


@scenario
async def test_closed_writer_flushes_then_refuses_appends(store_url: str) -> None:
    async with await open_store(store_url) as store:
        table = await store.tables.create_table({}, random.Random(1))
        writer = EventWriter(store.tables, max_delay=0.05)
        pending = asyncio.ensure_future(writer.append(table.id, numbered(1, 1)))
        await asyncio.sleep(0)
        await writer.close()
        await pending
        assert await store.tables.last_seq(table.id) == 1
        with pytest.raises(StoreError, match="the event writer is closed"):
            await writer.append(table.id, numbered(2, 1))


@scenario
async def test_group_commit_fails_every_append_at_once_when_the_database_is_down(
    store_url: str,
) -> None:
    async with await open_store(store_url) as store:
        attempts = 0

        async def down(_batch: object, _requests: object = ()) -> None:
            nonlocal attempts
            attempts += 1
            raise StoreUnavailableError("database is unavailable: connection refused")

        store.tables.append_batch = down  # type: ignore[method-assign,assignment]
        writer = EventWriter(store.tables, max_delay=0.05)
        outcomes = await asyncio.gather(
            *(writer.append(table_id, numbered(1, 1)) for table_id in range(5)),
            return_exceptions=True,
        )
        await writer.close()
    assert all(isinstance(outcome, StoreUnavailableError) for outcome in outcomes)
    assert attempts == 1


@scenario
async def test_a_writer_that_remembers_an_old_version_is_stale_then_reads_the_log_again(
    store_url: str,
) -> None:
    async with await open_store(store_url) as ours, await open_store(store_url) as theirs:
        table = await ours.tables.create_table({}, random.Random(1))
        await ours.tables.append_events(table.id, numbered(1, 2))
        await theirs.tables.append_events(table.id, numbered(3, 1))  # another process moved on
        with pytest.raises(StaleWriterError):
            await ours.tables.append_events(table.id, numbered(3, 1))
        with pytest.raises(StaleWriterError, match="is at version 3"):
            await ours.tables.append_events(table.id, numbered(5, 1))
        await ours.tables.append_events(table.id, numbered(4, 1))
        assert await theirs.tables.load_events(table.id) == numbered(1, 4)
