"""Tournaments (decision 36): each one's log, its entrants' tokens, the room tables that
play its tables.

One capability of the store (decision 62), sharing the store's ``Database`` (one engine,
one writer) with the table log and the club. The transactions' bodies are in
``tournaments``; this runs them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from sqlalchemy import Connection

from pokernight.store import fencing
from pokernight.store import tournaments as tournament_queries
from pokernight.store.database import Database, token_hash
from pokernight.store.records import StoredEvent


class TournamentReads(Protocol):
    """What the club's season reads of tournaments (``TournamentStore`` carries it out)."""

    async def tournament_events(self, tournament_id: int) -> list[StoredEvent]: ...

    async def club_tournaments(self, club_id: int) -> list[tournament_queries.TournamentRecord]: ...

    async def tournament_members(self, tournament_id: int) -> dict[str, int]: ...


class TournamentStore:
    """The tournaments' logs and tokens (``Store.tournaments``)."""

    def __init__(self, database: Database) -> None:
        self._db = database
        self._epochs: dict[int, int] = {}
        """The fencing epoch of each tournament whose director this process runs as one
        of several (issue 35): checked on each of its saves. Held after the lease is lost,
        so that a save still in flight is refused."""

    async def own_tournament(self, tournament_id: int) -> int:
        """Become the director's process among several (its lease just taken): raise the
        tournament's fencing epoch, so that a former director's saves are refused from now
        on. Returns the epoch."""
        epoch = await self._db.write(
            lambda c: fencing.raise_epoch(c, tournament_id, fencing.TOURNAMENTS)
        )
        self._epochs[tournament_id] = epoch
        return epoch

    def _fenced(self, tournament_id: int, connection: Connection) -> None:
        epoch = self._epochs.get(tournament_id)
        if epoch is not None:
            fencing.check_epochs(connection, {tournament_id: epoch}, fencing.TOURNAMENTS)

    async def create_tournament(
        self, created: StoredEvent, director: tuple[str, str], club_id: int | None
    ) -> int:
        """A new tournament whose log begins with ``created`` (its ``TournamentCreated``),
        with the token of its ``director`` (player id, token), of the club ``club_id``."""
        saved = tournament_queries.Entrant(director[0], token_hash(director[1]))
        return await self._db.write(lambda c: tournament_queries.create(c, created, saved, club_id))

    async def append_tournament_events(
        self,
        tournament_id: int,
        events: Sequence[StoredEvent],
        *,
        entrant: tuple[str, str] | None = None,
        member_id: int | None = None,
        finished: bool = False,
    ) -> None:
        """Append ``events`` to the tournament's log in one transaction, with the token of
        the ``entrant`` (player id, token) they register, the member ``member_id`` if they
        are one; ``finished``: they end it."""
        saved = (
            None
            if entrant is None
            else tournament_queries.Entrant(entrant[0], token_hash(entrant[1]), member_id)
        )

        def save(connection: Connection) -> None:
            self._fenced(tournament_id, connection)
            tournament_queries.append(connection, tournament_id, events, saved, finished=finished)

        await self._db.write(save)

    async def tournament_events(self, tournament_id: int) -> list[StoredEvent]:
        return await self._db.read(lambda c: tournament_queries.events(c, tournament_id))

    async def entrant_by_token(self, tournament_id: int, token: str) -> str | None:
        """The player id of the tournament's entrant (or director) whose token this is."""
        digest = token_hash(token)
        return await self._db.read(
            lambda c: tournament_queries.entrant_of(c, tournament_id, digest)
        )

    async def add_tournament_table(self, tournament_id: int, number: int, table_id: int) -> None:
        def save(connection: Connection) -> None:
            self._fenced(tournament_id, connection)
            tournament_queries.add_table(connection, tournament_id, number, table_id)

        await self._db.write(save)

    async def tournament_of_table(self, table_id: int) -> tuple[int, int] | None:
        """The tournament room table ``table_id`` plays for, and its number there."""
        return await self._db.read(lambda c: tournament_queries.table_of(c, table_id))

    async def tournament_tables(self, tournament_id: int) -> dict[int, int]:
        return await self._db.read(lambda c: tournament_queries.tables(c, tournament_id))

    async def club_tournaments(self, club_id: int) -> list[tournament_queries.TournamentRecord]:
        return await self._db.read(lambda c: tournament_queries.club_tournaments(c, club_id))

    async def tournament_members(self, tournament_id: int) -> dict[str, int]:
        """The member id of each entrant who registered as a member, by player id."""
        return await self._db.read(lambda c: tournament_queries.members_of(c, tournament_id))

    async def running_tournaments(self) -> list[int]:
        return await self._db.read(tournament_queries.running)

    async def finished_tournaments(self) -> list[int]:
        return await self._db.read(tournament_queries.finished)
