"""Invite links, one name per player at a table, and the requests each player had done.

Revision ID: 0002
Revises: 0001
"""

import unicodedata

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("invite", sa.String(64), nullable=True))
    with op.batch_alter_table("players") as players:
        players.add_column(sa.Column("name_key", sa.String, nullable=True))
        players.add_column(
            sa.Column("invited", sa.Boolean, nullable=False, server_default=sa.false())
        )
    _fill_name_keys()
    with op.batch_alter_table("players") as players:
        players.alter_column("name_key", existing_type=sa.String, nullable=False)
        players.create_index("uq_players_table_id_name_key", ["table_id", "name_key"], unique=True)
    op.create_table(
        "requests",
        sa.Column("table_id", sa.Integer, nullable=False),
        sa.Column("player_id", sa.String(32), nullable=False),
        sa.Column("session", sa.String(64), nullable=False),
        sa.Column("ref", sa.String(80), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("table_id", "player_id", "session", "ref", name="pk_requests"),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], name="fk_requests_table_id_tables"),
    )


def _fill_name_keys() -> None:
    """Each stored player's key; a second player of a table with the same name (allowed
    before this revision) keeps it, with their id added to the key."""
    connection = op.get_bind()
    players = sa.table(
        "players", sa.column("id", sa.Integer), sa.column("table_id", sa.Integer),
        sa.column("name", sa.String), sa.column("name_key", sa.String),
    )  # fmt: skip
    seen: set[tuple[int, str]] = set()
    rows = connection.execute(sa.select(players.c.id, players.c.table_id, players.c.name))
    for player_id, table_id, name in rows.all():
        key = _name_key(name)
        suffix = 0
        while (table_id, key) in seen:  # a name kept twice before: the later gets a mark
            suffix += 1
            key = f"{_name_key(name)}#{player_id}" + ("" if suffix == 1 else f".{suffix}")
        seen.add((table_id, key))
        connection.execute(players.update().where(players.c.id == player_id).values(name_key=key))


def _name_key(name: str) -> str:
    """pokernight.names.name_key as it was at this revision (a migration never changes)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def downgrade() -> None:
    op.drop_table("requests")
    with op.batch_alter_table("players") as players:
        players.drop_index("uq_players_table_id_name_key")
        players.drop_column("invited")
        players.drop_column("name_key")
    op.drop_column("tables", "invite")
