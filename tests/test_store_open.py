"""Opening a store: which database a URL names, migrations, and a database that is down."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Connection, insert, inspect, make_url, text
from sqlalchemy.exc import IntegrityError, OperationalError

from pokernight.store import StoredEvent, StoreUnavailableError, open_store, schema
from pokernight.store import engine as store_engine
from pokernight.store.engine import alembic_config, create_engine, database_url, upgrade_to_head
from tests.async_helpers import scenario
from tests.conftest import free_port

SCHEMA_TABLES = {"tables", "players", "events", "seats", "hands", "ledger_entries"}


@scenario
async def test_reopened_store_sees_everything_written_before(store_url: str) -> None:
    async with await open_store(store_url) as store:
        table = await store.tables.create_table({"seats": 6}, random.Random(3))
        player, token = await store.tables.register_player(table.id, "Ann")
        await store.tables.append_events(table.id, [StoredEvent(1, "Noted", {"a": [1]}, 5.0)])
    async with await open_store(store_url) as reopened:
        assert await reopened.tables.table_by_code(table.code) == table
        assert await reopened.tables.player_by_token(table.id, token) == player
        assert await reopened.tables.load_events(table.id) == [
            StoredEvent(1, "Noted", {"a": [1]}, 5.0)
        ]


def _schema_differences(connection: Connection) -> list[object]:
    context = MigrationContext.configure(connection)
    differences: list[object] = compare_metadata(context, schema.metadata)
    return differences


def _table_names(connection: Connection) -> set[str]:
    return set(inspect(connection).get_table_names())


@scenario
async def test_migrations_create_the_schema_of_the_models_and_rerun_as_a_no_op(
    store_url: str,
) -> None:
    async with await open_store(store_url) as store, store.database.transaction() as connection:
        assert await connection.run_sync(_table_names) >= SCHEMA_TABLES
        await connection.run_sync(upgrade_to_head)  # a second run changes nothing
        assert await connection.run_sync(_schema_differences) == []


@scenario
async def test_event_log_key_refuses_a_second_event_with_one_seq(store_url: str) -> None:
    """The database itself, not only the store's check, keeps one event per version."""

    async with await open_store(store_url) as store:
        table = await store.tables.create_table({}, random.Random(1))
        row = {"table_id": table.id, "seq": 1, "kind": "Noted", "data": {}, "at": 0.0}
        async with store.database.transaction() as connection:
            await connection.execute(insert(schema.events).values(**row))
        with pytest.raises(IntegrityError):
            async with store.database.engine.begin() as connection:
                await connection.execute(insert(schema.events).values(**row))


@scenario
async def test_database_that_is_down_is_one_line_unavailable_error() -> None:
    url = f"postgresql://player:secret@127.0.0.1:{free_port()}/pokernight"
    with pytest.raises(StoreUnavailableError) as raised:
        await open_store(url)
    message = str(raised.value)
    assert "\n" not in message and "secret" not in message
    assert message.startswith("database postgresql+asyncpg://player:***@127.0.0.1")
    assert "is unavailable" in message


@scenario
async def test_sqlite_file_in_a_missing_directory_is_unavailable(tmp_path: Path) -> None:
    with pytest.raises(StoreUnavailableError, match=r"there is no directory .*missing"):
        await open_store(str(tmp_path / "missing" / "pokernight.sqlite3"))


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("mysql://localhost/poker", "'mysql' databases are not supported"),
        ("://nowhere", "is not a database URL"),
        ("postgresql://u@host:port/poker", "is not a database URL"),
    ],
)
def test_unusable_url_is_refused_with_the_reason(url: str, reason: str) -> None:
    with pytest.raises(StoreUnavailableError, match=reason):
        database_url(url)


@scenario
async def test_default_database_is_a_sqlite_file_in_the_working_directory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("POKERNIGHT_DB", raising=False)
    monkeypatch.chdir(tmp_path)
    assert database_url(None).render_as_string() == "sqlite+aiosqlite:///pokernight.sqlite3"
    async with await open_store() as store:
        await store.tables.create_table({}, random.Random(1))
    assert (tmp_path / "pokernight.sqlite3").exists()


