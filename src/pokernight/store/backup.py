"""A room's SQLite database copied while it runs, and a copy put back (decision 54).

``backup_sqlite`` copies through SQLite's online backup API, a few megabytes a step, in
one read transaction on the room's file: the copy is one moment of the room, whatever
the room commits meanwhile (WAL: the room's writes do not wait for it, and it does not
start over after each of them, which without the transaction it would, for ever, on a
busy room). Copying the file itself would miss the moves still in its ``-wal`` file.

``restore_sqlite`` copies a backup beside the room's file, checks the copy (SQLite, not
damaged, pokernight's tables, a schema revision this release knows), makes sure no room
has the file open (switching it out of WAL needs every other connection closed), keeps
the file it replaces, and renames the copy into place. Whatever it refuses, it refuses
before the room's file is touched, and the backup itself is only ever read.

PostgreSQL has its own tools: ``pg_dump_command`` and ``pg_restore_command`` say how.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import sqlite3
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import URL

from pokernight.store.engine import BUSY_TIMEOUT_MS, alembic_config, database_url
from pokernight.store.errors import StoreUnavailableError

Progress = Callable[[int, int], None]
"""Called with (done, total) as a copy goes: pages for a backup, bytes for a restore."""

SQLITE_MAGIC = b"SQLite format 3\x00"
PAGES_PER_STEP = 1024
"""Pages copied per backup step (4 MiB of 4 KiB pages): the progress bar moves each step."""
COPY_CHUNK_BYTES = 4 * 1024 * 1024
CORE_TABLES = frozenset({"tables", "players", "events", "seats", "hands", "ledger_entries"})
"""The tables pokernight's first revision made: every pokernight database has them."""
SIBLINGS = ("-wal", "-shm", "-journal")
IN_USE_TIMEOUT_SECONDS = 1.0
"""How long a restore waits for the room's file to be free: a running room never frees it."""
NOTHING_RESTORED = "nothing was restored"


class BackupRefusedError(ValueError):
    """A backup or a restore that was not made, and why, in one line."""


@dataclass(frozen=True, slots=True)
class Schema:
    """A database's schema revision, and this release's."""

    revision: str
    head: str

    @property
    def older(self) -> bool:
        return self.revision != self.head

    @property
    def told(self) -> str:
        if not self.older:
            return f"schema {self.revision}"
        return (
            f"schema {self.revision}, older than this release's {self.head}: the room "
            "migrates it when it next starts"
        )


@dataclass(frozen=True, slots=True)
class Restored:
    schema: Schema
    kept: Path | None
    """The file the backup replaced, renamed beside it (None: there was none)."""


def room_database(url: str | None) -> URL:
    """The database ``url`` names (None: ``$POKERNIGHT_DB``, else the default file)."""
    try:
        return database_url(url)
    except StoreUnavailableError as error:
        raise BackupRefusedError(str(error)) from None


def sqlite_file(address: URL) -> Path:
    """The file of a SQLite ``address``; refused for an in-memory database."""
    if address.database in (None, "", ":memory:"):
        raise BackupRefusedError("an in-memory database has no file to back up or restore")
    return Path(address.database)


def libpq_url(address: URL) -> tuple[str, bool]:
    """``address`` as PostgreSQL's own tools read it, without its password; whether it
    had one (they read it from ``~/.pgpass`` or ``PGPASSWORD``, not from a command line
    that ``ps`` and the shell's history show)."""
    query = dict(address.query)
    if "ssl" in query and "sslmode" not in query:  # asyncpg's name for libpq's sslmode
        query["sslmode"] = query.pop("ssl")
    plain = URL.create(
        "postgresql",
        username=address.username,
        host=address.host,
        port=address.port,
        database=address.database,
        query=query,
    )
    return plain.render_as_string(hide_password=False), address.password is not None


def pg_dump_command(address: URL, file: str) -> str:
    url, _ = libpq_url(address)
    return f"pg_dump --format=custom --file={shlex.quote(file)} {shlex.quote(url)}"


def pg_restore_command(address: URL, file: str) -> str:
    url, _ = libpq_url(address)
    return (
        f"pg_restore --clean --if-exists --no-owner --dbname={shlex.quote(url)} {shlex.quote(file)}"
    )


def head_revision() -> tuple[str, list[str]]:
    """This release's head revision, and every revision it knows."""
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(alembic_config())
    head = script.get_current_head()
    assert head is not None  # the package ships its migrations
    return head, [revision.revision for revision in script.walk_revisions()]


