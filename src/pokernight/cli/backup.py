"""``pokernight backup FILE``: copy the room's SQLite database, safely, while it runs.

SQLite's online backup API copies the database as it is at one moment, the moves still
in its ``-wal`` file included, while the room goes on playing and writing. FILE is one
self-contained SQLite file; ``pokernight restore FILE`` puts it back. For a PostgreSQL
room the command prints the ``pg_dump`` line to use instead (docs/deploy.md, "Backups").
"""

from __future__ import annotations

import argparse
from pathlib import Path

from pokernight.cli.room_file import (
    DB_HELP,
    file_size,
    postgresql_told,
    progress_bar,
    room_database,
)
from pokernight.cli.types import Subparsers


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "backup",
        help="copy the room's SQLite database to FILE, safely while the room runs",
        description=__doc__.split("\n\n", 1)[1] if __doc__ else None,
    )
    parser.add_argument("file", metavar="FILE", type=Path, help="the backup file to write")
    parser.add_argument("--db", metavar="URL", help=DB_HELP)
    parser.add_argument("--force", action="store_true", help="replace FILE if it exists")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from pokernight.store.backup import backup_sqlite, pg_dump_command, sqlite_file

    address = room_database(args.db)
    if address.get_backend_name() != "sqlite":
        line = pg_dump_command(address, str(args.file))
        return postgresql_told(
            "backup", address, "back it up with pg_dump, safe while the room runs", line
        )
    source = sqlite_file(address)
    with progress_bar("backing up", file_size(source)) as progress:
        schema = backup_sqlite(source, args.file, force=args.force, progress=progress)
    print(f"backed up {source} ({schema.told}) to {args.file} ({_size(file_size(args.file))})")
    return 0


def _size(size: int) -> str:
    amount, unit = float(size), "bytes"
    for bigger in ("KiB", "MiB", "GiB"):
        if amount < 1024:
            break
        amount, unit = amount / 1024, bigger
    return f"{size} bytes" if unit == "bytes" else f"{amount:.1f} {unit}"
