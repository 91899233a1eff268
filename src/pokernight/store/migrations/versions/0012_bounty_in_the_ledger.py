"""The 7-2 bounty in the stored ledger: the projection left ``BountyPaid`` out, so a bounty
table's entries (the ledger's list and its CSV) did not add up to its accounts, which the
table folds from its log. The results each stored bounty made are added, for the players
its hand dealt in (the hand's summary names them by seat); after the entries stored since,
the amounts are what count.

Revision ID: 0012
Revises: 0011
"""

import json
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

_RESULT = "result"


def _decoded(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


def upgrade() -> None:
    connection = op.get_bind()
    bounties = connection.execute(
        sa.text(
            "SELECT table_id, data FROM events WHERE kind = 'BountyPaid' ORDER BY table_id, seq"
        )
    ).all()
    for table_id, data in bounties:
        paid = _decoded(data)
        summary = connection.execute(
            sa.text("SELECT summary FROM hands WHERE table_id = :t AND hand_number = :n"),
            {"t": table_id, "n": paid["hand_number"]},
        ).scalar_one()
        summary = _decoded(summary)
        who = dict(zip(summary["seats"], zip(summary["players"], summary["names"], strict=True),
                       strict=True))  # fmt: skip
        results = [(seat, -amount) for seat, amount in paid["payments"]]
        results.append((paid["seat"], sum(amount for _, amount in paid["payments"])))
        for seat, amount in results:
            player_id, name = who[seat]
            connection.execute(
                sa.text(
                    "INSERT INTO ledger_entries"
                    " (table_id, hand_number, player_id, name, kind, amount, reason)"
                    " VALUES (:t, :n, :p, :name, :kind, :amount, '')"
                ),
                {"t": table_id, "n": paid["hand_number"], "p": player_id, "name": name,
                 "kind": _RESULT, "amount": amount},
            )  # fmt: skip


def downgrade() -> None:
    pass  # the entries added are the log's own results: an older release reads them as such
