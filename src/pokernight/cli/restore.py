"""``pokernight restore FILE``: put a backup back as the room's SQLite database.

Stop the room first: a database in use is refused. FILE is checked before anything is
changed: it must be a pokernight database (from ``pokernight backup``), undamaged, and
of a schema this release knows; an older one is migrated when the room next starts.
The database it replaces is kept beside it (``NAME.replaced-DATE-TIME``). For a
PostgreSQL room the command prints the ``pg_restore`` line to use instead.
"""

from __future__ import annotations

import argparse
import shlex
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
        "restore",
        help="put a backup back as the room's database (stop the room first)",
        description=__doc__.split("\n\n", 1)[1] if __doc__ else None,
    )
    parser.add_argument("file", metavar="FILE", type=Path, help="the backup to restore")
    parser.add_argument("--db", metavar="URL", help=DB_HELP)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from pokernight.store.backup import pg_restore_command, restore_sqlite, sqlite_file

    address = room_database(args.db)
    if address.get_backend_name() != "sqlite":
        line = pg_restore_command(address, str(args.file))
        advice = "restore a pg_dump backup with pg_restore, the room stopped"
        return postgresql_told("restore", address, advice, line)
    target = sqlite_file(address)
    with progress_bar("restoring", file_size(args.file)) as progress:
        restored = restore_sqlite(args.file, target, progress=progress)
    print(f"restored {args.file} as the room's database {target} ({restored.schema.told})")
    if restored.kept is not None:
        print(f"the database it replaced is kept as {restored.kept}")
    again = "pokernight serve" + (f" --db {shlex.quote(args.db)}" if args.db else "")
    print(f"start the room again: {again}")
    return 0
