"""Tournaments (decision 36): their event logs, their entrants' tokens, their tables.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("created_at", sa.Double, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_tournaments"),
    )
    op.create_table(
        "tournament_events",
        sa.Column("tournament_id", sa.Integer, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(64), nullable=False),
        sa.Column("data", sa.JSON, nullable=False),
        sa.Column("at", sa.Double, nullable=False),
        sa.PrimaryKeyConstraint("tournament_id", "seq", name="pk_tournament_events"),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            name="fk_tournament_events_tournament_id_tournaments",
        ),
    )
    op.create_table(
        "tournament_entrants",
        sa.Column("tournament_id", sa.Integer, nullable=False),
        sa.Column("player_id", sa.String(32), nullable=False),
        sa.Column("token_sha256", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Double, nullable=False),
        sa.PrimaryKeyConstraint("tournament_id", "player_id", name="pk_tournament_entrants"),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            name="fk_tournament_entrants_tournament_id_tournaments",
        ),
        sa.UniqueConstraint("token_sha256", name="uq_tournament_entrants_token_sha256"),
    )
    op.create_table(
        "tournament_tables",
        sa.Column("tournament_id", sa.Integer, nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("table_id", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("tournament_id", "number", name="pk_tournament_tables"),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            name="fk_tournament_tables_tournament_id_tournaments",
        ),
        sa.ForeignKeyConstraint(
            ["table_id"], ["tables.id"], name="fk_tournament_tables_table_id_tables"
        ),
    )


def downgrade() -> None:
    for name in ("tournament_tables", "tournament_entrants", "tournament_events", "tournaments"):
        op.drop_table(name)
