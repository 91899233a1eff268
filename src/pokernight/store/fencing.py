"""Fencing epochs (decision 39): a table's newest owner among several processes, enforced
in the same transaction as the events it saves.

A process that takes a table's lease raises the table's epoch here before it reads the
log; every save it makes then names that epoch, and a save naming an older one is
refused. The row is read ``FOR SHARE``: saves by the owner do not wait for each other,
but a new owner's raise waits for a save in flight, and every save after the raise sees
it. One process alone (no ``--redis``) never raises an epoch and nothing is checked.
"""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy import Connection, select, update

from pokernight.store import schema
from pokernight.store.errors import FencedOffError, StoreError

_TABLES = schema.tables


def raise_epoch(connection: Connection, table_id: int) -> int:
    """The table's next epoch, now its newest: the caller is the table's owner from here."""
    epoch = connection.execute(
        update(_TABLES)
        .where(_TABLES.c.id == table_id)
        .values(epoch=_TABLES.c.epoch + 1)
        .returning(_TABLES.c.epoch)
    ).scalar_one_or_none()
    if epoch is None:
        raise StoreError(f"there is no table {table_id}")
    return int(epoch)


def check_epochs(connection: Connection, epochs: Mapping[int, int]) -> None:
    """``FencedOffError`` unless each table's epoch is still the one its writer holds."""
    if not epochs:
        return
    rows = connection.execute(
        select(_TABLES.c.id, _TABLES.c.epoch)
        .where(_TABLES.c.id.in_(epochs))
        .with_for_update(read=True)
    )
    for table_id, newest in rows:
        if newest != epochs[table_id]:
            raise FencedOffError(
                f"table {table_id} has a newer owner (epoch {newest}, this process holds "
                f"{epochs[table_id]}): nothing was saved"
            )
