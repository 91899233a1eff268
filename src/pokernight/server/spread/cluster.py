"""This process as one of several room processes on one database and one Redis (decision 39).

Each table is played by the one process that holds its lease (``cluster.lease``). A table
this process creates is leased, and its fencing epoch raised in the database, before its
first event is saved. Every quarter of the lease's life the process renews the leases it
holds, lets go of any it lost (its actor stops and its clients are closed with 1012, to
reconnect and resume by version wherever the table is now), and adopts every open table
that nobody holds: it takes the lease, raises the epoch (a former owner's late saves are
refused from then on), rebuilds the table from its log, the hand in play and its clock
included, as a restart does, and plays it.

When Redis cannot be reached, nothing can be renewed: once the last renewal is older than
a lease's life, another process may have taken the tables, so this one lets go of all of
them. The tables pause; when Redis is back, the scan adopts them again and nothing saved
is lost (the events are in the database).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import os
import secrets
import socket
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING

from starlette.websockets import WebSocket

from pokernight.cluster.lease import LeaseLostError, TableLeases
from pokernight.server.edge.closes import CLOSE_TABLE_MOVED, MOVED_REASON
from pokernight.server.spread.pipes import Pipes

if TYPE_CHECKING:
    from pokernight.server.lobby.lobby import Lobby
    from pokernight.store import TableRecord

log = logging.getLogger(__name__)

PAUSED_REASON = "the room cannot reach Redis: this table pauses until it can; reconnect"
RENEWALS_PER_LEASE = 4
LOOK_AGAIN_SECONDS = 0.1
"""How often a socket for a table between two owners looks for the new one."""
ADOPT_SECONDS = 0.25
"""How often the leases of the open tables are looked at, for one nobody holds (one
round trip to Redis whatever their number)."""
TABLES_READ_SECONDS = 2.0


def process_name() -> str:
    """A name no other room process has: host, process id and a random part."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


