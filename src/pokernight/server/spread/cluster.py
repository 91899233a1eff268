"""This process as one of several room processes on one database and one Redis (decisions
39 and 63).

Each table is played by the one process that owns it (``cluster.lease``): owning lasts as
long as the owner's life, which a heartbeat every quarter of a life extends (one call,
whatever the number of tables). A table this process creates is taken, and its fencing
epoch raised in the database, before its first event is saved. The heartbeat says what
was taken from this process while it stalled: those tables stop here (their clients are
closed with 1012, to reconnect and resume by version wherever the table is now).

Every quarter of a second the process asks which ownerless things are its to adopt
(those given back by a clean stop, and its share of a dead process's), with one call
that reads nothing per table while nothing changes hands. For each it takes it, raises
the epoch (a former owner's late saves are refused from then on), rebuilds it from its
log, the hand in play and its clock included, as a restart does, and plays it. If Redis
has forgotten everything (restarted without persistence) the open tables are read from
the database once, to be adopted again.

When Redis cannot be reached, no heartbeat lands: once the last one is older than a
life, another process may have taken the tables, so this one lets go of all of them.
The tables pause; when Redis is back, they are adopted again and nothing saved is lost
(the events are in the database).

A tournament's director is owned the same way (``tournament:<id>``, issue 35): taken and
fenced when the tournament is created here, adopted from its log when its process dies,
and reached by its tables, wherever they are played, through ``directors``. A finished
tournament stays owned: its process is its results page's home.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TYPE_CHECKING

from starlette.websockets import WebSocket

from pokernight.cluster.lease import LeaseLostError, Leases, table_key, tournament_key
from pokernight.server.edge.closes import CLOSE_TABLE_MOVED, MOVED_REASON
from pokernight.server.spread.directors import ClusterReach, Courier
from pokernight.server.spread.pipes import Pipes
from pokernight.store.schema import TableStatus

if TYPE_CHECKING:
    from pokernight.server.lobby.lobby import Lobby
    from pokernight.server.tables.actor import TableActor

log = logging.getLogger(__name__)

PAUSED_REASON = "the room cannot reach Redis: this table pauses until it can; reconnect"
BEATS_PER_LIFE = 4
LOOK_AGAIN_SECONDS = 0.1
"""How often a socket for a table between two owners looks for the new one."""
ADOPT_SECONDS = 0.25
"""How often this process asks for ownerless things to adopt (one cheap call to Redis,
whatever the number of tables, while nothing changes hands)."""

Adopt = Callable[[str, str], Awaitable[None]]
"""Adopts the thing of one kind named by a key's second part, the key just taken (the
key itself is the first argument)."""


async def _paused(websocket: WebSocket) -> None:
    with contextlib.suppress(Exception):
        await websocket.close(CLOSE_TABLE_MOVED, PAUSED_REASON)


def process_name() -> str:
    """A name no other room process has: host, process id and a random part."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


