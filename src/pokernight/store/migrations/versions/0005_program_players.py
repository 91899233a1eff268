"""Players who joined as programs (decision 37): a friend's bot, shown as a bot to everybody.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # In place, as 0004 added a column: a batch copy of ``players`` would fight the foreign
    # keys that refer to it. Everybody who joined before this column is a person.
    op.add_column(
        "players", sa.Column("program", sa.Boolean, nullable=False, server_default=sa.false())
    )


def downgrade() -> None:
    op.execute("ALTER TABLE players DROP COLUMN program")  # in place, as it was added