@pytest.mark.parametrize(
    ("given", "used"),
    [
        ("/srv/poker.db", "sqlite+aiosqlite:////srv/poker.db"),
        ("postgresql://u@db/poker", "postgresql+asyncpg://u@db/poker"),
        ("postgres://u@db/poker", "postgresql+asyncpg://u@db/poker"),
        ("postgresql+asyncpg://u@db/poker", "postgresql+asyncpg://u@db/poker"),
        ("sqlite:///poker.db", "sqlite+aiosqlite:///poker.db"),
    ],
)
def test_environment_names_the_database(
    monkeypatch: pytest.MonkeyPatch, given: str, used: str
) -> None:
    monkeypatch.setenv("POKERNIGHT_DB", given)
    assert database_url(None).render_as_string() == used


@scenario
async def test_missing_postgres_database_is_unavailable(postgres_url: str) -> None:
    url = make_url(postgres_url).set(database="no_such_database").render_as_string(False)
    with pytest.raises(StoreUnavailableError, match='"no_such_database" does not exist'):
        await open_store(url)


@scenario
async def test_stores_opened_together_migrate_once(store_url: str) -> None:
    stores = await asyncio.gather(*(open_store(store_url) for _ in range(3)))
    for store in stores:
        await store.close()
    async with await open_store(store_url) as store, store.database.transaction() as connection:
        assert await connection.run_sync(_schema_differences) == []


@scenario
async def test_a_new_sqlite_file_another_connection_writes_is_opened_once_it_is_free(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Turning a new file to WAL is refused at once, without the busy timeout, while
    another connection holds the write lock (as an opener migrating it does): the
    opener tries again, and migrates once the lock is free."""
    refusals: list[OperationalError] = []
    sqlite_busy = store_engine._sqlite_busy

    def counted(error: OperationalError) -> bool:
        refusals.append(error)
        return sqlite_busy(error)

    monkeypatch.setattr(store_engine, "_sqlite_busy", counted)
    path = tmp_path / "pokernight.sqlite3"
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    opening = asyncio.ensure_future(open_store(str(path)))
    while not refusals and not opening.done():
        await asyncio.sleep(0.01)
    other.execute("COMMIT")
    other.close()
    async with await opening as store, store.database.transaction() as connection:
        assert await connection.run_sync(_schema_differences) == []
    assert refusals and all(sqlite_busy(error) for error in refusals)


@scenario
async def test_a_table_stored_before_names_were_unique_keeps_both_players(store_url: str) -> None:
    """Revision 0002 gives each stored player a name key; two players of one table who
    were both called Bob (allowed before) both keep their seat tokens."""

    def to_0001_with_two_bobs(connection: Connection) -> None:
        command.upgrade(alembic_config(connection), "0001")
        table = connection.execute(
            text("INSERT INTO tables (code, settings, status, created_at) "
                 "VALUES ('0042', '{}', 'open', 0) RETURNING id")
        ).scalar_one()  # fmt: skip
        for number, name in enumerate(("Bob", "bob", "BOB#2")):
            connection.execute(
                text("INSERT INTO players (table_id, name, token_sha256, created_at) "
                     "VALUES (:table, :name, :token, 0)"),
                {"table": table, "name": name, "token": f"{number:064d}"},
            )  # fmt: skip

    engine = create_engine(database_url(store_url))
    try:
        async with engine.begin() as connection:
            await connection.run_sync(to_0001_with_two_bobs)
    finally:
        await engine.dispose()
    async with await open_store(store_url) as store, store.database.transaction() as connection:
        rows = await connection.execute(text("SELECT name_key FROM players ORDER BY id"))
        keys = [row[0] for row in rows]
    assert len(keys) == len(set(keys)) == 3 and keys[0] == "bob" and keys[1].startswith("bob#")
