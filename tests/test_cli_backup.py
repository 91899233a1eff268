"""``pokernight backup`` and ``pokernight restore``: a running room's SQLite file copied,
and put back in a new room that finishes the hand; and each refusal, changing nothing."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine

from pokernight.cli.main import main
from pokernight.client import TableClient, create_table, request_json
from pokernight.store import open_store
from pokernight.store.backup import backup_sqlite, head_revision
from pokernight.store.engine import alembic_config
from tests.async_helpers import run
from tests.server_helpers import (
    HOLDEM,
    act_once,
    close_all,
    open_table,
    passive,
    play_hands_then_pause,
    scenario,
    seat_and_start,
    serving,
    settle,
)

BUY_IN = 500


async def made_room(path: Path) -> Path:
    """An empty pokernight database at ``path``, as ``pokernight serve`` leaves it."""
    store = await open_store(str(path))
    await store.close()
    return path


def new_room(path: Path) -> Path:
    """``made_room``, for a test that runs no event loop of its own."""
    return run(made_room(path))


@contextlib.contextmanager
def connected(path: Path) -> Iterator[sqlite3.Connection]:
    """A connection to ``path`` in autocommit, closed at the end of the block."""
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        yield connection
    finally:
        connection.close()


def files(folder: Path) -> dict[str, bytes]:
    """Every file in ``folder`` and its bytes (SQLite's shared-memory index aside: readers
    write their marks in it)."""
    return {
        path.name: path.read_bytes()
        for path in sorted(folder.iterdir())
        if path.is_file() and not path.name.endswith("-shm")
    }


def dump(path: Path) -> str:
    """The database at ``path`` as SQL."""
    with connected(path) as connection:
        return "\n".join(connection.iterdump())


def revision(path: Path) -> str:
    with connected(path) as connection:
        (found,) = connection.execute("SELECT version_num FROM alembic_version").fetchone()
    return str(found)


# A backup of a room mid-hand, restored into a new room, which finishes the hand ----------


@scenario
async def test_a_backup_of_a_room_mid_hand_restored_in_a_new_room_finishes_the_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old, new, backup = tmp_path / "old", tmp_path / "new", tmp_path / "nightly.sqlite3"
    old.mkdir()
    new.mkdir()
    async with serving(old) as url:
        code, clients = await open_table(url, HOLDEM, players=3)
        await seat_and_start(clients, buy_in=BUY_IN)
        for _ in range(3):  # the preflop: a call, a call, a check
            await act_once(clients, passive)
        # The latest moves are in the -wal beside the file: a copy of the file lacks them.
        assert (old / "room.sqlite3-wal").stat().st_size > 0
        # Taken while the room serves and a player acts: it holds one moment or the next.
        backed_up, _ = await asyncio.gather(
            asyncio.to_thread(main, ["backup", str(backup), "--db", str(old / "room.sqlite3")]),
            act_once(clients, passive),
        )
        assert backed_up == 0
        tokens = [client.token for client in clients]
        await close_all(clients)
    said = capsys.readouterr().out
    assert f"to {backup}" in said and f"schema {head_revision()[0]}" in said
    assert not [path for path in tmp_path.iterdir() if path.name.startswith(".")]
    with connected(backup) as connection:
        (at,) = connection.execute("SELECT max(seq) FROM events").fetchone()
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("delete",)

    assert main(["restore", str(backup), "--db", str(new / "room.sqlite3")]) == 0
    assert f"restored {backup} as the room's database {new / 'room.sqlite3'}" in (
        capsys.readouterr().out
    )
    async with serving(new) as url:
        clients = [TableClient(url, code, token) for token in tokens]
        for client in clients:
            await client.connect()
        # The new room is at the backup's moment: the first hand in play, on the flop, the
        # turn's clock restarted as the room took the table up (one version: decision 81).
        await settle(clients, at + 1)
        assert {client.state.version for client in clients} == {at + 1}
        hand = clients[0].state.hand
        assert hand is not None and hand["hand_number"] == 1
        await play_hands_then_pause(clients, 1, passive)
        ledger = await request_json(url, "GET", f"/api/tables/{code}/ledger")
        info = await request_json(url, "GET", f"/api/tables/{code}")
        await close_all(clients)
    bought = sum(account["bought_in"] for account in ledger["accounts"])
    assert bought == 3 * BUY_IN
    assert sum(account["at_table"] for account in ledger["accounts"]) == bought
    assert sum(account["net"] for account in ledger["accounts"]) == 0
    if info["hand_number"] == 1:  # the next hand had not begun: the stacks are final
        assert sum(seat["stack"] for seat in info["seats"]) == bought


def test_a_backup_is_one_moment_while_another_connection_commits(tmp_path: Path) -> None:
    """A step at a time, as for the progress bar, under a writer that never stops: the
    copy does not start over at each commit, and holds one moment of the room."""
    room = new_room(tmp_path / "room.sqlite3")
    with connected(room) as setup:  # a room of 4 MB: a thousand pages or so
        setup.execute("PRAGMA journal_mode=WAL")
        setup.execute("CREATE TABLE filler (n INTEGER, blob BLOB)")
        setup.execute(
            "WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < 2000) "
            "INSERT INTO filler SELECT -n, randomblob(2000) FROM k"
        )
    stop = threading.Event()
    committed: list[int] = []

    def write() -> None:
        with connected(room) as writer:
            writer.execute("PRAGMA busy_timeout=5000")
            number = 0
            while not stop.is_set():
                number += 1
                writer.execute("INSERT INTO filler VALUES (?, randomblob(2000))", (number,))
                committed.append(number)

    steps: list[tuple[int, int]] = []
    writer = threading.Thread(target=write)
    writer.start()
    try:
        while len(committed) < 10:
            stop.wait(0.001)
        backup_sqlite(
            room,
            tmp_path / "backup.sqlite3",
            progress=lambda done, total: steps.append((done, total)),
            pages_per_step=4,
        )
        during = len(committed)
    finally:
        stop.set()
        writer.join()
    assert len(steps) > 10 and during > 10
    # Never started over: what is done only grows, in as many steps as the pages need.
    assert all(one[0] < other[0] for one, other in itertools.pairwise(steps))
    with connected(tmp_path / "backup.sqlite3") as copy:
        assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        count, last = copy.execute("SELECT count(*), max(n) FROM filler WHERE n > 0").fetchone()
    assert count == last and 10 <= last <= during  # the rows up to one commit, no more


# The refusals: each names the file and its reason, and changes nothing ------------------


def not_sqlite(path: Path) -> None:
    path.write_text("nightly backup\n")


def sqlite_of_another_program(path: Path) -> None:
    with connected(path) as connection:
        connection.execute("CREATE TABLE recipes (name TEXT)")
        connection.execute("CREATE TABLE alembic_version (version_num TEXT)")
        connection.execute("INSERT INTO alembic_version VALUES ('ae1027a6acf')")


def of_a_newer_schema(path: Path) -> None:
    new_room(path)
    with connected(path) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '9999'")


def damaged(path: Path) -> None:
    new_room(path)
    data = bytearray(path.read_bytes())
    data[4096 * 2 : 4096 * 4] = b"\xff" * 4096 * 2  # two pages of the tables overwritten
    path.write_bytes(bytes(data))


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (not_sqlite, "is not a pokernight backup: it is not a SQLite database at all"),
        (
            sqlite_of_another_program,
            "is a SQLite database but not pokernight's: it has no pokernight tables",
        ),
        (of_a_newer_schema, "is a pokernight database of a newer schema (revision 9999; this "),
        (damaged, "is damaged (SQLite"),
    ],
)
def test_restore_refuses_a_file_that_is_not_a_backup_it_can_restore(
    tmp_path: Path, make: object, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert callable(make)
    room = new_room(tmp_path / "room.sqlite3")
    make(tmp_path / "backup.sqlite3")
    before = files(tmp_path)
    assert main(["restore", str(tmp_path / "backup.sqlite3"), "--db", str(room)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"pokernight restore: {tmp_path / 'backup.sqlite3'} {said}"), err
    assert err.rstrip().endswith("(nothing was restored)") and err.count("\n") == 1
    assert files(tmp_path) == before


def test_the_message_for_a_newer_schema_names_this_releases_head(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    of_a_newer_schema(tmp_path / "backup.sqlite3")
    room = tmp_path / "room.sqlite3"
    assert main(["restore", str(tmp_path / "backup.sqlite3"), "--db", str(room)]) == 2
    err = capsys.readouterr().err
    assert f"this release knows up to {head_revision()[0]}): use the pokernight that " in err
    assert not room.exists()


@scenario
async def test_restore_refuses_the_database_of_a_running_room(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    backup = await made_room(tmp_path / "backup.sqlite3")
    room = tmp_path / "room.sqlite3"
    async with serving(tmp_path) as url:
        code = (await create_table(url, "host", HOLDEM))["code"]
        before = files(tmp_path)
        refused = await asyncio.to_thread(main, ["restore", str(backup), "--db", str(room)])
        after = files(tmp_path)
        assert (await request_json(url, "GET", f"/api/tables/{code}"))["code"] == code
    assert refused == 2
    assert capsys.readouterr().err == (
        f"pokernight restore: the room's database {room} is in use: stop pokernight serve "
        "(and whatever else has it open), then restore (nothing was restored)\n"
    )
    assert after == before


def test_restore_replaces_a_stopped_rooms_database_and_keeps_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    room = new_room(tmp_path / "room.sqlite3")
    with connected(room) as connection:  # the stopped room had something of its own
        connection.execute("CREATE TABLE mine (n INTEGER)")
    replaced = dump(room)
    backup = new_room(tmp_path / "backup.sqlite3")
    assert main(["restore", str(backup), "--db", str(room)]) == 0
    out = capsys.readouterr().out
    (kept,) = tmp_path.glob("room.sqlite3.replaced-*")
    assert f"the database it replaced is kept as {kept}\n" in out
    # The same databases (the kept one, and the restored one, out of WAL: one file each).
    assert dump(kept) == replaced and dump(room) == dump(backup)
    assert "mine" in replaced and "mine" not in dump(room)
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(
        ["backup.sqlite3", "room.sqlite3", kept.name]
    )


def test_an_older_schema_is_restored_and_said_to_be_migrated_at_the_next_start(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    head, known = head_revision()
    older = known[1]  # the revision before the head (newest first)
    backup = tmp_path / "backup.sqlite3"
    engine = create_engine(f"sqlite:///{backup}")
    with engine.begin() as connection:
        from alembic import command

        command.upgrade(alembic_config(connection), older)
    engine.dispose()
    room = tmp_path / "room.sqlite3"
    assert main(["restore", str(backup), "--db", str(room)]) == 0
    assert (
        f"(schema {older}, older than this release's {head}: the room migrates it when it "
        "next starts)" in capsys.readouterr().out
    )
    assert revision(room) == older
    new_room(room)  # the room starting on it
    assert revision(room) == head


def test_backup_refuses_to_overwrite_a_file_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    room = new_room(tmp_path / "room.sqlite3")
    (tmp_path / "backup.sqlite3").write_text("last night's")
    before = files(tmp_path)
    assert main(["backup", str(tmp_path / "backup.sqlite3"), "--db", str(room)]) == 2
    assert capsys.readouterr().err == (
        f"pokernight backup: {tmp_path / 'backup.sqlite3'} already exists: give --force to "
        "replace it (nothing was written)\n"
    )
    assert files(tmp_path) == before
    assert main(["backup", str(tmp_path / "backup.sqlite3"), "--db", str(room), "--force"]) == 0
    assert revision(tmp_path / "backup.sqlite3") == head_revision()[0]


def test_backup_refuses_the_rooms_own_file_and_a_file_not_pokernights(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    room = new_room(tmp_path / "room.sqlite3")
    sqlite_of_another_program(tmp_path / "recipes.sqlite3")
    before = files(tmp_path)
    assert main(["backup", str(room), "--db", str(room), "--force"]) == 2
    assert main(["backup", "copy.sqlite3", "--db", str(tmp_path / "recipes.sqlite3")]) == 2
    assert main(["backup", "copy.sqlite3", "--db", str(tmp_path / "none.sqlite3")]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"pokernight backup: {room} is the room's database itself",
        f"pokernight backup: {tmp_path / 'recipes.sqlite3'} is a SQLite database but not "
        "pokernight's: it has no pokernight tables and schema revision",
        f"pokernight backup: there is no database at {tmp_path / 'none.sqlite3'}: give --db "
        "(the room's file or URL)",
    ]
    assert files(tmp_path) == before


@pytest.mark.parametrize(
    ("command", "said"),
    [
        (
            "backup",
            [
                "pokernight backup: the room's database is PostgreSQL: back it up with pg_dump, "
                "safe while the room runs (nothing was done here):",
                "    pg_dump --format=custom --file='night 1.dump' "
                "postgresql://poker@db.home:5433/poker",
                "    (without the URL's password: it reads it from ~/.pgpass or $PGPASSWORD)",
            ],
        ),
        (
            "restore",
            [
                "pokernight restore: the room's database is PostgreSQL: restore a pg_dump "
                "backup with pg_restore, the room stopped (nothing was done here):",
                "    pg_restore --clean --if-exists --no-owner "
                "--dbname=postgresql://poker@db.home:5433/poker 'night 1.dump'",
                "    (without the URL's password: it reads it from ~/.pgpass or $PGPASSWORD)",
            ],
        ),
    ],
)
def test_a_postgresql_room_is_told_its_own_tools_and_nothing_is_done(
    command: str,
    said: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "night 1.dump").write_bytes(b"PGDMP")
    before = files(tmp_path)
    url = "postgres://poker:secret@db.home:5433/poker"
    monkeypatch.setenv("DATABASE_URL", url)  # as serve reads it
    assert main([command, "night 1.dump"]) == 2
    captured = capsys.readouterr()
    assert captured.err.splitlines() == said and captured.out == ""
    assert "secret" not in captured.err
    assert files(tmp_path) == before
