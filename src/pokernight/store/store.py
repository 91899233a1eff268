"""The store: tables, players and each table's event log, over SQLAlchemy's async engine.

Every method is one short transaction. ``append_events`` is the only writer of
a table's log and writes the projections from the same events in the same
transaction, so the projections never disagree with the log.

SQLite lets one connection write at a time, and a connection waiting for the
write lock waits inside SQLite, where a busy event loop stretches every other
transaction: under load, joins failed with "database is locked" after the
busy timeout. So on SQLite every write of this process takes its turn on one
asyncio lock first (``_writing``): waiting happens in the event loop, and
SQLite only ever sees one writer from us. The event log's group commits, the
bulk of the writes, run on SQLite as one synchronous call (``sqlite_writer``);
on PostgreSQL through the async connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import itertools
import random
import secrets
import time
from collections.abc import AsyncIterator, Callable, Iterator, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from sqlalchemy import Connection, String, cast, delete, insert, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError, InterfaceError, OperationalError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from pokernight.names import name_key, same_name
from pokernight.store import append, club_log, fencing, invites, members, schema
from pokernight.store import club as club_queries
from pokernight.store import tournaments as tournament_queries
from pokernight.store.append import TableEvents, TableRequest
from pokernight.store.engine import create_engine, database_url, migrate
from pokernight.store.errors import (
    MemberError,
    NameTakenError,
    StaleWriterError,
    StoreError,
    StoreUnavailableError,
)
from pokernight.store.records import (
    ClubRecord,
    DeviceRecord,
    HandledRequest,
    HandLog,
    MemberRecord,
    PlayerRecord,
    StoredEvent,
    TableRecord,
)
from pokernight.store.schema import TableStatus
from pokernight.store.sqlite_writer import SqliteWriter

CODE_COUNT = 10_000
TOKEN_BYTES = 32
INVITE_BYTES = 16
REQUESTS_KEPT = 256
"""Handled requests remembered per player (the newest): see ``handled_requests``."""

Result = TypeVar("Result")


async def open_store(url: str | None = None) -> Store:
    """Connect to the database ``url`` names and migrate it to the latest schema.

    A database that is down or a URL we cannot use raises StoreUnavailableError.
    """
    address = database_url(url)
    sqlite_writer = SqliteWriter(address) if address.get_backend_name() == "sqlite" else None
    store = Store(
        create_engine(address), address.render_as_string(hide_password=True), sqlite_writer
    )
    try:
        await migrate(store.engine)
    except (DBAPIError, OSError) as error:
        # Whatever stops the first connection (no server, no such database, a
        # refused login) is the database being unavailable to us.
        await store.close()
        raise StoreUnavailableError(store.unavailable(error)) from None
    except BaseException:
        await store.close()
        raise
    return store


class Store:
    def __init__(
        self, engine: AsyncEngine, description: str, sqlite_writer: SqliteWriter | None = None
    ) -> None:
        self.engine = engine
        self.description = description
        self._versions: dict[int, int] = {}
        """The last seq this store committed for each table: the continuity check need not
        read it back. Another process appending meanwhile still fails on UNIQUE(table_id, seq)."""
        self._epochs: dict[int, int] = {}
        """The fencing epoch of each table this process owns as one of several (decision
        39); empty for one process alone, whose saves are then not checked."""
        self._write_turn: AbstractAsyncContextManager[Any] = (
            asyncio.Lock() if engine.dialect.name == "sqlite" else contextlib.nullcontext()
        )
        self._sqlite_writer = sqlite_writer

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[AsyncConnection]:
        """One transaction; losing the database becomes a one-line StoreUnavailableError."""
        with self._unavailable_on_error():
            async with self.engine.begin() as connection:
                yield connection

    @contextlib.contextmanager
    def _unavailable_on_error(self) -> Iterator[None]:
        try:
            yield
        except (OperationalError, InterfaceError, OSError) as error:
            raise StoreUnavailableError(self.unavailable(error)) from None

    @asynccontextmanager
    async def _writing(self) -> AsyncIterator[AsyncConnection]:
        """A transaction that writes: on SQLite, once this process's previous write is done."""
        async with self._write_turn, self.transaction() as connection:
            yield connection

    def unavailable(self, error: Exception) -> str:
        """A one-line message for the database error ``error``."""
        reason = getattr(error, "orig", None) or error
        first_line = str(reason).strip().splitlines()[0] if str(reason).strip() else ""
        return f"database {self.description} is unavailable: {first_line or type(reason).__name__}"

    async def close(self) -> None:
        if self._sqlite_writer is not None:
            self._sqlite_writer.close()
        await self.engine.dispose()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *_exc_info: object) -> None:
        await self.close()

    # Tables --------------------------------------------------------------------------------

    async def create_table(
        self, settings: dict[str, Any], rng: random.Random, *, in_club: bool = True
    ) -> TableRecord:
        """A new open table with a random 4-digit code no other open table holds;
        ``in_club``: a night of the server's club (a tournament's table is not: its chips
        are not money, and the season would count them as if they were)."""
        while True:
            code = _free_code(await self._codes(everybody=False), rng)
            try:
                async with self._writing() as connection:
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
        async with self.transaction() as connection:
            rows = await connection.execute(query if everybody else query.where(_is_open()))
            return set(rows.scalars().all())

    async def table_by_code(self, code: str) -> TableRecord | None:
        """The open table with this code, if any."""
        return await self._one_table(schema.tables.c.code == code, _is_open())

    async def latest_table_by_code(self, code: str) -> TableRecord | None:
        """The newest table that had this code, open or closed (a closed one keeps it)."""
        async with self.transaction() as connection:
            query = (
                select(schema.tables)
                .where(schema.tables.c.code == code)
                .order_by(schema.tables.c.id.desc())
            )
            row = (await connection.execute(query)).first()
            return None if row is None else TableRecord.of_row(row)

    async def table(self, table_id: int) -> TableRecord | None:
        return await self._one_table(schema.tables.c.id == table_id)

    async def ping(self) -> None:
        """Answer only when the database does (``StoreUnavailableError`` otherwise)."""
        async with self.transaction() as connection:
            await connection.execute(select(1))

    async def open_tables(self) -> list[TableRecord]:
        async with self.transaction() as connection:
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
        async with self.transaction() as connection:
            row = (await connection.execute(select(schema.tables).where(*conditions))).first()
            return None if row is None else TableRecord.of_row(row)

    async def _update_table(self, table_id: int, **values: Any) -> None:
        async with self._writing() as connection:
            result = await connection.execute(
                update(schema.tables).where(schema.tables.c.id == table_id).values(values)
            )
            if result.rowcount == 0:
                raise StoreError(f"there is no table {table_id}")

    # Players -------------------------------------------------------------------------------

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
            "token_sha256": _token_hash(token),
            "created_at": created_at,
            "invited": invited,
            "member_id": member_id,
            "program": program,
        }
        try:
            async with self._writing() as connection:
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
        async with self.transaction() as connection:
            row = (
                await connection.execute(
                    select(*members.PLAYER_COLUMNS)
                    .where(players.c.table_id == table_id)
                    .where(players.c.token_sha256 == _token_hash(token))
                )
            ).first()
            return None if row is None else PlayerRecord(*row)

    async def player(self, player_id: int) -> PlayerRecord | None:
        players = schema.players
        async with self.transaction() as connection:
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
        async with self.transaction() as connection:
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
        async with self._writing() as connection:
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

    # Handled requests ----------------------------------------------------------------------

    async def handled_requests(self, table_id: int) -> list[HandledRequest]:
        """The requests the table's players had carried out, the newest ``REQUESTS_KEPT`` of
        each player, oldest first; older ones are deleted (the bound on a resend's memory)."""
        requests = schema.requests
        columns = (requests.c.player_id, requests.c.session, requests.c.ref, requests.c.version)
        kept: list[HandledRequest] = []
        async with self._writing() as connection:
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

    # Clubs, members, devices (decision 33; the transactions' bodies are in ``members``) ---

    async def default_club(self) -> ClubRecord:
        """The server's club: the first one, made now if the migration did not."""
        return await self._write_members(lambda c: members.default_club(c, time.time()))

    async def club(self, club_id: int) -> ClubRecord:
        return await self._read_members(lambda c: members.club(c, club_id))

    async def add_member(self, club_id: int, name: str, *, organiser: bool = False) -> MemberRecord:
        """A new member of the club. ``name`` must be a display name
        (``pokernight.names.display_name``); one reading the same as another member's of
        the club, or looking like it, is refused with MemberError."""
        try:
            return await self._write_members(
                lambda c: members.add_member(c, club_id, name, time.time(), organiser=organiser)
            )
        except IntegrityError:  # another process added the name since it was checked
            raise MemberError(members.name_taken(name)) from None

    async def has_organiser(self, club_id: int) -> bool:
        return await self._read_members(lambda c: members.has_organiser(c, club_id))

    async def new_club_invite(
        self, club_id: int, made_by: MemberRecord | None, *, organiser: bool = False
    ) -> str:
        """An invitation to the club (``made_by`` None: the server's operator), used once
        within ``invites.INVITE_SECONDS``; only its SHA-256 is stored."""
        code = secrets.token_urlsafe(invites.INVITE_BYTES)
        await self._write_members(
            lambda c: invites.new_invite(
                c, club_id, code, organiser=organiser, made_by=made_by, now=time.time()
            )
        )
        return code

    async def take_club_invite(
        self, code: str, name: str, already: MemberRecord | None
    ) -> tuple[MemberRecord, str | None]:
        """The invitation taken: a new member called ``name`` and their device token; or a
        member ``already`` signed in made an organiser (no new token). MemberError, and
        nothing changed, for a wrong, spent or expired invitation or a name taken."""
        token = secrets.token_urlsafe(TOKEN_BYTES)
        try:
            made = await self._write_members(
                lambda c: invites.take_invite(c, code, name, token, time.time(), already=already)
            )
        except IntegrityError:  # another process added the name since it was checked
            raise MemberError(members.name_taken(name)) from None
        return made, None if already is not None else token

    async def club_log(self, club_id: int) -> list[dict[str, Any]]:
        return await self._read_members(lambda c: club_log.read(c, club_id))

    async def member(self, member_id: int) -> MemberRecord | None:
        """The member, or whoever absorbed them (``merge``)."""
        return await self._read_members(lambda c: members.member(c, member_id))

    async def member_named(self, club_id: int, name: str) -> MemberRecord | None:
        """The club's member whose name reads as ``name`` (``pokernight.names.name_key``)."""
        return await self._read_members(lambda c: members.member_named(c, club_id, name))

    async def merge(self, into: int, other: int) -> MemberRecord:
        """Member ``other`` is read as ``into`` from now on; refused for one member, two
        clubs, or a merge that would chain. Only ``merge_by_code`` asks the people."""
        return await self._write_members(lambda c: members.merge(c, into, other))

    async def merge_by_code(self, into: MemberRecord, code: str) -> MemberRecord:
        """The member whose claim code ``code`` is, read as ``into`` from now on (logged)."""
        return await self._write_members(
            lambda c: members.merge_by_code(c, into, code, time.time())
        )

    async def add_device(self, member_id: int) -> str:
        """A new device token signed in as the member; only its SHA-256 is stored."""
        token = secrets.token_urlsafe(TOKEN_BYTES)
        await self._write_members(lambda c: members.add_device(c, member_id, token, time.time()))
        return token

    async def member_devices(self, member_id: int) -> list[DeviceRecord]:
        return await self._read_members(lambda c: members.member_devices(c, member_id))

    async def remove_device(self, member_id: int, key: str) -> None:
        """The member's device known by ``key`` is signed out (its token stops working)."""
        await self._write_members(lambda c: members.remove_device(c, member_id, key))

    async def make_organiser(self, member_id: int, by: MemberRecord) -> MemberRecord:
        """Organiser ``by`` names another member an organiser too (logged)."""
        return await self._write_members(
            lambda c: invites.make_organiser(c, member_id, by, time.time())
        )

    async def member_of_device(self, token: str) -> MemberRecord | None:
        """The member the device token signs in as (its ``last_seen`` is now), or None."""
        return await self._write_members(lambda c: members.member_of_device(c, token, time.time()))

    async def new_claim_code(self, member_id: int, now: float) -> str:
        """A code (``members.CLAIM_CODE_LENGTH`` letters) that adds one more device to
        the member, once, for ``members.CLAIM_CODE_SECONDS``; only its SHA-256 is stored."""
        while True:
            code = _claim_code()
            try:
                await self._write_members(
                    functools.partial(
                        members.new_claim_code, member_id=member_id, code=code, now=now
                    )
                )
                return code
            except IntegrityError:
                continue  # a code another member holds now: draw again

    async def claim(self, code: str, now: float) -> tuple[MemberRecord, str]:
        """The claim code's member and a new device token for them; the code is spent. A
        wrong, spent or expired code raises MemberError and changes nothing."""
        token = secrets.token_urlsafe(TOKEN_BYTES)
        member = await self._write_members(lambda c: members.claim(c, code, token, now))
        return member, token

    # The season (decision 35; the transactions' bodies are in ``club``) -------------------

    async def club_tables(self, club_id: int) -> list[TableRecord]:
        """The club's tables, oldest first: open, closed and imported."""
        return await self._read_members(lambda c: club_queries.club_tables(c, club_id))

    async def club_identities(self, club_id: int) -> dict[str, MemberRecord]:
        """The member who played each seat of the club's tables, by player id."""
        return await self._read_members(lambda c: club_queries.club_identities(c, club_id))

    async def club_members(self, club_id: int) -> list[MemberRecord]:
        return await self._read_members(lambda c: club_queries.club_members(c, club_id))

    async def player_of_member(self, table_id: int, member_id: int) -> int | None:
        """The member's seat (player id) at the table, if they have one."""
        return await self._read_members(
            lambda c: club_queries.player_of_member(c, table_id, member_id)
        )

    async def add_payment(
        self, club_id: int, payer: int, payee: int, amount: int, recorded_by: int
    ) -> club_queries.PaymentRecord:
        """Member ``payer`` paid ``payee``, recorded by one of them: it counts once the
        other confirms it. Refused (MemberError) between non-members, or by anybody else."""
        return await self._write_members(
            lambda c: club_queries.add_payment(
                c, club_id, payer, payee, amount, at=time.time(), recorded_by=recorded_by
            )
        )

    async def confirm_payment(
        self, club_id: int, payment_id: int, member_id: int
    ) -> club_queries.PaymentRecord:
        """The other side's word on a payment: it counts from now on."""
        return await self._write_members(
            lambda c: club_queries.confirm_payment(c, club_id, payment_id, member_id, time.time())
        )

    async def settle_dispute(
        self, club_id: int, payment_id: int, organiser: MemberRecord, counts: bool
    ) -> club_queries.PaymentRecord | None:
        """An organiser's word on a disputed payment (logged): it counts, or it is gone."""
        return await self._write_members(
            lambda c: club_queries.settle_dispute(
                c, club_id, payment_id, organiser, counts=counts, at=time.time()
            )
        )

    async def delete_payment(self, club_id: int, payment_id: int, member_id: int) -> None:
        """A payment waiting for a word, withdrawn or declined by one of its two sides."""
        await self._write_members(
            lambda c: club_queries.delete_payment(c, club_id, payment_id, member_id)
        )

    async def member_for_player(
        self, club_id: int, player_id: int, vouched_by: int
    ) -> tuple[MemberRecord, str]:
        """A new member for a player who just joined under their name at the table of
        member ``vouched_by`` (the host, whose invite link they came by), with a device
        token (only its SHA-256 kept): one transaction. A name a member took meanwhile:
        MemberError."""
        token = secrets.token_urlsafe(TOKEN_BYTES)
        try:
            made = await self._write_members(
                lambda c: club_queries.member_for_player(
                    c, club_id, player_id, token, now=time.time(), vouched_by=vouched_by
                )
            )
        except IntegrityError:  # another process made a member of that name since
            raise MemberError(
                "that name became a member's meanwhile: you play as a guest"
            ) from None
        return made, token

    async def payments(self, club_id: int) -> list[club_queries.PaymentRecord]:
        return await self._read_members(lambda c: club_queries.club_payments(c, club_id))

    async def guest_seats(self, club_id: int, tokens: list[str]) -> list[club_queries.GuestSeat]:
        """Which of these seat tokens are the club's guest seats, not yet claimed."""
        return await self._read_members(lambda c: club_queries.guest_seats(c, club_id, tokens))

    async def claim_guest(self, seat_token: str, member: MemberRecord) -> PlayerRecord:
        """The guest seat of ``seat_token`` becomes ``member``'s (logged): the word of
        whoever holds both the seat's token and the member's device."""
        return await self._write_members(
            lambda c: club_queries.claim_guest(c, seat_token, member, time.time())
        )

    async def opponent_models(self, club_id: int, member_ids: list[int]) -> dict[int, Any]:
        """What the club's bots remember of these members (``bots.stats.PlayerStats``)."""
        return await self._read_members(
            lambda c: club_queries.opponent_models(c, club_id, member_ids)
        )

    async def save_opponent_models(self, club_id: int, stats: Mapping[int, Any]) -> None:
        await self._write_members(
            lambda c: club_queries.save_opponent_models(c, club_id, stats, time.time())
        )

    async def _write_members(self, work: Callable[[Connection], Result]) -> Result:
        async with self._write_turn:
            return await self._write(work)

    async def _read_members(self, work: Callable[[Connection], Result]) -> Result:
        async with self.transaction() as connection:
            return await connection.run_sync(work)

    # Tournaments (decision 36) -----------------------------------------------------------

    async def create_tournament(
        self, created: StoredEvent, director: tuple[str, str], club_id: int | None
    ) -> int:
        """A new tournament whose log begins with ``created`` (its ``TournamentCreated``),
        with the token of its ``director`` (player id, token), of the club ``club_id``."""
        saved = tournament_queries.Entrant(director[0], _token_hash(director[1]))
        return await self._write_members(
            lambda c: tournament_queries.create(c, created, saved, club_id)
        )

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
            else tournament_queries.Entrant(entrant[0], _token_hash(entrant[1]), member_id)
        )
        await self._write_members(
            lambda c: tournament_queries.append(c, tournament_id, events, saved, finished=finished)
        )

    async def tournament_events(self, tournament_id: int) -> list[StoredEvent]:
        return await self._read_members(lambda c: tournament_queries.events(c, tournament_id))

    async def entrant_by_token(self, tournament_id: int, token: str) -> str | None:
        """The player id of the tournament's entrant (or director) whose token this is."""
        digest = _token_hash(token)
        return await self._read_members(
            lambda c: tournament_queries.entrant_of(c, tournament_id, digest)
        )

    async def add_tournament_table(self, tournament_id: int, number: int, table_id: int) -> None:
        await self._write_members(
            lambda c: tournament_queries.add_table(c, tournament_id, number, table_id)
        )

    async def tournament_tables(self, tournament_id: int) -> dict[int, int]:
        return await self._read_members(lambda c: tournament_queries.tables(c, tournament_id))

    async def club_tournaments(self, club_id: int) -> list[tournament_queries.TournamentRecord]:
        return await self._read_members(lambda c: tournament_queries.club_tournaments(c, club_id))

    async def tournament_members(self, tournament_id: int) -> dict[str, int]:
        """The member id of each entrant who registered as a member, by player id."""
        return await self._read_members(lambda c: tournament_queries.members_of(c, tournament_id))

    async def running_tournaments(self) -> list[int]:
        return await self._read_members(tournament_queries.running)

    async def finished_tournaments(self) -> list[int]:
        return await self._read_members(tournament_queries.finished)

    # The event log -------------------------------------------------------------------------

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
        async with self._write_turn:
            known = {tid: self._versions[tid] for tid, _ in batch if tid in self._versions}
            epochs = {tid: self._epochs[tid] for tid, _ in batch if tid in self._epochs}
            try:
                versions = await self._write(
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
        async with self._write_turn:
            epoch = await self._write(lambda c: fencing.raise_epoch(c, table_id))
            self._epochs[table_id] = epoch
            self._versions.pop(table_id, None)
        return epoch

    async def _write(self, work: Callable[[Connection], Result]) -> Result:
        """``work`` in a write transaction: on SQLite, in one blocking call (``sqlite_writer``)."""
        with self._unavailable_on_error():
            if self._sqlite_writer is not None:
                return self._sqlite_writer.write(work)
            async with self.engine.begin() as connection:
                return await connection.run_sync(work)

    async def import_table(
        self,
        table: TableRecord | ImportedTable,
        players: Mapping[str, str],
        log: Callable[[TableRecord, Mapping[str, str]], Sequence[StoredEvent]],
    ) -> TableRecord:
        """Hands imported from elsewhere, in ONE transaction: the table (a new one for an
        ``ImportedTable``), the ``players`` (display names, by the key ``log`` knows them
        by) and the events ``log`` makes once the table and the players' ids are known.
        Anything failing stores nothing: no table without its hands."""
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
            return record

        async with self._write_turn:
            if isinstance(table, TableRecord):
                self._versions.pop(table.id, None)  # appended here, not by append_batch
            try:
                return await self._write(work)
            except IntegrityError:
                raise StoreError(
                    "a player's name is taken at this table: nothing was stored"
                ) from None

    async def load_events(self, table_id: int, after: int = 0) -> list[StoredEvent]:
        """The table's events after version ``after``, in order."""
        events = schema.events
        async with self.transaction() as connection:
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
        async with self.transaction() as connection:
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
        async with self.transaction() as connection:
            return await connection.run_sync(append.last_seqs, table_ids)

    # Projections ---------------------------------------------------------------------------

    async def ledger_entries(self, table_id: int) -> list[dict[str, Any]]:
        """The cashier's ledger in order: ``hand_number, player_id, name, kind, amount,
        reason``.

        ``kind`` is a ``pokernight.table.EntryKind`` value (buy-in, rebuy, cash-out, result,
        correction); ``reason`` the host's words for a correction or a removal, else empty.
        """
        entries = schema.ledger_entries
        columns = (entries.c.hand_number, entries.c.player_id, entries.c.name)
        async with self.transaction() as connection:
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
        async with self.transaction() as connection:
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
        "token_sha256": _token_hash(secrets.token_urlsafe(TOKEN_BYTES)),
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


def _claim_code() -> str:
    length, alphabet = members.CLAIM_CODE_LENGTH, members.CLAIM_ALPHABET
    return "".join(secrets.choice(alphabet) for _ in range(length))


async def _refuse_lookalike(connection: AsyncConnection, table_id: int, name: str) -> None:
    """NameTakenError if a player of the table has a name that looks like ``name`` (the
    same key is the unique index's to refuse)."""
    players = schema.players
    rows = await connection.execute(select(players.c.name).where(players.c.table_id == table_id))
    if any(same_name(row.name, name) for row in rows):
        raise NameTakenError(name)


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()
