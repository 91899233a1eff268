"""The tables' chat (decision 82): each line saved before the pages hear it, so a restart,
or a process taking the table up, reads the last ones back. One capability of the store
(decision 62), sharing its ``Database``."""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, insert, select

from pokernight.store import schema
from pokernight.store.database import Database

Line = dict[str, Any]
"""A chat line as the pages are sent it (``type``, ``name``, ``text``, ``at``...)."""


class TableChat:
    """The chat of every table (``Store.chat``)."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def say(self, table_id: int, line: Line) -> None:
        """Keep ``line`` (its ``at`` is when it was said)."""
        async with self._db.writing() as connection:
            await connection.execute(
                insert(schema.chat_lines).values(table_id=table_id, at=line["at"], line=line)
            )

    async def last_lines(self, table_id: int, kept: int) -> list[Line]:
        """The table's newest ``kept`` lines, oldest first; older ones are deleted (a page
        is never shown more: the bound on what a long-lived table keeps)."""
        lines = schema.chat_lines
        async with self._db.writing() as connection:
            rows = list(
                await connection.execute(
                    select(lines.c.id, lines.c.line)
                    .where(lines.c.table_id == table_id)
                    .order_by(lines.c.id.desc())
                    .limit(kept)
                )
            )
            if len(rows) == kept:
                oldest = rows[-1].id
                await connection.execute(
                    delete(lines).where(lines.c.table_id == table_id, lines.c.id < oldest)
                )
        return [row.line for row in reversed(rows)]
