"""The table log: tables, their players, each table's event log and its projections.

Every method is one short transaction. ``append_events`` is the only writer of
a table's log and writes the projections from the same events in the same
transaction, so the projections never disagree with the log. One capability of
the store (decision 62): it shares the store's ``Database`` (one engine, one writer)
with the club and tournaments.
"""

from __future__ import annotations

import itertools
import random
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from sqlalchemy import Connection, String, cast, delete, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection

from pokernight.names import name_key, same_name
from pokernight.store import append, club_imports, fencing, members, schema
from pokernight.store.append import TableEvents, TableRequest
from pokernight.store.database import TOKEN_BYTES, Database, token_hash
from pokernight.store.errors import NameTakenError, StaleWriterError, StoreError
from pokernight.store.records import HandledRequest, HandLog, PlayerRecord, StoredEvent, TableRecord
from pokernight.store.schema import TableStatus

CODE_COUNT = 10_000
INVITE_BYTES = 16
REQUESTS_KEPT = 256
"""Handled requests remembered per player (the newest): see ``handled_requests``."""


class TableReads(Protocol):
    """What the club's season and a stored hand's replay read of the table log (``TableLog``
    carries it out)."""

    async def table(self, table_id: int) -> TableRecord | None: ...

    async def player(self, player_id: int) -> PlayerRecord | None: ...

    async def load_events(self, table_id: int, after: int = 0) -> list[StoredEvent]: ...

    async def hand_log(self, table_id: int, number: int) -> HandLog | None: ...

    async def last_seqs(self, table_ids: Sequence[int]) -> dict[int, int]: ...


