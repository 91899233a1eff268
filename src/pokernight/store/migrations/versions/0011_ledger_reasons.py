"""The host's reason beside a ledger entry (decision 51): a stack the host corrected, and the
cash-out of a player the host removed, say why; every other entry's reason is empty.

Revision ID: 0011
Revises: 0010
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # In place, as 0005 and 0009 added theirs: the entries stored before had no reason.
    op.add_column(
        "ledger_entries",
        sa.Column("reason", sa.String, nullable=False, server_default=""),
    )


def downgrade() -> None:
    op.execute("ALTER TABLE ledger_entries DROP COLUMN reason")  # in place, as it was added
