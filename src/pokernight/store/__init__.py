"""Persistence: each table's event log (the source of truth), tables, players, projections.

SQLAlchemy 2 (async) with Alembic migrations shipped in this package; an
embedded SQLite file by default, PostgreSQL by URL (``open_store``).

- ``open_store(url)`` -> ``Store``: connects and migrates to head.
- ``Store``: tables with 4-digit codes unique among open tables, players with
  seat tokens (only their SHA-256 is kept), the event log with
  ``UNIQUE(table_id, seq)`` (``append_events``/``load_events``/``last_seq``),
  and the ledger and hands projections written from the events; ``hand_log``: one
  hand's own events, found through the hands projection.
- ``Store``'s clubs, members, devices and claim codes (decision 33; ``members``):
  ``default_club``, ``add_member``, ``member_named``, ``merge``, ``add_device``,
  ``member_of_device``, ``new_claim_code``, ``claim``, ``claim_guest``.
- ``Store.import_table``: a table of imported hands, its players and events in one
  transaction (``pokernight import``).
- ``EventWriter``: group commit, the appends of a few milliseconds from many
  tables in one transaction.
- ``StoredEvent.of(seq, table_event, at)`` stores a ``pokernight.table`` event;
  ``table_event_from_dict(stored.data)`` gives it back.
"""

from pokernight.store.errors import (
    FencedOffError,
    MemberError,
    NameTakenError,
    StaleWriterError,
    StoreError,
    StoreUnavailableError,
)
from pokernight.store.records import (
    ClubRecord,
    DeviceRecord,
    HandledRequest,
    HandLog,
    MemberRecord,
    PlayerRecord,
    StoredEvent,
    TableRecord,
)
from pokernight.store.schema import TableStatus
from pokernight.store.store import ImportedTable, Store, open_store
from pokernight.store.writer import EventWriter

__all__ = [
    "ClubRecord",
    "DeviceRecord",
    "EventWriter",
    "FencedOffError",
    "HandLog",
    "HandledRequest",
    "ImportedTable",
    "MemberError",
    "MemberRecord",
    "NameTakenError",
    "PlayerRecord",
    "StaleWriterError",
    "Store",
    "StoreError",
    "StoreUnavailableError",
    "StoredEvent",
    "TableRecord",
    "TableStatus",
    "open_store",
]
