"""The club's log (migration 0010): what was done to its people and money on somebody's
word (an invitation taken, a newcomer seated into the club by a member host, a merge, a
guest seat claimed, a new organiser, a disputed payment settled), who did it and when.
The bodies of the store's transactions, synchronous like ``members``."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, insert, select

from pokernight.store import schema

_log = schema.club_log


def write(
    connection: Connection,
    club_id: int,
    member_id: int | None,
    action: str,
    detail: dict[str, Any],
    *,
    at: float,
) -> None:
    """``member_id`` did ``action`` (None: the server's operator), with its ``detail``."""
    values = {"club_id": club_id, "member_id": member_id, "action": action, "detail": detail}
    connection.execute(insert(_log).values(**values, at=at))


def read(connection: Connection, club_id: int) -> list[dict[str, Any]]:
    """The club's log, oldest first."""
    rows = connection.execute(select(_log).where(_log.c.club_id == club_id).order_by(_log.c.id))
    return [
        {"at": row.at, "by": row.member_id, "action": row.action, "detail": dict(row.detail)}
        for row in rows
    ]
