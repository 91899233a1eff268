"""Tournaments in the store (decision 36): each one's event log, its entrants' and its
director's tokens, and the room tables that play its tables.

The bodies of the store's transactions, synchronous like ``club``; ``Store`` runs them.
A tournament's events are stored as a table's are (``StoredEvent``: seq, kind, data, at),
without knowing what they mean: the store sits below the tournament package.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import Connection, insert, select, update

from pokernight.store import schema
from pokernight.store.errors import StaleWriterError
from pokernight.store.records import StoredEvent

RUNNING = "running"
FINISHED = "finished"


@dataclass(frozen=True, slots=True)
class Entrant:
    """Who registered (their player id and token hash), and the member they are, if they
    registered from a member's device."""

    player_id: str
    token_hash: str
    member_id: int | None = None


@dataclass(frozen=True, slots=True)
class TournamentRecord:
    id: int
    status: str
    created_at: float


def create(
    connection: Connection, created: StoredEvent, director: Entrant, club_id: int | None
) -> int:
    """A new tournament whose log begins with ``created``: its id. ``director``: the person
    who runs it, whose token is kept as an entrant's is; ``club_id``: the club whose
    season its money counts in."""
    tournament_id: int = connection.execute(
        insert(schema.tournaments)
        .values(status=RUNNING, created_at=created.at, club_id=club_id)
        .returning(schema.tournaments.c.id)
    ).scalar_one()
    append(connection, tournament_id, [created], director, finished=False)
    return tournament_id


def append(
    connection: Connection,
    tournament_id: int,
    events: Sequence[StoredEvent],
    entrant: Entrant | None,
    *,
    finished: bool,
) -> None:
    """``events`` continue the tournament's log (else StaleWriterError); ``entrant``: who
    the first of them registered; ``finished``: they end it."""
    log = schema.tournament_events
    last = connection.execute(
        select(log.c.seq)
        .where(log.c.tournament_id == tournament_id)
        .order_by(log.c.seq.desc())
        .limit(1)
    ).scalar()
    if events and events[0].seq != (last or 0) + 1:
        raise StaleWriterError(
            f"tournament {tournament_id} is at version {last or 0}, not {events[0].seq - 1}"
        )
    if events:
        connection.execute(
            insert(log),
            [
                {
                    "tournament_id": tournament_id,
                    "seq": event.seq,
                    "kind": event.kind,
                    "data": event.data,
                    "at": event.at,
                }
                for event in events
            ],
        )
    if entrant is not None:
        at = events[0].at if events else 0.0
        connection.execute(
            insert(schema.tournament_entrants).values(
                tournament_id=tournament_id,
                player_id=entrant.player_id,
                token_sha256=entrant.token_hash,
                member_id=entrant.member_id,
                created_at=at,
            )
        )
    if finished:
        connection.execute(
            update(schema.tournaments)
            .where(schema.tournaments.c.id == tournament_id)
            .values(status=FINISHED)
        )


def events(connection: Connection, tournament_id: int) -> list[StoredEvent]:
    log = schema.tournament_events
    rows = connection.execute(
        select(log.c.seq, log.c.kind, log.c.data, log.c.at)
        .where(log.c.tournament_id == tournament_id)
        .order_by(log.c.seq)
    )
    return [StoredEvent(*row) for row in rows]


def entrant_of(connection: Connection, tournament_id: int, token_hash: str) -> str | None:
    entrants = schema.tournament_entrants
    found: str | None = connection.execute(
        select(entrants.c.player_id).where(
            entrants.c.tournament_id == tournament_id, entrants.c.token_sha256 == token_hash
        )
    ).scalar()
    return found


def add_table(connection: Connection, tournament_id: int, number: int, table_id: int) -> None:
    connection.execute(
        insert(schema.tournament_tables).values(
            tournament_id=tournament_id, number=number, table_id=table_id
        )
    )


def tables(connection: Connection, tournament_id: int) -> dict[int, int]:
    """The room table (its id) of each of the tournament's tables, by number."""
    rows = connection.execute(
        select(schema.tournament_tables.c.number, schema.tournament_tables.c.table_id).where(
            schema.tournament_tables.c.tournament_id == tournament_id
        )
    )
    return {number: table_id for number, table_id in rows}


def table_of(connection: Connection, table_id: int) -> tuple[int, int] | None:
    """The tournament room table ``table_id`` plays for, and its number there."""
    t = schema.tournament_tables
    row = connection.execute(
        select(t.c.tournament_id, t.c.number).where(t.c.table_id == table_id)
    ).first()
    return None if row is None else (int(row[0]), int(row[1]))


def running(connection: Connection) -> list[int]:
    return _with_status(connection, RUNNING)


def finished(connection: Connection) -> list[int]:
    return _with_status(connection, FINISHED)


def _with_status(connection: Connection, status: str) -> list[int]:
    rows = connection.execute(
        select(schema.tournaments.c.id)
        .where(schema.tournaments.c.status == status)
        .order_by(schema.tournaments.c.id)
    )
    return [tournament_id for (tournament_id,) in rows]


def club_tournaments(connection: Connection, club_id: int) -> list[TournamentRecord]:
    """The club's tournaments, oldest first."""
    found = schema.tournaments
    rows = connection.execute(
        select(found.c.id, found.c.status, found.c.created_at)
        .where(found.c.club_id == club_id)
        .order_by(found.c.id)
    )
    return [TournamentRecord(*row) for row in rows]


def members_of(connection: Connection, tournament_id: int) -> dict[str, int]:
    """The member each entrant registered as, by player id (entrants who registered as
    nobody's member are not listed)."""
    entrants = schema.tournament_entrants
    rows = connection.execute(
        select(entrants.c.player_id, entrants.c.member_id).where(
            entrants.c.tournament_id == tournament_id, entrants.c.member_id.is_not(None)
        )
    )
    return {player_id: member_id for player_id, member_id in rows}
