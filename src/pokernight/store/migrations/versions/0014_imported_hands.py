"""The hands imported from another site's log, by that site's id for each (issue 36,
decision 65): importing the same PokerNow log twice adds nothing.

Revision ID: 0014
Revises: 0013
"""

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "imported_hands",
        sa.Column("source", sa.String(16), nullable=False),
        sa.Column("hand_key", sa.String(80), nullable=False),
        sa.Column("table_id", sa.Integer, nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"], ["tables.id"], name="fk_imported_hands_table_id_tables"
        ),
        sa.PrimaryKeyConstraint("source", "hand_key", name="pk_imported_hands"),
    )
    op.create_index("ix_imported_hands_table_id", "imported_hands", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_imported_hands_table_id", table_name="imported_hands")
    op.drop_table("imported_hands")