class TableLog:
    """The tables, their players and their event logs (``Store.tables``)."""

    def __init__(self, database: Database) -> None:
        self._db = database
        self._versions: dict[int, int] = {}
        """The last seq this store committed for each table: the continuity check need not
        read it back. Another process appending meanwhile still fails on UNIQUE(table_id, seq)."""
        self._epochs: dict[int, int] = {}
        """The fencing epoch of each table this process owns as one of several (decision
        39); empty for one process alone, whose saves are then not checked."""

    # Tables ---------------------------------------------------------------------------

    async def create_table(
        self, settings: dict[str, Any], rng: random.Random, *, in_club: bool = True
    ) -> TableRecord:
        """A new open table with a random 4-digit code no other open table holds;
        ``in_club``: a night of the server's club (a tournament's table is not: its chips
        are not money, and the season would count them as if they were)."""
        while True:
            code = _free_code(await self._codes(everybody=False), rng)
            try:
                async with self._db.writing() as connection:
                    values: dict[str, Any] = {
                        "code": code,
                        "settings": settings,
                        "status": TableStatus.OPEN.value,
                        "created_at": time.time(),
                        "invite": secrets.token_urlsafe(INVITE_BYTES),
                    }
                    row = (
                        await connection.run_sync(_in_the_club, values)
                        if in_club
                        else {**values, "club_id": None}
                    )
                    result = await connection.execute(
                        insert(schema.tables).values(row).returning(schema.tables.c.id)
                    )
                    return TableRecord(id=result.scalar_one(), **row)
            except IntegrityError:
                continue  # another process opened a table with this code meanwhile

    async def _codes(self, *, everybody: bool) -> set[str]:
        """The codes open tables hold (``everybody``: that any table has had)."""
        query = select(schema.tables.c.code).distinct()
        async with self._db.transaction() as connection:
            rows = await connection.execute(query if everybody else query.where(_is_open()))
            return set(rows.scalars().all())

    async def table_by_code(self, code: str) -> TableRecord | None:
        """The open table with this code, if any."""
        return await self._one_table(schema.tables.c.code == code, _is_open())

    async def latest_table_by_code(self, code: str) -> TableRecord | None:
        """The newest table that had this code, open or closed (a closed one keeps it)."""
        async with self._db.transaction() as connection:
            query = (
                select(schema.tables)
                .where(schema.tables.c.code == code)
                .order_by(schema.tables.c.id.desc())
            )
            row = (await connection.execute(query)).first()
            return None if row is None else TableRecord.of_row(row)

    async def table(self, table_id: int) -> TableRecord | None:
        return await self._one_table(schema.tables.c.id == table_id)

    async def open_tables(self) -> list[TableRecord]:
        async with self._db.transaction() as connection:
            rows = await connection.execute(
                select(schema.tables).where(_is_open()).order_by(schema.tables.c.id)
            )
            return [TableRecord.of_row(row) for row in rows]

    async def close_table(self, table_id: int) -> None:
        await self._update_table(table_id, status=TableStatus.CLOSED.value, running=False)

    async def set_running(self, table_id: int, running: bool) -> None:
        """The host started (True) or paused the game: kept for a process that adopts it."""
        await self._update_table(table_id, running=running)

    async def new_invite(self, table_id: int) -> str:
        """A new secret for the table's invite link: the old link seats nobody any more."""
        invite = secrets.token_urlsafe(INVITE_BYTES)
        await self._update_table(table_id, invite=invite)
        return invite

    async def update_settings(self, table_id: int, settings: dict[str, Any]) -> None:
        await self._update_table(table_id, settings=settings)

    async def _one_table(self, *conditions: Any) -> TableRecord | None:
        async with self._db.transaction() as connection:
            row = (await connection.execute(select(schema.tables).where(*conditions))).first()
            return None if row is None else TableRecord.of_row(row)

    async def _update_table(self, table_id: int, **values: Any) -> None:
        async with self._db.writing() as connection:
            result = await connection.execute(
                update(schema.tables).where(schema.tables.c.id == table_id).values(values)
            )
            if result.rowcount == 0:
                raise StoreError(f"there is no table {table_id}")

    # Players --------------------------------------------------------------------------

    async def register_player(
        self,
        table_id: int,
        name: str,
        *,
        invited: bool = False,
        member_id: int | None = None,
        program: bool = False,
    ) -> tuple[PlayerRecord, str]:
        """A new player and their seat token; only the token's SHA-256 is stored.

        ``name`` must be a display name (``pokernight.names.display_name``); one that
        reads the same as another player's of the table raises NameTakenError.
        ``member_id``: the member of the club who plays this seat (None: a guest);
        ``program``: the player is a program (a friend's bot), for as long as they play here.
        """
        token = secrets.token_urlsafe(TOKEN_BYTES)
        created_at = time.time()
        values = {
            "table_id": table_id,
            "name": name,
            "name_key": name_key(name),
            "token_sha256": token_hash(token),
            "created_at": created_at,
            "invited": invited,
            "member_id": member_id,
            "program": program,
        }
        try:
            async with self._db.writing() as connection:
                await _refuse_lookalike(connection, table_id, name)
                result = await connection.execute(
                    insert(schema.players).values(values).returning(schema.players.c.id)
                )
                player_id = result.scalar_one()
        except IntegrityError:
            raise NameTakenError(name) from None
        record = PlayerRecord(player_id, table_id, name, created_at, invited, member_id, program)
        return record, token

    async def player_by_token(self, table_id: int, token: str) -> PlayerRecord | None:
        players = schema.players
        async with self._db.transaction() as connection:
            row = (
                await connection.execute(
                    select(*members.PLAYER_COLUMNS)
                    .where(players.c.table_id == table_id)
                    .where(players.c.token_sha256 == token_hash(token))
                )
            ).first()
            return None if row is None else PlayerRecord(*row)

    async def player(self, player_id: int) -> PlayerRecord | None:
        players = schema.players
        async with self._db.transaction() as connection:
            query = select(*members.PLAYER_COLUMNS).where(players.c.id == player_id)
            row = (await connection.execute(query)).first()
            return None if row is None else PlayerRecord(*row)

    async def players_never_seated(self, table_id: int) -> list[PlayerRecord]:
        """The table's players who joined and never bought in, oldest first."""
        players, ledger = schema.players, schema.ledger_entries
        bought_in = (
            select(ledger.c.id)
            .where(ledger.c.table_id == players.c.table_id)
            .where(ledger.c.player_id == cast(players.c.id, String))
            .exists()
        )
        async with self._db.transaction() as connection:
            rows = await connection.execute(
                select(*members.PLAYER_COLUMNS)
                .where(players.c.table_id == table_id, ~bought_in)
                .order_by(players.c.id)
            )
            return [PlayerRecord(*row) for row in rows]

    async def forget_players(self, table_id: int, player_ids: Sequence[int]) -> None:
        """Remove players (who never sat): their seat tokens stop working."""
        if not player_ids:
            return
        players, requests = schema.players, schema.requests
        async with self._db.writing() as connection:
            await connection.execute(
                delete(players).where(players.c.table_id == table_id, players.c.id.in_(player_ids))
            )
            # SQLite may give a forgotten id to the next player: they start with no history.
            await connection.execute(
                delete(requests).where(
                    requests.c.table_id == table_id,
                    requests.c.player_id.in_([str(player_id) for player_id in player_ids]),
                )
            )

    # Handled requests -----------------------------------------------------------------

    async def handled_requests(self, table_id: int) -> list[HandledRequest]:
        """The requests the table's players had carried out, the newest ``REQUESTS_KEPT`` of
        each player, oldest first; older ones are deleted (the bound on a resend's memory)."""
        requests = schema.requests
        columns = (requests.c.player_id, requests.c.session, requests.c.ref, requests.c.version)
        kept: list[HandledRequest] = []
        async with self._db.writing() as connection:
            rows = await connection.execute(
                select(*columns)
                .where(requests.c.table_id == table_id)
                .order_by(requests.c.player_id, requests.c.version.desc())
            )
            newest_first = [HandledRequest(*row) for row in rows]
            for player_id, group in itertools.groupby(newest_first, lambda r: r.player_id):
                mine = list(group)
                kept += mine[:REQUESTS_KEPT]
                if len(mine) > REQUESTS_KEPT:
                    await connection.execute(
                        delete(requests).where(
                            requests.c.table_id == table_id,
                            requests.c.player_id == player_id,
                            requests.c.version < mine[REQUESTS_KEPT - 1].version,
                        )
                    )
        return sorted(kept, key=lambda request: request.version)

    # The event log --------------------------------------------------------------------

    async def append_events(
        self, table_id: int, events: Sequence[StoredEvent], requests: Sequence[HandledRequest] = ()
    ) -> None:
        """Append ``events`` to the table's log in one transaction (see ``append_batch``)."""
        await self.append_batch([(table_id, events)], [(table_id, r) for r in requests])

    async def append_batch(
        self, batch: Sequence[TableEvents], requests: Sequence[TableRequest] = ()
    ) -> None:
        """Append the events of several tables in ONE transaction, with their projections
        and the ``requests`` that caused them.

        Each table's events must continue its log (``seq`` = last + 1, + 2...);
        otherwise StaleWriterError and nothing of the batch is written.
        """
        if not any(events for _, events in batch):
            return
        async with self._db.turn:
            known = {tid: self._versions[tid] for tid, _ in batch if tid in self._versions}
            epochs = {tid: self._epochs[tid] for tid, _ in batch if tid in self._epochs}
            try:
                versions = await self._db.write_in_turn(
                    lambda c: append.append_batch(c, batch, known, requests, epochs)
                )
            except StaleWriterError:
                for table_id, _ in batch:  # read them back next time
                    self._versions.pop(table_id, None)
                raise
        self._versions.update(versions)

    def forget_table(self, table_id: int) -> None:
        """The table has left this process's memory (asleep, or closed): what was known of
        its log goes too, read back at its next save. (An epoch held stays: decision 39.)"""
        self._versions.pop(table_id, None)

    async def own_table(self, table_id: int) -> int:
        """Become the table's owner among several processes (its lease just taken): raise its
        fencing epoch, so that a former owner's saves are refused from now on, and forget
        what this process knew of its log (another wrote it since). Returns the epoch."""
        async with self._db.turn:
            epoch = await self._db.write_in_turn(lambda c: fencing.raise_epoch(c, table_id))
            self._epochs[table_id] = epoch
            self._versions.pop(table_id, None)
        return epoch

    async def import_table(
        self,
        table: TableRecord | ImportedTable,
        players: Mapping[str, str],
        log: Callable[[TableRecord, Mapping[str, str]], Sequence[StoredEvent]],
        *,
        hand_keys: tuple[str, Sequence[str]] = ("", ()),
    ) -> TableRecord:
        """Hands imported from elsewhere, in ONE transaction: the table (a new one for an
        ``ImportedTable``), the ``players`` (display names, by the key ``log`` knows them
        by) and the events ``log`` makes once the table and the players' ids are known.
        ``hand_keys``: the source and its ids of the hands (``imported_hand_keys``), kept
        with them. Anything failing stores nothing: no table without its hands."""
        if isinstance(table, ImportedTable):
            # A code no table has had, while there is one: the newest table with a code is
            # the one `export` reads, and an import must not hide a played table's history.
            taken = await self._codes(everybody=True)
            if len(taken) >= CODE_COUNT:
                taken = await self._codes(everybody=False)
            table = replace(table, code=_free_code(taken, table.rng))

        def work(connection: Connection) -> TableRecord:
            record = table if isinstance(table, TableRecord) else _insert_table(connection, table)
            ids = {
                key: _insert_player(connection, record.id, name) for key, name in players.items()
            }
            append.append_batch(connection, [(record.id, log(record, ids))], {})
            if record.club_id is not None:  # names the host matched to members: theirs
                club_imports.seat_imported_names(connection, record.club_id)
            source, keys = hand_keys
            if keys:
                rows = [{"source": source, "hand_key": key, "table_id": record.id} for key in keys]
                connection.execute(insert(schema.imported_hands), rows)
            return record

        async with self._db.turn:
            if isinstance(table, TableRecord):
                self._versions.pop(table.id, None)  # appended here, not by append_batch
            try:
                return await self._db.write_in_turn(work)
            except IntegrityError:
                raise StoreError(
                    "a player's name is taken at this table: nothing was stored"
                ) from None

    async def imported_hand_keys(self, source: str, keys: Sequence[str]) -> set[str]:
        """Those of ``keys`` (another site's ids for its hands) already imported."""
        found: set[str] = set()
        table = schema.imported_hands
        async with self._db.transaction() as connection:
            for start in range(0, len(keys), 500):
                rows = await connection.execute(
                    select(table.c.hand_key).where(
                        table.c.source == source, table.c.hand_key.in_(keys[start : start + 500])
                    )
                )
                found.update(row[0] for row in rows)
        return found

    async def load_events(self, table_id: int, after: int = 0) -> list[StoredEvent]:
        """The table's events after version ``after``, in order."""
        events = schema.events
        async with self._db.transaction() as connection:
            rows = await connection.execute(
                select(events.c.seq, events.c.kind, events.c.data, events.c.at)
                .where(events.c.table_id == table_id, events.c.seq > after)
                .order_by(events.c.seq)
            )
            return [StoredEvent(*row) for row in rows]

    async def hand_log(self, table_id: int, number: int) -> HandLog | None:
        """Hand ``number`` of the table, its summary and its own events (``HandLog``),
        read through the index the hands projection keeps (``first_seq``): two queries on
        primary keys, however long the log. None: the table never dealt that hand."""
        hands = schema.hands
        async with self._db.transaction() as connection:
            result = await connection.execute(
                select(hands.c.hand_number, hands.c.first_seq, hands.c.summary, hands.c.ended_at)
                .where(hands.c.table_id == table_id, hands.c.hand_number >= number)
                .order_by(hands.c.hand_number)
                .limit(3)
            )
            rows = result.all()
            if not rows or rows[0].hand_number != number:
                return None
            hand, ended = rows[0], rows[0].ended_at is not None
            if hand.first_seq is None or not ended:
                return HandLog(hand.summary, ended, None if hand.first_seq is None else [])
            # Up to the deal of the hand after the next: a log stored before the last hand's
            # cards could only be shown until the next deal (issue 31) may show them later.
            until = rows[2].first_seq if len(rows) == 3 else None
            events = await _events(connection, table_id, hand.first_seq, until)
            return HandLog(hand.summary, ended, events)

    async def last_seq(self, table_id: int) -> int:
        """The table's version: the seq of its last event, 0 before the first."""
        return (await self.last_seqs([table_id])).get(table_id, 0)

    async def last_seqs(self, table_ids: Sequence[int]) -> dict[int, int]:
        """Each table's version (tables with no event yet are left out): one query."""
        async with self._db.transaction() as connection:
            return await connection.run_sync(append.last_seqs, table_ids)

    # Projections ----------------------------------------------------------------------

    async def ledger_entries(self, table_id: int) -> list[dict[str, Any]]:
        """The cashier's ledger in order: ``hand_number, player_id, name, kind, amount,
        reason``.

        ``kind`` is a ``pokernight.table.EntryKind`` value (buy-in, rebuy, cash-out, result,
        correction); ``reason`` the host's words for a correction or a removal, else empty.
        """
        entries = schema.ledger_entries
        columns = (entries.c.hand_number, entries.c.player_id, entries.c.name)
        async with self._db.transaction() as connection:
            rows = await connection.execute(
                select(*columns, entries.c.kind, entries.c.amount, entries.c.reason)
                .where(entries.c.table_id == table_id)
                .order_by(entries.c.id)
            )
            return [dict(row._mapping) for row in rows]

    async def hands(self, table_id: int) -> list[dict[str, Any]]:
        """The table's hands in order: ``hand_number, started_at, ended_at, summary``.

        ``ended_at`` is None while the hand is played; see ``projections`` for the summary.
        """
        hands = schema.hands
        async with self._db.transaction() as connection:
            rows = await connection.execute(
                select(hands.c.hand_number, hands.c.started_at, hands.c.ended_at, hands.c.summary)
                .where(hands.c.table_id == table_id)
                .order_by(hands.c.hand_number)
            )
            return [dict(row._mapping) for row in rows]


