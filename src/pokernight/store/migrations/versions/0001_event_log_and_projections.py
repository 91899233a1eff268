"""The event log, tables, players and the seats, hands and ledger projections.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

OPEN_ONLY = sa.text("status = 'open'")


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("code", sa.String(4), nullable=False),
        sa.Column("settings", sa.JSON, nullable=False),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("created_at", sa.Double, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_tables"),
    )
    op.create_index(
        "uq_tables_open_code",
        "tables",
        ["code"],
        unique=True,
        sqlite_where=OPEN_ONLY,
        postgresql_where=OPEN_ONLY,
    )
    op.create_table(
        "players",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.Integer, nullable=False),
        sa.Column("name", sa.String, nullable=False),
        sa.Column("token_sha256", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Double, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_players"),
        _table_reference("players"),
        sa.UniqueConstraint("token_sha256", name="uq_players_token_sha256"),
    )
    op.create_index("ix_players_table_id", "players", ["table_id"])
    op.create_table(
        "events",
        sa.Column("table_id", sa.Integer, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(64), nullable=False),
        sa.Column("data", sa.JSON, nullable=False),
        sa.Column("at", sa.Double, nullable=False),
        sa.PrimaryKeyConstraint("table_id", "seq", name="pk_events"),
        _table_reference("events"),
    )
    op.create_table(
        "seats",
        sa.Column("table_id", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("player_id", sa.String, nullable=False),
        sa.Column("name", sa.String, nullable=False),
        sa.PrimaryKeyConstraint("table_id", "seat", name="pk_seats"),
        _table_reference("seats"),
    )
    op.create_table(
        "hands",
        sa.Column("table_id", sa.Integer, nullable=False),
        sa.Column("hand_number", sa.Integer, nullable=False),
        sa.Column("started_at", sa.Double, nullable=False),
        sa.Column("ended_at", sa.Double, nullable=True),
        sa.Column("summary", sa.JSON, nullable=False),
        sa.PrimaryKeyConstraint("table_id", "hand_number", name="pk_hands"),
        _table_reference("hands"),
    )
    op.create_table(
        "ledger_entries",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.Integer, nullable=False),
        sa.Column("hand_number", sa.Integer, nullable=False),
        sa.Column("player_id", sa.String, nullable=False),
        sa.Column("name", sa.String, nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("amount", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_ledger_entries"),
        _table_reference("ledger_entries"),
    )
    op.create_index("ix_ledger_entries_table_id", "ledger_entries", ["table_id"])


def downgrade() -> None:
    for name in ("ledger_entries", "hands", "seats", "events", "players", "tables"):
        op.drop_table(name)


def _table_reference(table_name: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["table_id"], ["tables.id"], name=f"fk_{table_name}_table_id_tables"
    )
