"""Each tournament's fencing epoch (issue 35): its director is leased like a table among
several processes, and the newest owner's epoch is checked on every save, as a table's
(0007).

Revision ID: 0013
Revises: 0012
"""

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # 0: no process has taken the director's lease; one process alone never raises it.
    op.add_column(
        "tournaments", sa.Column("epoch", sa.BigInteger, nullable=False, server_default="0")
    )


def downgrade() -> None:
    op.execute("ALTER TABLE tournaments DROP COLUMN epoch")