async def _events(
    connection: AsyncConnection, table_id: int, first: int, until: int | None
) -> list[StoredEvent]:
    """The table's events from seq ``first`` on, before ``until`` (None: to the end)."""
    events = schema.events
    bounds = [events.c.table_id == table_id, events.c.seq >= first]
    if until is not None:
        bounds.append(events.c.seq < until)
    rows = await connection.execute(
        select(events.c.seq, events.c.kind, events.c.data, events.c.at)
        .where(*bounds)
        .order_by(events.c.seq)
    )
    return [StoredEvent(*row) for row in rows]


@dataclass(frozen=True, slots=True)
class ImportedTable:
    """A table to create for imported hands: its settings, and the random source that
    draws its code (``code`` is drawn by ``import_table``)."""

    settings: dict[str, Any]
    rng: random.Random
    code: str = ""


def _insert_table(connection: Connection, table: ImportedTable) -> TableRecord:
    values: dict[str, Any] = {
        "code": table.code,
        "settings": table.settings,
        "status": TableStatus.IMPORTED.value,
        "created_at": time.time(),
        "invite": secrets.token_urlsafe(INVITE_BYTES),
    }
    row = _in_the_club(connection, values)
    result = connection.execute(insert(schema.tables).values(row).returning(schema.tables.c.id))
    return TableRecord(id=result.scalar_one(), **row)


