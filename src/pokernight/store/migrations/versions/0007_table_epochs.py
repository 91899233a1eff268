"""Each table's fencing epoch (decision 39): the newest owner's, checked on every save.

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # In place, as 0005 added its column. 0: no process has taken the table as a lease's
    # owner; one process alone (the default) never raises it and is never checked.
    op.add_column("tables", sa.Column("epoch", sa.BigInteger, nullable=False, server_default="0"))


def downgrade() -> None:
    op.execute("ALTER TABLE tables DROP COLUMN epoch")  # in place, as it was added