def schema_of(connection: sqlite3.Connection, name: Path) -> Schema:
    """The schema of the pokernight database ``connection`` reads (``name`` in messages);
    refused if it is not one, or is newer than this release."""
    tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    if not CORE_TABLES.issubset(tables) or "alembic_version" not in tables:
        raise BackupRefusedError(
            f"{name} is a SQLite database but not pokernight's: it has no pokernight tables "
            "and schema revision"
        )
    rows = connection.execute("SELECT version_num FROM alembic_version").fetchall()
    if len(rows) != 1:
        raise BackupRefusedError(f"{name} has no single schema revision: not pokernight's")
    revision = str(rows[0][0])
    head, known = head_revision()
    if revision not in known:
        raise BackupRefusedError(
            f"{name} is a pokernight database of a newer schema (revision {revision}; this "
            f"release knows up to {head}): use the pokernight that made it, or upgrade "
            "pokernight first"
        )
    return Schema(revision, head)


def is_sqlite(path: Path) -> bool:
    with path.open("rb") as file:
        return file.read(len(SQLITE_MAGIC)) == SQLITE_MAGIC


def _open(path: Path) -> sqlite3.Connection:
    """A connection to the existing file ``path`` (never creating it), in autocommit:
    transactions are begun and ended here, by name."""
    connection = sqlite3.connect(
        f"{path.resolve().as_uri()}?mode=rw", uri=True, isolation_level=None
    )
    connection.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    return connection


def _same_file(one: Path, other: Path) -> bool:
    return one.exists() and other.exists() and os.path.samefile(one, other)


def _partial(beside: Path, what: str) -> Path:
    """A file of our own in ``beside``'s directory, renamed onto ``beside`` once complete."""
    return beside.with_name(f".{beside.name}.{what}-{os.getpid()}")


def _remove_with_siblings(path: Path) -> None:
    for name in (path, *(Path(f"{path}{suffix}") for suffix in SIBLINGS)):
        name.unlink(missing_ok=True)


def backup_sqlite(
    source: Path,
    destination: Path,
    *,
    force: bool = False,
    progress: Progress | None = None,
    pages_per_step: int = PAGES_PER_STEP,
) -> Schema:
    """Copy the pokernight database ``source``, running or not, to ``destination``: one
    file, with no ``-wal`` beside it. Its schema."""
    if not source.is_file():
        raise BackupRefusedError(
            f"there is no database at {source}: give --db (the room's file or URL)"
        )
    if destination.is_dir():
        raise BackupRefusedError(f"{destination} is a directory: name the backup's file")
    if _same_file(source, destination):
        raise BackupRefusedError(f"{destination} is the room's database itself")
    if destination.exists() and not force:
        raise BackupRefusedError(
            f"{destination} already exists: give --force to replace it (nothing was written)"
        )
    if not destination.parent.is_dir():
        raise BackupRefusedError(f"there is no directory {destination.parent} for {destination}")
    if not is_sqlite(source):
        raise BackupRefusedError(f"{source} is not a SQLite database: not a pokernight room's")
    partial = _partial(destination, "partial")
    try:
        room = _open(source)
        try:
            room.execute("BEGIN")  # the read transaction: reading the schema starts it
            schema = schema_of(room, source)
            copy = sqlite3.connect(partial, isolation_level=None)
            try:

                def stepped(_status: int, remaining: int, total: int) -> None:
                    if progress is not None:
                        progress(total - remaining, total)

                room.backup(copy, pages=pages_per_step, progress=stepped)
                # One file, as a backup should be: the room turns it back to WAL.
                copy.execute("PRAGMA journal_mode=DELETE")
            finally:
                copy.close()
            room.execute("ROLLBACK")
        finally:
            room.close()
        for suffix in SIBLINGS:  # an old backup's -wal would be replayed into the new one
            Path(f"{destination}{suffix}").unlink(missing_ok=True)
        os.replace(partial, destination)
    except sqlite3.DatabaseError as error:
        raise BackupRefusedError(f"cannot back up {source}: {error}") from None
    finally:
        _remove_with_siblings(partial)
    return schema


