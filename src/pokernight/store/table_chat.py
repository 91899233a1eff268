"""The tables' chat (decision 82): each line saved before the pages hear it, so a restart,
or a process taking the table up, reads the last ones back. One capability of the store
(decision 62), sharing its ``Database``."""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, insert, select

from pokernight.store import schema
from pokernight.store.database import Database

LINES_KEPT = 100
"""The lines a table keeps, the newest: as many as a page is shown. A table that stays open
for months keeps no more."""

Line = dict[str, Any]
"""A chat line as the pages are sent it (``type``, ``name``, ``text``, ``at``...)."""


class TableChat:
    """The chat of every table (``Store.chat``)."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def say(self, table_id: int, line: Line) -> None:
        """Keep ``line`` (its ``at`` is when it was said), and let the table's oldest go
        beyond the last ``LINES_KEPT``."""
        lines = schema.chat_lines
        newest = (
            select(lines.c.id)
            .where(lines.c.table_id == table_id)
            .order_by(lines.c.id.desc())
            .offset(LINES_KEPT - 1)
            .limit(1)
            .scalar_subquery()
        )
        async with self._db.writing() as connection:
            await connection.execute(
                insert(lines).values(table_id=table_id, at=line["at"], line=line)
            )
            # Below the oldest kept line (none while the table has fewer: NULL compares false).
            await connection.execute(
                delete(lines).where(lines.c.table_id == table_id, lines.c.id < newest)
            )

    async def last_lines(self, table_id: int) -> list[Line]:
        """The table's last lines (``LINES_KEPT`` at most), oldest first."""
        lines = schema.chat_lines
        async with self._db.transaction() as connection:
            rows = await connection.execute(
                select(lines.c.line)
                .where(lines.c.table_id == table_id)
                .order_by(lines.c.id.desc())
                .limit(LINES_KEPT)
            )
            return [line for (line,) in reversed(list(rows))]
