"""Tournaments of a club (issue 19): the club a tournament's money counts in, and the member
each entrant is, so a finished tournament's results join the club's season.

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # In place, as 0005 and 0007 added theirs, and without a foreign key: SQLite cannot add
    # one to a table in place. The store writes only ids it has read. Tournaments created
    # before this column belong to no club: their money stays out of every season.
    op.add_column("tournaments", sa.Column("club_id", sa.Integer, nullable=True))
    op.add_column("tournament_entrants", sa.Column("member_id", sa.Integer, nullable=True))


def downgrade() -> None:
    op.execute("ALTER TABLE tournament_entrants DROP COLUMN member_id")
    op.execute("ALTER TABLE tournaments DROP COLUMN club_id")