def restore_sqlite(backup: Path, target: Path, *, progress: Progress | None = None) -> Restored:
    """Put the pokernight backup ``backup`` in place as the database ``target`` of a
    stopped room; the file it replaces is kept beside it."""
    if not backup.is_file():
        raise BackupRefusedError(f"there is no file {backup} ({NOTHING_RESTORED})")
    if _same_file(backup, target):
        raise BackupRefusedError(f"{backup} is the room's database itself ({NOTHING_RESTORED})")
    if not target.parent.is_dir():
        raise BackupRefusedError(
            f"there is no directory {target.parent} for the room's database ({NOTHING_RESTORED})"
        )
    if not is_sqlite(backup):
        raise BackupRefusedError(
            f"{backup} is not a pokernight backup: it is not a SQLite database at all "
            f"({NOTHING_RESTORED})"
        )
    partial = _partial(target, "restoring")
    try:
        # The checks read a copy: opening the backup itself could write beside it (a
        # -wal, a -shm) or into it (a checkpoint).
        _copy(backup, partial, progress)
        schema = _checked(partial, backup)
        with _unused(target):
            kept = _keep(target) if target.exists() else None
            for suffix in SIBLINGS:  # a stale -wal would be replayed into the backup
                Path(f"{target}{suffix}").unlink(missing_ok=True)
            os.replace(partial, target)
    finally:
        _remove_with_siblings(partial)
    return Restored(schema, kept)


def _copy(source: Path, destination: Path, progress: Progress | None) -> None:
    total = source.stat().st_size
    done = 0
    with source.open("rb") as reading, destination.open("xb") as writing:
        while chunk := reading.read(COPY_CHUNK_BYTES):
            writing.write(chunk)
            done += len(chunk)
            if progress is not None:
                progress(done, total)
        writing.flush()
        os.fsync(writing.fileno())


def _checked(copy: Path, name: Path) -> Schema:
    """The schema of the backup ``name``, read from its ``copy``; refused if it is damaged,
    not pokernight's or newer than this release. The copy is left a file of one piece."""
    try:
        connection = _open(copy)
        try:
            verdict = connection.execute("PRAGMA quick_check").fetchone()
            if verdict is None or verdict[0] != "ok":
                said = "no answer" if verdict is None else str(verdict[0]).splitlines()[0]
                raise BackupRefusedError(
                    f"{name} is damaged (SQLite's check: {said}) ({NOTHING_RESTORED})"
                )
            schema = schema_of(connection, name)
            connection.execute("PRAGMA journal_mode=DELETE")
        finally:
            connection.close()
    except BackupRefusedError as refusal:
        if NOTHING_RESTORED in str(refusal):
            raise
        raise BackupRefusedError(f"{refusal} ({NOTHING_RESTORED})") from None
    except sqlite3.DatabaseError as error:
        if getattr(error, "sqlite_errorname", "").startswith("SQLITE_CORRUPT"):
            raise BackupRefusedError(
                f"{name} is damaged (SQLite: {error}) ({NOTHING_RESTORED})"
            ) from None
        raise BackupRefusedError(
            f"{name} is not a pokernight backup: SQLite cannot read it ({error}) "
            f"({NOTHING_RESTORED})"
        ) from None
    return schema


@contextlib.contextmanager
def _unused(target: Path) -> Iterator[None]:
    """Holds ``target`` (if it is a SQLite file) so that nobody else opens it; refused if
    somebody has it open: a running room.

    Leaving WAL needs every other connection closed (SQLite says "database is locked"
    otherwise), and a room keeps its connections open while it runs; the exclusive lock
    taken then keeps a room that starts meanwhile waiting until the file is replaced.
    """
    if not target.exists() or not is_sqlite(target):
        yield
        return
    connection = _open(target)
    try:
        connection.execute(f"PRAGMA busy_timeout={int(IN_USE_TIMEOUT_SECONDS * 1000)}")
        try:
            mode = connection.execute("PRAGMA journal_mode=DELETE").fetchone()
            connection.execute("BEGIN EXCLUSIVE")
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) and "busy" not in str(error):
                raise
            mode = None
        if mode is None or mode[0] != "delete":
            raise BackupRefusedError(
                f"the room's database {target} is in use: stop pokernight serve (and whatever "
                f"else has it open), then restore ({NOTHING_RESTORED})"
            )
        yield
        connection.execute("ROLLBACK")
    finally:
        connection.close()


def _keep(target: Path) -> Path:
    """Rename ``target`` aside, to a name of its own; that name."""
    stem = f"{target.name}.replaced-{time.strftime('%Y%m%d-%H%M%S')}"
    kept, number = target.with_name(stem), 1
    while kept.exists():
        number += 1
        kept = target.with_name(f"{stem}-{number}")
    os.replace(target, kept)
    return kept