class Cluster:
    def __init__(self, lobby: Lobby, leases: Leases, pipes: Pipes) -> None:
        self.lobby = lobby
        self.leases = leases
        self.pipes = pipes
        self.loop = asyncio.get_running_loop()
        self.held: set[str] = set()  # the keys this process owns ("table:12")
        self.opening_now: set[str] = set()  # owned, its actor not running yet
        self.codes: dict[str, int] = {}  # tables' ids by code, as last looked up
        self.last_beat = self.loop.time()
        self.tasks: list[asyncio.Task[None]] = []
        self.dropping: set[asyncio.Task[None]] = set()  # tables fenced off, being let go
        self.lease_changes = 0  # things taken or let go of: for /metrics
        # What a key's kind ("table" in "table:12") is adopted by.
        self.adopters: dict[str, Adopt] = {
            "table": self._adopt_table,
            "tournament": self._adopt_tournament,
        }
        # Tournaments' directors and tables speak through it, wherever each is played.
        self.courier = Courier(lobby, pipes)
        lobby.reach = ClusterReach(self.courier)

    @property
    def every(self) -> float:
        return self.leases.ttl_ms / 1000 / BEATS_PER_LIFE

    @property
    def tables_held(self) -> int:
        return sum(1 for key in self.held if key.startswith("table:"))

    @contextlib.asynccontextmanager
    async def opening(self, table_id: int) -> AsyncIterator[None]:
        """Own a table just created while it is opened: taken and fenced before its first
        event is saved, and not given back for want of an actor meanwhile."""
        key = table_key(table_id)
        self.opening_now.add(key)
        try:
            if not await self.leases.take(key):
                raise LeaseLostError(f"table {table_id} is new, yet another process owns it")
            self._held(key)
            await self.lobby.store.tables.own_table(table_id)
            yield
        finally:
            self.opening_now.discard(key)
        await self._unless_lost(key)

    async def lead(self, tournament_id: int) -> None:
        """Direct a tournament just created here: owned and fenced before its first
        command (nobody else knows its id yet, so nobody else can hold it)."""
        key = tournament_key(tournament_id)
        if not await self.leases.take(key):
            raise LeaseLostError(f"tournament {tournament_id} is new, yet another process owns it")
        self._held(key)
        await self.lobby.store.tournaments.own_tournament(tournament_id)

    async def join(self) -> None:
        """Start this process's life, and adopt its share of what nobody owns."""
        await self.leases.join()
        self.last_beat = self.loop.time()
        await self.adopt_ownerless()

    async def start(self) -> None:
        await self.pipes.start()
        self.courier.start()
        self.tasks = [
            self.loop.create_task(self._beating(), name="this process's heartbeat"),
            self.loop.create_task(self._adopting(), name="adopting tables"),
        ]

    async def stop_beating(self) -> None:
        for task in self.tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await self.courier.stop()
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
        died, its life has not run out) is waited for, two lives at most. Redis away: the
        socket is closed with 1012, to come back (True)."""
        try:
            return await self._pipe(websocket, code)
        except Exception as error:  # Redis away: nobody can say who plays it meanwhile
            log.warning("a socket for table %s: %s", code, error)
            await _paused(websocket)
            return True

    async def _pipe(self, websocket: WebSocket, code: str) -> bool:
        deadline = self.loop.time() + 2 * self.leases.ttl_ms / 1000
        while code not in self.lobby.actors:
            lease = await self._lease_of(code)
            if lease is None:
                return False
            table_id, owner = lease
            if owner is not None and owner != self.leases.owner:
                await self.pipes.carry(websocket, code, table_key(table_id), owner)
                return True
            if self.loop.time() > deadline:
                break
            await asyncio.sleep(LOOK_AGAIN_SECONDS)
        return False

    async def director_elsewhere(self, tournament_id: int) -> str | None:
        """The other process that directs tournament ``tournament_id`` now, if one does."""
        owner = await self.leases.owner_of(tournament_key(tournament_id))
        return None if owner == self.leases.owner else owner

    async def pipe_tournament(self, websocket: WebSocket, tournament_id: int) -> bool:
        """``pipe``, for a tournament's page: carried to the process that directs it. A
        tournament between two directors is waited for, two lives at most."""
        try:
            return await self._pipe_tournament(websocket, tournament_id)
        except Exception as error:  # Redis away, as for a table's socket
            log.warning("a socket for tournament %d: %s", tournament_id, error)
            await _paused(websocket)
            return True

    async def _pipe_tournament(self, websocket: WebSocket, tournament_id: int) -> bool:
        deadline = self.loop.time() + 2 * self.leases.ttl_ms / 1000
        key = tournament_key(tournament_id)
        while tournament_id not in self.lobby.tournaments and self.loop.time() <= deadline:
            owner = await self.leases.owner_of(key)
            if owner is not None and owner != self.leases.owner:
                await self.pipes.carry(websocket, key, key, owner)
                return True
            await asyncio.sleep(LOOK_AGAIN_SECONDS)
        if tournament_id in self.lobby.tournaments:
            return False
        tournaments = self.lobby.store.tournaments
        if tournament_id in await tournaments.running_tournaments() + (
            await tournaments.finished_tournaments()
        ):  # not adopted yet: the page looks again, rather than hear there is none
            await websocket.close(CLOSE_TABLE_MOVED, MOVED_REASON)
            return True
        return False

    async def _lease_of(self, code: str) -> tuple[int, str | None] | None:
        """Open table ``code``'s id and the live process that owns it (None: nobody now);
        None if there is no such table. A code looked up before spares the database a
        read while its table has an owner; one owned by nobody (between owners, or closed
        and its code perhaps given to a new table) is looked up again."""
        known = self.codes.get(code)
        if known is not None:
            owner = await self.leases.owner_of(table_key(known))
            if owner is not None:
                return known, owner
        record = await self.lobby.store.tables.table_by_code(code)
        if record is None:
            return None
        self.codes[code] = record.id
        return record.id, await self.leases.owner_of(table_key(record.id))

    async def give_back_all(self) -> None:
        """Everything given back (the process's life ended), once the tables have stopped
        and their last events are saved: the others adopt them at once."""
        with contextlib.suppress(Exception):  # Redis gone: its life runs out instead
            await self.leases.leave()
        self.held.clear()
        await self.leases.close()

    async def _beating(self) -> None:
        # Its own task: adopting a dead process's tables takes a while, and must never
        # hold back the heartbeat that keeps this process's own tables.
        while True:
            try:
                await self.beat()
            except asyncio.CancelledError:
                raise
            except Exception as error:  # Redis away: try again next turn
                log.warning("heartbeat: %s", error)
                if self.loop.time() - self.last_beat > self.leases.ttl_ms / 1000:
                    await self._let_go_of_all(PAUSED_REASON)
            await asyncio.sleep(self.every)

    async def _adopting(self) -> None:
        while True:
            try:
                await self.adopt_ownerless()
            except asyncio.CancelledError:
                raise
            except Exception as error:  # Redis or the database away: try again next turn
                log.warning("adopting: %s", error)
            await asyncio.sleep(ADOPT_SECONDS)

    async def beat(self) -> None:
        """Extend this process's life; let go of what was taken from it meanwhile, and
        give back a table that closed or stopped here."""
        actors = {actor.table_id: actor for actor in self.lobby.actors.values()}
        for key in list(self.held):
            kind, _, name = key.partition(":")
            if kind != "table" or key in self.opening_now:
                continue
            actor = actors.get(int(name))
            if actor is None or actor.table.closed:
                # A closed table is gone for good; one stopped here otherwise (never
                # resumed) is left for another process to try.
                await self.leases.give_back(key, gone=actor is not None)
                self._let_go(key)
        beat = await self.leases.heartbeat()
        self.last_beat = self.loop.time()
        if beat.everything:
            log.warning("%s was forgotten by Redis: it lets go of everything", self.leases.owner)
            await self._let_go_of_all(MOVED_REASON)
        for key in beat.lost:
            log.warning("%s is no longer owned by %s", key, self.leases.owner)
            await self._drop(key, MOVED_REASON)

    async def adopt_ownerless(self) -> None:
        """This process's share of what nobody alive owns: taken, fenced, rebuilt from its
        log, played. When Redis knows nothing yet (a new Redis, or one restarted without
        persistence) it is told what should have an owner first, from the database."""
        adoptable = await self.leases.adoptable()
        if not adoptable.known:
            await self._seed()
            adoptable = await self.leases.adoptable()
        taken = []
        for key in adoptable.keys:
            if key.partition(":")[0] not in self.adopters:
                continue  # a kind this release does not play: left to one that does
            if await self.leases.take(key):
                self.opening_now.add(key)
                self._held(key)
                taken.append(key)
        if taken:  # a process died or left: what it had moves here (said, for its operator)
            log.warning("%s adopts %s", self.leases.owner, " ".join(taken))
        # All at once: the players of a dead process's tables wait for the last of them.
        await asyncio.gather(*(self._adopt(key) for key in taken))

    async def _seed(self) -> None:
        """Every open table with events should have an owner. A table with no event yet
        is left out: its creator takes it before it saves its first event, so a process
        can never adopt a table its creator is still opening."""
        store = self.lobby.store
        records = await store.tables.open_tables()
        opened = await store.tables.last_seqs([record.id for record in records])
        tables = [table_key(record.id) for record in records if record.id in opened]
        tournaments = [
            tournament_key(tournament_id)
            for tournament_id in await store.tournaments.running_tournaments()
            + await store.tournaments.finished_tournaments()
        ]
        await self.leases.seed(tables + tournaments)

    async def _adopt(self, key: str) -> None:
        kind, _, name = key.partition(":")
        try:
            await self.adopters[kind](key, name)
        except Exception:
            # Given back for another process (or this one, next turn) to try.
            log.exception("adopting %s", key)
            with contextlib.suppress(Exception):
                await self.leases.give_back(key)
            self._let_go(key)
        finally:
            self.opening_now.discard(key)
        await self._unless_lost(key)

    def fenced_off(self, actor: TableActor) -> None:
        """A save refused by the epoch: the table is another process's, whatever this one
        heard of its lease (a path to an actor running without it, found or not, ends
        here). Stopped in a task of its own: the actor's own task is the one that asks."""
        key = table_key(actor.table_id)
        self._let_go(key)
        task = self.loop.create_task(self._drop(key, MOVED_REASON), name=f"letting {key} go")
        self.dropping.add(task)
        task.add_done_callback(self.dropping.discard)

    async def _unless_lost(self, key: str) -> None:
        """A thing let go of while it was adopted or opened here (another process took it
        while this one stalled, or Redis went away) stops now that it runs: when it was let
        go of, nothing of it ran yet to be stopped, and it would play on beside its owner,
        every save refused by the epoch, its players' pages served here."""
        if key not in self.held:
            log.warning("%s lost %s while it took it up: it stops here", self.leases.owner, key)
            await self._drop(key, MOVED_REASON)

    async def _adopt_table(self, key: str, name: str) -> None:
        store = self.lobby.store
        record = await store.tables.table(int(name))
        if record is None or record.status != TableStatus.OPEN:
            await self._gone(key)  # closed since it became ownerless
            return
        self.codes[record.code] = record.id
        await store.tables.own_table(record.id)
        if not await self.lobby.resume_table(record, running=record.running):
            await self._gone(key)  # never opened: its creator stopped before its first event
            return
        actor = self.lobby.actor_by_id(record.id)
        if actor is not None and actor.table.tournament:
            await self.courier.link(actor)  # it plays for its director, wherever that is

    async def _adopt_tournament(self, key: str, name: str) -> None:
        await self.lobby.store.tournaments.own_tournament(int(name))
        await self.lobby.adopt_tournament(int(name))

    async def _gone(self, key: str) -> None:
        await self.leases.give_back(key, gone=True)
        self._let_go(key)

    async def _let_go_of_all(self, reason: str) -> None:
        for key in list(self.held):
            await self._drop(key, reason)

    async def _drop(self, key: str, reason: str) -> None:
        kind, _, name = key.partition(":")
        actor: TableActor | None = None
        if kind == "table":
            actor = self.lobby.actor_by_id(int(name))
        elif kind == "tournament":
            await self.lobby.drop_tournament(int(name), CLOSE_TABLE_MOVED, reason)
        if actor is not None:
            await self.lobby.drop(actor, CLOSE_TABLE_MOVED, reason)
        self._let_go(key)

    def _held(self, key: str) -> None:
        self.held.add(key)
        self.lease_changes += 1

    def _let_go(self, key: str) -> None:
        # The store keeps the epoch this process held: a save still in flight is checked
        # against it, and refused once another process has raised it.
        if key in self.held:
            self.held.discard(key)
            self.lease_changes += 1
