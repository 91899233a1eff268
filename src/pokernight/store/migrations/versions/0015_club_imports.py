"""A club moving in (issue 36, decision 65): ledgers imported into the season (by their
file's SHA-256, and their nights by a digest of date and nets: nothing is imported twice),
and the names imported files give people, matched to members once.

Revision ID: 0015
Revises: 0014
"""

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ledger_imports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("club_id", sa.Integer, nullable=False),
        sa.Column("file_sha256", sa.String(64), nullable=False),
        sa.Column("file_name", sa.String, nullable=False),
        sa.Column("imported_at", sa.Double, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_ledger_imports"),
        sa.ForeignKeyConstraint(["club_id"], ["clubs.id"], name="fk_ledger_imports_club_id_clubs"),
    )
    op.create_index(
        "uq_ledger_imports_club_id_file_sha256",
        "ledger_imports",
        ["club_id", "file_sha256"],
        unique=True,
    )
    op.create_table(
        "ledger_nights",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("import_id", sa.Integer, nullable=False),
        sa.Column("club_id", sa.Integer, nullable=False),
        sa.Column("night", sa.String(10), nullable=False),
        sa.Column("night_sha256", sa.String(64), nullable=False),
        sa.Column("balances", sa.JSON, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_ledger_nights"),
        sa.ForeignKeyConstraint(
            ["import_id"], ["ledger_imports.id"], name="fk_ledger_nights_import_id_ledger_imports"
        ),
        sa.ForeignKeyConstraint(["club_id"], ["clubs.id"], name="fk_ledger_nights_club_id_clubs"),
    )
    op.create_index("ix_ledger_nights_import_id", "ledger_nights", ["import_id"])
    op.create_index(
        "uq_ledger_nights_club_id_night_sha256",
        "ledger_nights",
        ["club_id", "night_sha256"],
        unique=True,
    )
    op.create_table(
        "imported_names",
        sa.Column("club_id", sa.Integer, nullable=False),
        sa.Column("name_key", sa.String, nullable=False),
        sa.Column("name", sa.String, nullable=False),
        sa.Column("member_id", sa.Integer, nullable=False),
        sa.Column("at", sa.Double, nullable=False),
        sa.PrimaryKeyConstraint("club_id", "name_key", name="pk_imported_names"),
        sa.ForeignKeyConstraint(["club_id"], ["clubs.id"], name="fk_imported_names_club_id_clubs"),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name="fk_imported_names_member_id_members"
        ),
    )


def downgrade() -> None:
    op.drop_table("imported_names")
    op.drop_index("uq_ledger_nights_club_id_night_sha256", table_name="ledger_nights")
    op.drop_index("ix_ledger_nights_import_id", table_name="ledger_nights")
    op.drop_table("ledger_nights")
    op.drop_index("uq_ledger_imports_club_id_file_sha256", table_name="ledger_imports")
    op.drop_table("ledger_imports")
