"""Fencing epochs (decision 39): a table's newest owner among several processes, and a
tournament's director's (issue 35), enforced in the same transaction as the events saved.

A process that takes a lease raises the table's (or tournament's) epoch here before it
reads the log; every save it makes then names that epoch, and a save naming an older one
is refused. The row is read ``FOR SHARE``: saves by the owner do not wait for each other,
but a new owner's raise waits for a save in flight, and every save after the raise sees
it. One process alone (no ``--redis``) never raises an epoch and nothing is checked.
"""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy import Connection, Table, select, update

from pokernight.store import schema
from pokernight.store.errors import FencedOffError, StoreError

TABLES = schema.tables
TOURNAMENTS = schema.tournaments
_NAMES = {TABLES.name: "table", TOURNAMENTS.name: "tournament"}


def raise_epoch(connection: Connection, table_id: int, rows: Table = TABLES) -> int:
    """The next epoch of ``rows``' row ``table_id`` (a table's, or a tournament's), now its
    newest: the caller is its owner from here."""
    epoch = connection.execute(
        update(rows)
        .where(rows.c.id == table_id)
        .values(epoch=rows.c.epoch + 1)
        .returning(rows.c.epoch)
    ).scalar_one_or_none()
    if epoch is None:
        raise StoreError(f"there is no {_NAMES[rows.name]} {table_id}")
    return int(epoch)


def check_epochs(connection: Connection, epochs: Mapping[int, int], rows: Table = TABLES) -> None:
    """``FencedOffError`` unless each row's epoch is still the one its writer holds."""
    if not epochs:
        return
    found = connection.execute(
        select(rows.c.id, rows.c.epoch).where(rows.c.id.in_(epochs)).with_for_update(read=True)
    )
    for row_id, newest in found:
        if newest != epochs[row_id]:
            raise FencedOffError(
                f"{_NAMES[rows.name]} {row_id} has a newer owner (epoch {newest}, this "
                f"process holds {epochs[row_id]}): nothing was saved"
            )