def _in_the_club(connection: Connection, values: dict[str, Any]) -> dict[str, Any]:
    """A new table's row, in the server's club (decision 33: one club by default)."""
    return {**values, "club_id": members.default_club(connection, values["created_at"]).id}


def _insert_player(connection: Connection, table_id: int, name: str) -> str:
    """A new player of the table, with a seat token nobody is given: their id."""
    values = {
        "table_id": table_id,
        "name": name,
        "name_key": name_key(name),
        "token_sha256": token_hash(secrets.token_urlsafe(TOKEN_BYTES)),
        "created_at": time.time(),
        "invited": False,
    }
    result = connection.execute(
        insert(schema.players).values(values).returning(schema.players.c.id)
    )
    return str(result.scalar_one())


def _is_open() -> Any:
    return schema.tables.c.status == TableStatus.OPEN.value


def _free_code(taken: set[str], rng: random.Random) -> str:
    if len(taken) >= CODE_COUNT:
        raise StoreError(f"all {CODE_COUNT:,} table codes are in use: close a table first")
    while True:
        code = f"{rng.randrange(CODE_COUNT):04d}"
        if code not in taken:
            return code


async def _refuse_lookalike(connection: AsyncConnection, table_id: int, name: str) -> None:
    """NameTakenError if a player of the table has a name that looks like ``name`` (the
    same key is the unique index's to refuse)."""
    players = schema.players
    rows = await connection.execute(select(players.c.name).where(players.c.table_id == table_id))
    if any(same_name(row.name, name) for row in rows):
        raise NameTakenError(name)
