"""The club's door and its word on money (issue 30): invitations to the club (the only way
in), payments that count once both sides have said so, a log of what organisers and the
server's operator did; and where each stored hand begins in its table's log, so that a
replay reads one hand instead of folding the whole log.

Revision ID: 0010
Revises: 0009
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "club_invites",
        sa.Column("code_sha256", sa.String(64), nullable=False),
        sa.Column("club_id", sa.Integer, nullable=False),
        sa.Column("organiser", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("made_by", sa.Integer, nullable=True),
        sa.Column("created_at", sa.Double, nullable=False),
        sa.Column("expires_at", sa.Double, nullable=False),
        sa.PrimaryKeyConstraint("code_sha256", name="pk_club_invites"),
        sa.ForeignKeyConstraint(["club_id"], ["clubs.id"], name="fk_club_invites_club_id_clubs"),
        sa.ForeignKeyConstraint(
            ["made_by"], ["members.id"], name="fk_club_invites_made_by_members"
        ),
    )
    op.create_index("ix_club_invites_club_id", "club_invites", ["club_id"])
    op.create_table(
        "club_log",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("club_id", sa.Integer, nullable=False),
        sa.Column("at", sa.Double, nullable=False),
        sa.Column("member_id", sa.Integer, nullable=True),
        sa.Column("action", sa.String(32), nullable=False),
        sa.Column("detail", sa.JSON, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_club_log"),
        sa.ForeignKeyConstraint(["club_id"], ["clubs.id"], name="fk_club_log_club_id_clubs"),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name="fk_club_log_member_id_members"
        ),
    )
    op.create_index("ix_club_log_club_id", "club_log", ["club_id"])
    # In place and without foreign keys, as 0008 added its columns (SQLite cannot add one
    # to a table in place). A payment recorded before this counted on its payee's word
    # alone: it stays counted, confirmed by its payee.
    op.add_column("payments", sa.Column("confirmed_at", sa.Double, nullable=True))
    op.add_column("payments", sa.Column("confirmed_by", sa.Integer, nullable=True))
    op.execute("UPDATE payments SET confirmed_at = at, confirmed_by = payee")
    # Null for the hands stored before: their replay folds the log as it did.
    op.add_column("hands", sa.Column("first_seq", sa.Integer, nullable=True))


def downgrade() -> None:
    op.execute("ALTER TABLE hands DROP COLUMN first_seq")
    op.execute("ALTER TABLE payments DROP COLUMN confirmed_by")
    op.execute("ALTER TABLE payments DROP COLUMN confirmed_at")
    op.drop_index("ix_club_log_club_id", table_name="club_log")
    op.drop_table("club_log")
    op.drop_index("ix_club_invites_club_id", table_name="club_invites")
    op.drop_table("club_invites")
