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
import os
import secrets
import socket
from typing import TYPE_CHECKING

from starlette.websockets import WebSocket

from pokernight.cluster.lease import LeaseLostError, TableLeases
from pokernight.server.pipes import CLOSE_TABLE_MOVED, MOVED_REASON, Pipes

if TYPE_CHECKING:
    from pokernight.server.lobby import Lobby

log = logging.getLogger(__name__)

PAUSED_REASON = "the room cannot reach Redis: this table pauses until it can; reconnect"
RENEWALS_PER_LEASE = 4


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
        self.last_renewed = self.loop.time()
        self.task: asyncio.Task[None] | None = None
        self.lease_changes = 0  # tables taken or let go: for /metrics

    @property
    def every(self) -> float:
        return self.leases.ttl_ms / 1000 / RENEWALS_PER_LEASE

    async def claim(self, table_id: int) -> None:
        """Own a table just created, before its first event is saved."""
        if not await self.leases.take(str(table_id)):
            raise LeaseLostError(f"table {table_id} is new, yet another process holds it")
        await self.lobby.store.own_table(table_id)
        self._held(table_id)

    async def start(self) -> None:
        await self.pipes.start()
        self.task = self.loop.create_task(self._keep(), name="table leases")

    async def stop_renewing(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        await self.pipes.stop()

    async def owner_elsewhere(self, code: str) -> str | None:
        """The other process that plays open table ``code`` now, if one does."""
        record = await self.lobby.store.table_by_code(code)
        if record is None:
            return None
        owner = await self.leases.owner_of(str(record.id))
        return None if owner == self.leases.owner else owner

    async def pipe(self, websocket: WebSocket, code: str) -> bool:
        """If another process plays table ``code``, carry ``websocket`` there until either
        end closes, and True; False: serve it here (it is played here now, or there is no
        such table, which the local socket says). A table between two owners (its owner
        died, the lease has not run out) is waited for, a lease's life at most."""
        record = await self.lobby.store.table_by_code(code)
        if record is None:
            return False
        deadline = self.loop.time() + 2 * self.leases.ttl_ms / 1000
        while code not in self.lobby.actors:
            owner = await self.leases.owner_of(str(record.id))
            if owner is not None and owner != self.leases.owner:
                await self.pipes.carry(websocket, code, record.id, owner)
                return True
            if self.loop.time() > deadline:
                break
            await asyncio.sleep(self.every / 2)
        return False

    async def give_back_all(self) -> None:
        """Every lease given back, once the tables have stopped and their last events are
        saved: another process may adopt them at once."""
        for table_id in list(self.held):
            with contextlib.suppress(Exception):  # Redis gone: the leases expire instead
                await self.leases.give_back(str(table_id))
        self.held.clear()
        await self.leases.close()

    async def _keep(self) -> None:
        while True:
            try:
                await self.renew()
                await self.adopt_ownerless()
            except asyncio.CancelledError:
                raise
            except Exception as error:  # Redis or the database away: try again next turn
                log.warning("table leases: %s", error)
                if self.loop.time() - self.last_renewed > self.leases.ttl_ms / 1000:
                    await self._let_go_of_all()
            await asyncio.sleep(self.every)

    async def renew(self) -> None:
        """Extend every lease held; let go of a table whose lease was lost or that closed."""
        for table_id in list(self.held):
            actor = self.lobby.actor_by_id(table_id)
            if actor is None or actor.table.closed:
                await self.leases.give_back(str(table_id))
                self._let_go(table_id)
                continue
            try:
                await self.leases.renew(str(table_id))
            except LeaseLostError as lost:
                log.warning("%s", lost)
                await self.lobby.drop(actor, CLOSE_TABLE_MOVED, MOVED_REASON)
                self._let_go(table_id)
        self.last_renewed = self.loop.time()

    async def adopt_ownerless(self) -> None:
        """Every open table no process holds: taken, fenced, rebuilt from its log, played.

        A table with no event yet is left alone: its creator (here or elsewhere) has not
        saved its first event, which it does only once it holds the lease. So a table
        that has events was leased by its creator, and one this process is opening is
        never adopted a second time by its own scan."""
        store = self.lobby.store
        records = await store.open_tables()
        opened = await store.last_seqs([record.id for record in records])
        for record in records:
            if record.id in self.held or record.id not in opened:
                continue
            if not await self.leases.take(str(record.id)):
                continue
            await store.own_table(record.id)
            self._held(record.id)
            await self.lobby.resume_table(record, running=record.running)

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
