"""Clubs, their members, the members' devices and claim codes; tables join a club and
seats may be a member's (decision 33).

Revision ID: 0003
Revises: 0002
"""

import time

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

DEFAULT_CLUB_NAME = "Home"
NOT_MERGED = sa.text("merged_into IS NULL")


def upgrade() -> None:
    _create_clubs_and_members()
    _create_devices_and_claim_codes()
    _add_club_to_tables()
    with op.batch_alter_table("players") as players:
        players.add_column(sa.Column("member_id", sa.Integer, nullable=True))
        players.create_foreign_key("fk_players_member_id_members", "members", ["member_id"], ["id"])
        players.create_index("ix_players_member_id", ["member_id"])
    _tables_join_the_default_club()


def _add_club_to_tables() -> None:
    """``tables.club_id``, added in place, not through a batch copy: a copy of ``tables``
    would be dropped while players and events refer to it, which SQLite's foreign keys
    refuse; and Alembic adds no constraint to a SQLite table, so it is written out."""
    if op.get_bind().dialect.name == "sqlite":
        op.execute(
            "ALTER TABLE tables ADD COLUMN club_id INTEGER"
            " CONSTRAINT fk_tables_club_id_clubs REFERENCES clubs (id)"
        )
        return
    op.add_column("tables", sa.Column("club_id", sa.Integer, nullable=True))
    op.create_foreign_key("fk_tables_club_id_clubs", "tables", "clubs", ["club_id"], ["id"])


def _create_clubs_and_members() -> None:
    op.create_table(
        "clubs",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String, nullable=False),
        sa.Column("created_at", sa.Double, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_clubs"),
    )
    op.create_table(
        "members",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("club_id", sa.Integer, nullable=False),
        sa.Column("name", sa.String, nullable=False),
        sa.Column("name_key", sa.String, nullable=False),
        sa.Column("created_at", sa.Double, nullable=False),
        sa.Column("merged_into", sa.Integer, nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_members"),
        sa.ForeignKeyConstraint(["club_id"], ["clubs.id"], name="fk_members_club_id_clubs"),
        sa.ForeignKeyConstraint(
            ["merged_into"], ["members.id"], name="fk_members_merged_into_members"
        ),
    )
    op.create_index(
        "uq_members_club_id_name_key",
        "members",
        ["club_id", "name_key"],
        unique=True,
        sqlite_where=NOT_MERGED,
        postgresql_where=NOT_MERGED,
    )


def _create_devices_and_claim_codes() -> None:
    op.create_table(
        "devices",
        sa.Column("token_sha256", sa.String(64), nullable=False),
        sa.Column("member_id", sa.Integer, nullable=False),
        sa.Column("created_at", sa.Double, nullable=False),
        sa.Column("last_seen", sa.Double, nullable=False),
        sa.PrimaryKeyConstraint("token_sha256", name="pk_devices"),
        sa.ForeignKeyConstraint(["member_id"], ["members.id"], name="fk_devices_member_id_members"),
    )
    op.create_index("ix_devices_member_id", "devices", ["member_id"])
    op.create_table(
        "claim_codes",
        sa.Column("code_sha256", sa.String(64), nullable=False),
        sa.Column("member_id", sa.Integer, nullable=False),
        sa.Column("expires_at", sa.Double, nullable=False),
        sa.PrimaryKeyConstraint("code_sha256", name="pk_claim_codes"),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name="fk_claim_codes_member_id_members"
        ),
    )
    op.create_index("ix_claim_codes_member_id", "claim_codes", ["member_id"])


def _tables_join_the_default_club() -> None:
    """The server's club, made here whether or not tables were stored: every table stored
    before this revision was one of its nights. Their players stay guests."""
    connection = op.get_bind()
    clubs = sa.table(
        "clubs", sa.column("id", sa.Integer), sa.column("name", sa.String),
        sa.column("created_at", sa.Double),
    )  # fmt: skip
    tables = sa.table("tables", sa.column("club_id", sa.Integer))
    club_id = connection.execute(
        clubs.insert().values(name=DEFAULT_CLUB_NAME, created_at=time.time()).returning(clubs.c.id)
    ).scalar_one()
    connection.execute(tables.update().values(club_id=club_id))


def downgrade() -> None:
    with op.batch_alter_table("players") as players:
        players.drop_index("ix_players_member_id")
        players.drop_constraint("fk_players_member_id_members", type_="foreignkey")
        players.drop_column("member_id")
    _drop_club_from_tables()
    op.drop_table("claim_codes")
    op.drop_table("devices")
    op.drop_index("uq_members_club_id_name_key", table_name="members")
    op.drop_table("members")
    op.drop_table("clubs")


def _drop_club_from_tables() -> None:
    # SQLite drops a column that refers to another table in place (not one referred to).
    if op.get_bind().dialect.name == "sqlite":
        op.execute("ALTER TABLE tables DROP COLUMN club_id")
        return
    op.drop_constraint("fk_tables_club_id_clubs", "tables", type_="foreignkey")
    op.drop_column("tables", "club_id")
