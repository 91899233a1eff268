"""The season (decision 35): payments between members, the log of guest seats claimed
into members, what the club's bots remember of each member, and the club's organisers
(its first member becomes one).

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # In place, not through a batch copy: devices and claim codes refer to members, and
    # SQLite's foreign keys refuse dropping the table a copy replaces.
    op.add_column(
        "members", sa.Column("organiser", sa.Boolean, nullable=False, server_default=sa.false())
    )
    _first_members_organise()
    op.create_table(
        "payments",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("club_id", sa.Integer, nullable=False),
        sa.Column("payer", sa.Integer, nullable=False),
        sa.Column("payee", sa.Integer, nullable=False),
        sa.Column("amount", sa.Integer, nullable=False),
        sa.Column("at", sa.Double, nullable=False),
        sa.Column("recorded_by", sa.Integer, nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_payments"),
        sa.ForeignKeyConstraint(["club_id"], ["clubs.id"], name="fk_payments_club_id_clubs"),
        sa.ForeignKeyConstraint(["payer"], ["members.id"], name="fk_payments_payer_members"),
        sa.ForeignKeyConstraint(["payee"], ["members.id"], name="fk_payments_payee_members"),
        sa.ForeignKeyConstraint(
            ["recorded_by"], ["members.id"], name="fk_payments_recorded_by_members"
        ),
    )
    op.create_index("ix_payments_club_id", "payments", ["club_id"])
    op.create_table(
        "member_claims",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("player_id", sa.Integer, nullable=False),
        sa.Column("member_id", sa.Integer, nullable=False),
        sa.Column("previous_member_id", sa.Integer, nullable=True),
        sa.Column("by_member", sa.Integer, nullable=True),
        sa.Column("at", sa.Double, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_member_claims"),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name="fk_member_claims_player_id_players"
        ),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name="fk_member_claims_member_id_members"
        ),
        sa.ForeignKeyConstraint(
            ["previous_member_id"],
            ["members.id"],
            name="fk_member_claims_previous_member_id_members",
        ),
        sa.ForeignKeyConstraint(
            ["by_member"], ["members.id"], name="fk_member_claims_by_member_members"
        ),
    )
    op.create_index("ix_member_claims_player_id", "member_claims", ["player_id"])
    op.create_table(
        "opponent_models",
        sa.Column("club_id", sa.Integer, nullable=False),
        sa.Column("member_id", sa.Integer, nullable=False),
        sa.Column("stats", sa.JSON, nullable=False),
        sa.Column("updated_at", sa.Double, nullable=False),
        sa.PrimaryKeyConstraint("club_id", "member_id", name="pk_opponent_models"),
        sa.ForeignKeyConstraint(["club_id"], ["clubs.id"], name="fk_opponent_models_club_id_clubs"),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name="fk_opponent_models_member_id_members"
        ),
    )


def _first_members_organise() -> None:
    """Each club's first member (by id) organises it: they came first, as the host did."""
    op.execute(
        "UPDATE members SET organiser = TRUE WHERE id IN "
        "(SELECT MIN(id) FROM members WHERE merged_into IS NULL GROUP BY club_id)"
    )


def downgrade() -> None:
    op.execute("ALTER TABLE members DROP COLUMN organiser")  # in place, as it was added
    op.drop_table("opponent_models")
    op.drop_index("ix_member_claims_player_id", table_name="member_claims")
    op.drop_table("member_claims")
    op.drop_index("ix_payments_club_id", table_name="payments")
    op.drop_table("payments")
