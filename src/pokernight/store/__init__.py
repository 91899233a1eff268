"""Persistence: each table's event log (the source of truth), tables, players, projections.

SQLAlchemy 2 (async) with Alembic migrations shipped in this package; an
embedded SQLite file by default, PostgreSQL by URL (``open_store``).

- ``open_store(url)`` -> ``Store``: connects and migrates to head. The store is built
  by capability (decision 62), each sharing one ``Database`` (one engine, one writer):
- ``Store.tables`` (``TableLog``): tables with 4-digit codes unique among open tables,
  players with seat tokens (only their SHA-256 is kept), the event log with
  ``UNIQUE(table_id, seq)`` (``append_events``/``load_events``/``last_seq``),
  and the ledger and hands projections written from the events; ``hand_log``: one
  hand's own events, found through the hands projection; ``import_table``: a table of
  imported hands, its players and events in one transaction (``pokernight import``).
- ``Store.chat`` (``TableChat``): each table's chat lines, the newest read back when a
  table is taken up again.
- ``Store.club`` (``ClubStore``): clubs, members, devices and claim codes (decision 33;
  ``members``), invitations, payments, guest seats claimed, the club's log, the season;
  ``Membership``: the part of it the tables and tournaments need.
- ``TableReads``, ``TournamentReads``: what the club's season reads of the others.
- ``Store.tournaments`` (``TournamentStore``): each tournament's log and tokens.
- ``EventWriter``: group commit, the appends of a few milliseconds from many
  tables in one transaction (over the table log).
- ``StoredEvent.of(seq, table_event, at)`` stores a ``pokernight.table`` event;
  ``table_event_from_dict(stored.data)`` gives it back.
"""

from pokernight.store.club_store import ClubStore, Membership
from pokernight.store.database import Database
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
from pokernight.store.store import Store, open_store
from pokernight.store.table_chat import TableChat
from pokernight.store.table_log import ImportedTable, TableLog, TableReads
from pokernight.store.tournament_store import TournamentReads, TournamentStore
from pokernight.store.writer import EventWriter

__all__ = [
    "ClubRecord",
    "ClubStore",
    "Database",
    "DeviceRecord",
    "EventWriter",
    "FencedOffError",
    "HandLog",
    "HandledRequest",
    "ImportedTable",
    "MemberError",
    "MemberRecord",
    "Membership",
    "NameTakenError",
    "PlayerRecord",
    "StaleWriterError",
    "Store",
    "StoreError",
    "StoreUnavailableError",
    "StoredEvent",
    "TableChat",
    "TableLog",
    "TableReads",
    "TableRecord",
    "TableStatus",
    "TournamentReads",
    "TournamentStore",
    "open_store",
]
