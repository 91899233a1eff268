"""Whether a table deals (decision 39): the host's Start or Pause, kept so that a process
that adopts the table after its owner died deals on, as the players expect.

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # In place, as 0005 added its column. Tables from before it read as paused: a room
    # restarted as one process never deals by itself anyway.
    op.add_column(
        "tables", sa.Column("running", sa.Boolean, nullable=False, server_default=sa.false())
    )


def downgrade() -> None:
    op.execute("ALTER TABLE tables DROP COLUMN running")  # in place, as it was added
