"""The tables' chat, kept (decision 82): a restart, or a process taking a table up, reads
its last lines back.

Revision ID: 0016
Revises: 0015
"""

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat_lines",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.Integer, nullable=False),
        sa.Column("at", sa.Double, nullable=False),
        sa.Column("line", sa.JSON, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_chat_lines"),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], name="fk_chat_lines_table_id_tables"),
    )
    op.create_index("ix_chat_lines_table_id", "chat_lines", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_chat_lines_table_id", table_name="chat_lines")
    op.drop_table("chat_lines")
