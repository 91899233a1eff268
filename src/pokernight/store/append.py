"""Appending a group commit to the event log: the body of one write transaction.

Synchronous on purpose: on SQLite the whole transaction runs as ONE call
(``sqlite_writer``), instead of a dozen statements each waiting for a turn of
a busy event loop; on PostgreSQL the same function runs through
``AsyncConnection.run_sync``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import Connection, func, insert, select
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError

from pokernight.store import fencing, schema
from pokernight.store.errors import StaleWriterError, StoreError
from pokernight.store.projections import project
from pokernight.store.records import HandledRequest, StoredEvent

TableEvents = tuple[int, Sequence[StoredEvent]]
TableRequest = tuple[int, HandledRequest]
_APPEND = insert(schema.events)
"""Built once, as the projections' statements are: building one costs more than running it."""


def append_batch(
    connection: Connection,
    batch: Sequence[TableEvents],
    known: Mapping[int, int],
    requests: Sequence[TableRequest] = (),
    epochs: Mapping[int, int] | None = None,
) -> dict[int, int]:
    """Append each table's events, with their projections and the requests that caused
    them, in ``connection``'s transaction.

    ``known`` holds the last seq of tables whose log this process wrote last;
    the others are read. Each table's events must continue its log, otherwise
    StaleWriterError. ``epochs``: the fencing epoch this process holds for tables it owns
    as one of several (``fencing``). Returns each table's last seq after the batch.
    """
    if epochs:
        fencing.check_epochs(connection, epochs)
    last = _last_seqs_known(connection, batch, known)
    versions = _check_continuity(batch, last)
    try:
        connection.execute(_APPEND, _event_rows(batch))
    except IntegrityError:
        # Another process appended since we read (or last wrote) these logs.
        raise StaleWriterError(
            f"another writer appended to table(s) {_table_ids(batch)} first"
        ) from None
    project(connection, batch)
    if requests:
        _record_requests(connection, requests)
    return versions


def _record_requests(connection: Connection, requests: Sequence[TableRequest]) -> None:
    # An id whose older record was pruned may come back: the newest answer wins.
    dialect_insert = sqlite_insert if connection.dialect.name == "sqlite" else postgresql_insert
    statement = dialect_insert(schema.requests)
    connection.execute(
        statement.on_conflict_do_update(
            index_elements=["table_id", "player_id", "session", "ref"],
            set_={"version": statement.excluded.version},
        ),
        [
            {
                "table_id": table_id,
                "player_id": request.player_id,
                "session": request.session,
                "ref": request.ref,
                "version": request.version,
            }
            for table_id, request in requests
        ],
    )


def last_seqs(connection: Connection, table_ids: Sequence[int]) -> dict[int, int]:
    """The seq of each table's last event (tables with no event are left out)."""
    events = schema.events
    rows = connection.execute(
        select(events.c.table_id, func.max(events.c.seq))
        .where(events.c.table_id.in_(table_ids))
        .group_by(events.c.table_id)
    )
    return {table_id: last for table_id, last in rows}


def _last_seqs_known(
    connection: Connection, batch: Sequence[TableEvents], known: Mapping[int, int]
) -> dict[int, int]:
    unknown = {table_id for table_id, _ in batch} - known.keys()
    last = {table_id: known[table_id] for table_id, _ in batch if table_id not in unknown}
    if unknown:
        _check_tables_exist(connection, unknown)
        read = last_seqs(connection, list(unknown))
        last.update({table_id: read.get(table_id, 0) for table_id in unknown})
    return last


def _check_tables_exist(connection: Connection, table_ids: set[int]) -> None:
    known = connection.execute(select(schema.tables.c.id).where(schema.tables.c.id.in_(table_ids)))
    missing = table_ids - set(known.scalars())
    if missing:
        raise StoreError(f"there is no table {min(missing)}")


def _check_continuity(batch: Sequence[TableEvents], last: dict[int, int]) -> dict[int, int]:
    """Each table's last seq after ``batch``, or StaleWriterError if it does not continue
    from ``last``."""
    last = dict(last)
    for table_id, events in batch:
        for event in events:
            expected = last[table_id] + 1
            if event.seq != expected:
                raise StaleWriterError(
                    f"table {table_id} is at version {expected - 1}: the next event must be "
                    f"seq {expected}, not {event.seq}"
                )
            last[table_id] = expected
    return last


def _event_rows(batch: Sequence[TableEvents]) -> list[dict[str, Any]]:
    return [
        {
            "table_id": table_id,
            "seq": event.seq,
            "kind": event.kind,
            "data": event.data,
            "at": event.at,
        }
        for table_id, events in batch
        for event in events
    ]


def _table_ids(batch: Sequence[TableEvents]) -> str:
    return ", ".join(str(table_id) for table_id in sorted({table_id for table_id, _ in batch}))
