"""Tables and players in the store, on SQLite and PostgreSQL."""

from __future__ import annotations

import random
from collections.abc import Mapping

import pytest
from sqlalchemy import func, insert, select
from sqlalchemy.exc import IntegrityError

from pokernight.store import (
    ImportedTable,
    StaleWriterError,
    StoredEvent,
    StoreError,
    TableRecord,
    open_store,
    schema,
)
from pokernight.store.schema import TableStatus
from pokernight.table import TableOpened, TableSettings
from tests.async_helpers import scenario


class RepeatingRandom(random.Random):
    """An RNG whose draws come from a script: a way to force code collisions."""

    def __init__(self, draws: list[int]) -> None:
        super().__init__(0)
        self.draws = draws

    def randrange(self, *_args: object, **_kwargs: object) -> int:
        return self.draws.pop(0)


@scenario
async def test_table_codes_are_four_digits_and_unique_among_open_tables(store_url: str) -> None:
    async with await open_store(store_url) as store:
        rng = RepeatingRandom([42, 42, 42, 7, 42])
        first = await store.tables.create_table({"seats": 6}, rng)
        second = await store.tables.create_table({"seats": 9}, rng)
        assert (first.code, second.code) == ("0042", "0007")
        await store.tables.close_table(first.id)
        third = await store.tables.create_table({}, rng)
        assert third.code == "0042"  # a closed table's code is free again
        assert await store.tables.table_by_code("0042") == third
        assert [table.id for table in await store.tables.open_tables()] == [second.id, third.id]
        closed = await store.tables.table(first.id)
        assert closed is not None and closed.status == TableStatus.CLOSED


@scenario
async def test_database_refuses_two_open_tables_with_one_code(store_url: str) -> None:
    async with await open_store(store_url) as store:
        row = {"code": "1234", "settings": {}, "created_at": 0.0}
        async with store.database.transaction() as connection:
            await connection.execute(insert(schema.tables).values(**row, status="closed"))
            await connection.execute(insert(schema.tables).values(**row, status="open"))
        with pytest.raises(IntegrityError):
            async with store.database.engine.begin() as connection:
                await connection.execute(insert(schema.tables).values(**row, status="open"))


@scenario
async def test_settings_are_updated_and_a_missing_table_is_named(store_url: str) -> None:
    async with await open_store(store_url) as store:
        table = await store.tables.create_table({"seats": 6}, random.Random(1))
        await store.tables.update_settings(table.id, {"seats": 9, "variant": "plo"})
        updated = await store.tables.table(table.id)
        assert updated is not None and updated.settings == {"seats": 9, "variant": "plo"}
        assert await store.tables.table(table.id + 1) is None
        with pytest.raises(StoreError, match=f"there is no table {table.id + 1}"):
            await store.tables.close_table(table.id + 1)


@scenario
async def test_player_is_found_by_their_token_and_not_by_another(store_url: str) -> None:
    async with await open_store(store_url) as store:
        table = await store.tables.create_table({}, random.Random(1))
        other_table = await store.tables.create_table({}, random.Random(2))
        ann, ann_token = await store.tables.register_player(table.id, "Ann")
        bob, bob_token = await store.tables.register_player(table.id, "Bob")
        assert len(ann_token) >= 43 and ann_token != bob_token  # 32 bytes, url-safe
        assert await store.tables.player_by_token(table.id, ann_token) == ann
        assert await store.tables.player_by_token(table.id, bob_token) == bob
        assert await store.tables.player_by_token(table.id, ann_token[:-1]) is None
        assert await store.tables.player_by_token(other_table.id, ann_token) is None


@scenario
async def test_only_the_hash_of_a_seat_token_is_stored(store_url: str) -> None:
    async with await open_store(store_url) as store:
        table = await store.tables.create_table({}, random.Random(1))
        _, token = await store.tables.register_player(table.id, "Ann")
        async with store.database.transaction() as connection:
            rows = (await connection.execute(schema.players.select())).mappings().all()
        assert token not in str([dict(row) for row in rows])


@scenario
async def test_an_imported_table_is_closed_to_play_and_takes_a_code_never_used(
    store_url: str,
) -> None:
    async with await open_store(store_url) as store:
        played = await store.tables.create_table({}, RepeatingRandom([42]))
        await store.tables.close_table(played.id)
        new = ImportedTable({"seats": 6}, RepeatingRandom([42, 7]))

        def log(record: TableRecord, ids: Mapping[str, str]) -> list[StoredEvent]:
            opened = TableOpened(TableSettings(), ids["host"])
            return [StoredEvent.of(1, opened, 0.0)]

        imported = await store.tables.import_table(new, {"host": "PHH import"}, log)
        assert imported.code == "0007", "a closed table's history is not hidden"
        assert imported.status == TableStatus.IMPORTED
        assert await store.tables.table_by_code("0007") is None
        assert await store.tables.open_tables() == []
        assert await store.tables.latest_table_by_code("0007") == imported
        (stored,) = await store.tables.load_events(imported.id)
        assert stored.data["host"] == str(
            (await store.tables.players_never_seated(imported.id))[0].id
        )


@scenario
async def test_an_import_that_fails_stores_nothing(store_url: str) -> None:
    async with await open_store(store_url) as store:
        new = ImportedTable({}, random.Random(1))

        def log(record: TableRecord, ids: Mapping[str, str]) -> list[StoredEvent]:
            return [StoredEvent.of(2, TableOpened(TableSettings(), None), 0.0)]  # not seq 1

        with pytest.raises(StaleWriterError):
            await store.tables.import_table(new, {"a": "Ann"}, log)
        async with store.database.transaction() as connection:
            for table in (schema.tables, schema.players, schema.events):
                assert (
                    await connection.execute(select(func.count()).select_from(table))
                ).scalar_one() == 0