class Cluster:
    def __init__(self, lobby: Lobby, leases: TableLeases, pipes: Pipes) -> None:
        self.lobby = lobby
        self.leases = leases
        self.pipes = pipes
        self.loop = asyncio.get_running_loop()
        self.held: set[int] = set()  # the tables (ids) this process holds the lease of
        self.opening_now: set[int] = set()  # leased, its actor not running yet
        self.tables: list[TableRecord] = []  # open, with events: what adoption looks at
        self.codes: dict[str, int] = {}  # the same tables' ids by code
        self.tables_read_at = -math.inf
        self.last_renewed = self.loop.time()
        self.tasks: list[asyncio.Task[None]] = []
        self.lease_changes = 0  # tables taken or let go: for /metrics

    @property
    def every(self) -> float:
        return self.leases.ttl_ms / 1000 / RENEWALS_PER_LEASE

    @contextlib.asynccontextmanager
    async def opening(self, table_id: int) -> AsyncIterator[None]:
        """Own a table just created while it is opened: leased and fenced before its
        first event is saved, and not given back for want of an actor meanwhile."""
        self.opening_now.add(table_id)
        try:
            if not await self.leases.take(str(table_id)):
                raise LeaseLostError(f"table {table_id} is new, yet another process holds it")
            self._held(table_id)
            await self.lobby.store.tables.own_table(table_id)
            yield
        finally:
            self.opening_now.discard(table_id)

    async def start(self) -> None:
        await self.pipes.start()
        self.tasks = [
            self.loop.create_task(self._renewing(), name="renewing table leases"),
            self.loop.create_task(self._adopting(), name="adopting tables"),
        ]

    async def stop_renewing(self) -> None:
        for task in self.tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await self.pipes.stop()

    async def owner_elsewhere(self, code: str) -> str | None:
        """The other process that plays open table ``code`` now, if one does."""
        lease = await self._lease_of(code)
        owner = None if lease is None else lease[1]
        return None if owner == self.leases.owner else owner

    async def pipe(self, websocket: WebSocket, code: str) -> bool:
        """If another process plays table ``code``, carry ``websocket`` there until either
        end closes, and True; False: serve it here (it is played here now, or there is no
        such table, which the local socket says). A table between two owners (its owner
        died, the lease has not run out) is waited for, a lease's life at most."""
        deadline = self.loop.time() + 2 * self.leases.ttl_ms / 1000
        while code not in self.lobby.actors:
            lease = await self._lease_of(code)
            if lease is None:
                return False
            table_id, owner = lease
            if owner is not None and owner != self.leases.owner:
                await self.pipes.carry(websocket, code, table_id, owner)
                return True
            if self.loop.time() > deadline:
                break
            await asyncio.sleep(LOOK_AGAIN_SECONDS)
        return False

    async def _lease_of(self, code: str) -> tuple[int, str | None] | None:
        """Open table ``code``'s id and the process holding its lease (None: nobody now);
        None if there is no such table. The open tables read for adoption (at most
        ``TABLES_READ_SECONDS`` old) spare the database a read per request while their
        lease is held; a table opened since, or held by nobody (between owners, or closed
        and its code perhaps given to a new table), is looked up."""
        known = self.codes.get(code)
        if known is not None:
            owner = await self.leases.owner_of(str(known))
            if owner is not None:
                return known, owner
        record = await self.lobby.store.tables.table_by_code(code)
        if record is None:
            return None
        return record.id, await self.leases.owner_of(str(record.id))

    async def give_back_all(self) -> None:
        """Every lease given back, once the tables have stopped and their last events are
        saved: another process may adopt them at once."""
        for table_id in list(self.held):
            with contextlib.suppress(Exception):  # Redis gone: the leases expire instead
                await self.leases.give_back(str(table_id))
        self.held.clear()
        await self.leases.close()

    async def _renewing(self) -> None:
        # Its own task: adopting a dead process's tables takes a while, and must never
        # hold back the renewals that keep this process's own tables.
        while True:
            try:
                await self.renew()
            except asyncio.CancelledError:
                raise
            except Exception as error:  # Redis away: try again next turn
                log.warning("table leases: %s", error)
                if self.loop.time() - self.last_renewed > self.leases.ttl_ms / 1000:
                    await self._let_go_of_all()
            await asyncio.sleep(self.every)

    async def _adopting(self) -> None:
        while True:
            try:
                await self.adopt_ownerless()
            except asyncio.CancelledError:
                raise
            except Exception as error:  # Redis or the database away: try again next turn
                log.warning("adopting tables: %s", error)
            await asyncio.sleep(ADOPT_SECONDS)

    async def renew(self) -> None:
        """Extend every lease held, in one round trip; let go of a table whose lease was
        lost or that closed."""
        for table_id in list(self.held):
            actor = self.lobby.actor_by_id(table_id)
            if table_id not in self.opening_now and (actor is None or actor.table.closed):
                await self.leases.give_back(str(table_id))
                self._let_go(table_id)
        for lost in await self.leases.renew_all([str(table_id) for table_id in self.held]):
            log.warning("table %s is no longer owned by %s", lost, self.leases.owner)
            actor = self.lobby.actor_by_id(int(lost))
            if actor is not None:
                await self.lobby.drop(actor, CLOSE_TABLE_MOVED, MOVED_REASON)
            self._let_go(int(lost))
        self.last_renewed = self.loop.time()

    async def adopt_ownerless(self) -> None:
        """Every open table no process holds: taken, fenced, rebuilt from its log, played.

        A table with no event yet is left alone: its creator (here or elsewhere) has not
        saved its first event, which it does only once it holds the lease. So a table
        that has events was leased by its creator, and one this process is opening is
        never adopted a second time by its own scan."""
        candidates = [
            record for record in await self._opened_tables() if record.id not in self.held
        ]
        owners = await self.leases.owners([str(record.id) for record in candidates])
        taken = []
        for record, owner in zip(candidates, owners, strict=True):
            if owner is None and await self.leases.take(str(record.id)):
                self.opening_now.add(record.id)
                self._held(record.id)
                taken.append(record)
        # All at once: the players of a dead process's tables wait for the last of them.
        await asyncio.gather(*(self._adopt(record) for record in taken))

    async def _opened_tables(self) -> list[TableRecord]:
        """The open tables with events, read from the database at most every
        ``TABLES_READ_SECONDS``: a dead process's tables were there before it died."""
        if self.loop.time() >= self.tables_read_at + TABLES_READ_SECONDS:
            store = self.lobby.store
            records = await store.tables.open_tables()
            opened = await store.tables.last_seqs([record.id for record in records])
            self.tables = [record for record in records if record.id in opened]
            self.codes = {record.code: record.id for record in self.tables}
            self.tables_read_at = self.loop.time()
        return self.tables

    async def _adopt(self, record: TableRecord) -> None:
        try:
            await self.lobby.store.tables.own_table(record.id)
            await self.lobby.resume_table(record, running=record.running)
        finally:
            self.opening_now.discard(record.id)

    async def _let_go_of_all(self) -> None:
        for table_id in list(self.held):
            actor = self.lobby.actor_by_id(table_id)
            if actor is not None:
                await self.lobby.drop(actor, CLOSE_TABLE_MOVED, PAUSED_REASON)
            self._let_go(table_id)

    def _held(self, table_id: int) -> None:
        self.held.add(table_id)
        self.lease_changes += 1

    def _let_go(self, table_id: int) -> None:
        # The store keeps the epoch this process held: a save still in flight is checked
        # against it, and refused once another process has raised it.
        self.held.discard(table_id)
        self.lease_changes += 1
