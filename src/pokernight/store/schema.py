"""The database schema: the event log (the source of truth) and projections built from it.

The Alembic migrations in ``migrations/versions`` create exactly this schema
(a test compares them). Times are seconds since the epoch (server clock).
"""

from __future__ import annotations

from enum import StrEnum

from sqlalchemy import (
    JSON,
    Column,
    Double,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    text,
)


class TableStatus(StrEnum):
    OPEN = "open"
    CLOSED = "closed"


metadata = MetaData(
    naming_convention={
        "ix": "ix_%(table_name)s_%(column_0_N_name)s",
        "uq": "uq_%(table_name)s_%(column_0_N_name)s",
        "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
        "pk": "pk_%(table_name)s",
    }
)

# Only one OPEN table may hold a code; closed tables keep theirs for history.
OPEN_ONLY = text("status = 'open'")

tables = Table(
    "tables",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("code", String(4), nullable=False),
    Column("settings", JSON, nullable=False),
    Column("status", String(8), nullable=False),
    Column("created_at", Double, nullable=False),
    Index(
        "uq_tables_open_code",
        "code",
        unique=True,
        sqlite_where=OPEN_ONLY,
        postgresql_where=OPEN_ONLY,
    ),
)

players = Table(
    "players",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", ForeignKey("tables.id"), nullable=False, index=True),
    Column("name", String, nullable=False),
    # Only the SHA-256 of a seat token is kept: a leaked database seats nobody.
    Column("token_sha256", String(64), nullable=False, unique=True),
    Column("created_at", Double, nullable=False),
)

# The primary key is the UNIQUE(table_id, seq) that stops a stale writer forking history.
events = Table(
    "events",
    metadata,
    Column("table_id", ForeignKey("tables.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("kind", String(64), nullable=False),
    Column("data", JSON, nullable=False),
    Column("at", Double, nullable=False),
    PrimaryKeyConstraint("table_id", "seq"),
)

# Projections: derived from the events in the transaction that stores them.

seats = Table(
    "seats",
    metadata,
    Column("table_id", ForeignKey("tables.id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("player_id", String, nullable=False),
    Column("name", String, nullable=False),
    PrimaryKeyConstraint("table_id", "seat"),
)

hands = Table(
    "hands",
    metadata,
    Column("table_id", ForeignKey("tables.id"), nullable=False),
    Column("hand_number", Integer, nullable=False),
    Column("started_at", Double, nullable=False),
    Column("ended_at", Double, nullable=True),
    Column("summary", JSON, nullable=False),
    PrimaryKeyConstraint("table_id", "hand_number"),
)

ledger_entries = Table(
    "ledger_entries",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", ForeignKey("tables.id"), nullable=False, index=True),
    Column("hand_number", Integer, nullable=False),
    Column("player_id", String, nullable=False),
    Column("name", String, nullable=False),
    Column("kind", String(16), nullable=False),
    Column("amount", Integer, nullable=False),
)
