"""Every open table of this process, by code, and every tournament running, by id: created
here, or rebuilt from the store.

A table lives in memory (its actor) only while it is played or watched (decision 53).
Once a second the lobby looks over its tables (``sweep``): a closed table that nobody
watches leaves memory at once; an open one that nobody watches and that is not dealing
(paused, no hand in play) goes to sleep after ``idle_minutes``: its actor stops and the
lobby keeps only its code and its id. The next page, hello or request
for the code (``table``) wakes it from its log exactly as a restart does (clocks, seats,
versions, the resume ring, the requests it carried out); a closed table is read back the
same way, for its ledger, hands and statistics, and let go again once nobody watches it.
A table is let go in its own inbox's order (``actor.Leave``), so nothing that reached it
before is lost, and a page that came meanwhile keeps it awake. Tournament tables stay:
their director follows them. Under ``--redis`` open tables do not sleep (adoption would
wake them at once on some process); closed ones leave as they do here.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from random import Random
from typing import Any

from pokernight.randomness import secure_rng
from pokernight.server.club.nights import Nights
from pokernight.server.club.registry import ClubRegistry
from pokernight.server.edge.config import ServerConfig
from pokernight.server.tables.actor import Leave, TableActor
from pokernight.server.tables.handled import HandledRequests
from pokernight.server.tables.identity import Newcomer
from pokernight.server.tables.registry import NoSuchTableError, Ownership, TableRegistry
from pokernight.server.tables.versions import TableVersions, folded_back
from pokernight.server.tournaments.registry import TournamentRegistry
from pokernight.server.tournaments.tournament_director import (
    LocalReach,
    NoSuchTournamentError,
    TableReach,
    TableRoom,
    TournamentDirector,
)
from pokernight.store import (
    EventWriter,
    PlayerRecord,
    Store,
    StoredEvent,
    TableRecord,
    TableStatus,
)
from pokernight.table import Table, TableSettings
from pokernight.tournament import Structure
from pokernight.tournament.tables import DIRECTOR

log = logging.getLogger(__name__)

SWEEP_SECONDS = 1.0
"""How often the lobby looks for tables to let go (a look costs microseconds a table)."""


@dataclass(frozen=True, slots=True)
class Asleep:
    """What a sleeping table keeps in memory: its id (the rest is in the store, its chat
    too)."""

    table_id: int


class Lobby:
    def __init__(self, store: Store, writer: EventWriter, config: ServerConfig) -> None:
        self.store = store
        self.writer = writer
        self.config = config
        self.actors: dict[str, TableActor] = {}
        self.tournaments: dict[int, TournamentDirector] = {}
        self.nights = Nights(store)  # the club's tables summed up, for the season
        # One of several processes (``serve --redis``): who plays which table, as the
        # cluster (``server/spread/``, above this wing) carries it out.
        self.cluster: Ownership | None = None
        # How tournaments reach their tables: here, or wherever the processes play them.
        self.reach: TableReach = LocalReach(self.actors)
        self.sleeping: dict[str, Asleep] = {}  # open tables let go until somebody comes
        self._quiet: dict[str, tuple[float, int]] = {}  # code: resting since, at version
        self._waking: dict[str, asyncio.Future[TableActor]] = {}
        self._leaving: dict[str, asyncio.Task[bool]] = {}
        self._sweeper: asyncio.Task[None] | None = None
        # Told each time a table or a socket has gone (the collector reclaims their cycles).
        self.departed: Callable[[], None] = lambda: None

    async def resume_open_tables(self) -> None:
        """Rebuild every open table from its events, hand in progress included, and run it."""
        for record in await self.store.tables.open_tables():
            await self.resume_table(record)

    async def resume_table(self, record: TableRecord, *, running: bool = False) -> bool:
        """Rebuild the table from its events and run it, dealing if ``running`` (after a
        restart it waits for its host; adopted from a dead process, it deals on if it
        dealt there); False: it was never opened."""
        stored = await self.store.tables.load_events(record.id)
        if not stored:
            return False
        versions = await folded_back(stored, self.config.ring_size)
        handled = HandledRequests.of(await self.store.tables.handled_requests(record.id))
        actor = self._actor_of(record, versions, handled)
        actor.chat.extend(await self.store.chat.last_lines(record.id))
        actor.running = running
        await actor.restart_clock()  # before a page can see the turn's old deadline
        self._run(actor)
        return True

    async def resume_tournaments(self) -> None:
        """Every tournament still running, folded back from its log, at its resumed tables;
        every finished one too, for its results page (no table, no clock)."""
        for tournament_id in await self.store.tournaments.running_tournaments():
            director = await TournamentDirector.resume(self, tournament_id, secure_rng())
            self.tournaments[tournament_id] = director
        for tournament_id in await self.store.tournaments.finished_tournaments():
            finished = await TournamentDirector.from_log(self, tournament_id, secure_rng())
            self.tournaments[tournament_id] = finished

    async def create_tournament(
        self, structure: Structure, rng: Random | None = None
    ) -> tuple[TournamentDirector, str]:
        """A new tournament and its director's token; ``rng``: its draws (the seating),
        secure unless a test seeds it (or the room's ``tournament_seed`` does)."""
        if rng is None:
            seed = self.config.tournament_seed
            rng = secure_rng() if seed is None else Random(seed)
        director, token = await TournamentDirector.create(self, structure, rng)
        self.tournaments[director.id] = director
        if self.cluster is not None:  # directed here: leased and fenced before a command
            await self.cluster.lead(director.id)
        return director, token

    async def adopt_tournament(self, tournament_id: int) -> None:
        """A tournament whose director's lease this process has just taken: directed here
        from its log on (a finished one: its results, for its pages)."""
        finished = await self.store.tournaments.finished_tournaments()
        if tournament_id in finished:
            director = await TournamentDirector.from_log(self, tournament_id, secure_rng())
        else:
            director = await TournamentDirector.resume(self, tournament_id, secure_rng())
        self.tournaments[tournament_id] = director

    async def drop_tournament(self, tournament_id: int, code: int, reason: str) -> None:
        """Stop directing the tournament here (another process does now): its pages are
        closed with ``code`` and ``reason``, to reconnect where it is."""
        director = self.tournaments.pop(tournament_id, None)
        if director is not None:
            await director.stop()
            for connection in list(director.watchers):
                await connection.close(code, reason)

    def tournament(self, tournament_id: int) -> TournamentDirector:
        try:
            return self.tournaments[tournament_id]
        except KeyError:
            raise NoSuchTournamentError(tournament_id) from None

    async def open_tournament_table(self, settings: TableSettings) -> TableActor:
        """A tournament's table, hosted by its director (nobody's seat), run at once; not
        one of the club's nights (its chips are not money)."""
        record = await self.store.tables.create_table(
            settings.to_dict(), secure_rng(), in_club=False
        )
        return await self._open(record, Table.open(settings, DIRECTOR, tournament=True))

    async def create_table(
        self, settings: TableSettings, host: Newcomer, *, program: bool = False
    ) -> tuple[TableActor, PlayerRecord, str]:
        """Open a table hosted by a new player, ``host`` (a member of the club, or a guest;
        ``program``: a program): its actor, the host's player and their seat token."""
        record = await self.store.tables.create_table(settings.to_dict(), secure_rng())
        member_id = None if host.member is None else host.member.id
        player, token = await self.store.tables.register_player(
            record.id, host.name, member_id=member_id, program=program
        )
        actor = await self._open(record, Table.open(settings, str(player.id)))
        return actor, player, token

    async def _open(self, record: TableRecord, table: Table) -> TableActor:
        """Run ``table``, just opened, as the store's table ``record``."""
        closed = self.actors.get(record.code)
        if closed is not None:  # a closed table's code, free again in the store
            await closed.stop()
            self._forget(closed)
        # One of several processes: the table is owned before its first event is saved.
        owning = (
            contextlib.nullcontext() if self.cluster is None else self.cluster.opening(record.id)
        )
        try:
            async with owning:
                opened = StoredEvent.of(1, table.opened, self.config.clock())
                await self.writer.append(record.id, [opened])
                actor = self._actor_of(record, TableVersions(table, self.config.ring_size))
                self._run(actor)
        except Exception:
            # Not opened (Redis or the database went away): the record would hold its code
            # for nobody, for good, and be retried with a new one. Closed, it gives it back.
            with contextlib.suppress(Exception):
                await self.store.tables.close_table(record.id)
            raise
        return actor

    def _actor_of(
        self, record: TableRecord, versions: TableVersions, handled: HandledRequests | None = None
    ) -> TableActor:
        return TableActor(
            record,
            versions,
            self.store,
            self.writer,
            self.config,
            handled=handled,
            carried_debt=self.nights.carried_debt,
            fenced_off=None if self.cluster is None else self.cluster.fenced_off,
        )

    def actor(self, code: str) -> TableActor:
        """The table ``code`` as it runs here now (a sleeping one is not woken: ``table``)."""
        try:
            return self.actors[code]
        except KeyError:
            raise NoSuchTableError(code) from None

    async def table(self, code: str) -> TableActor:
        """The table with code ``code``, as saved: running here, else woken from its log if
        it sleeps, or read back if it closed (it leaves again once nobody watches it).
        NoSuchTableError: no table has that code here (nor, once closed, anywhere)."""
        actor = self.actors.get(code)
        if actor is not None:
            self._quiet.pop(code, None)  # somebody asked: it rests from now on
            return actor
        waking = self._waking.get(code)
        if waking is None:
            # Its own task, shielded: a request that goes away leaves the wake running, and
            # requests at once share it (one actor per table).
            waking = self._waking[code] = asyncio.ensure_future(self._wake(code))
            waking.add_done_callback(lambda done: self._woken(code, done))
        return await asyncio.shield(waking)

    def knows(self, code: str) -> bool:
        """Whether ``code`` is an open table's here (running or asleep), with no read."""
        return code in self.actors or code in self.sleeping

    def still_open(self, table_id: int, code: str) -> bool:
        """Whether table ``table_id`` (code ``code``) is open here, running or asleep."""
        actor = self.actors.get(code)
        if actor is not None and actor.table_id == table_id:
            return not actor.table.closed
        asleep = self.sleeping.get(code)
        return asleep is not None and asleep.table_id == table_id

    async def _wake(self, code: str) -> TableActor:
        leaving = self._leaving.get(code)
        if leaving is not None:  # let go just now: its bots' memory kept first
            await asyncio.shield(leaving)
        actor = self.actors.get(code)
        if actor is not None:  # it was not let go after all (somebody came)
            return actor
        record = await self.store.tables.latest_table_by_code(code)
        if record is None or record.status == TableStatus.IMPORTED:
            raise NoSuchTableError(code)
        if self.cluster is not None and record.status == TableStatus.OPEN:
            raise NoSuchTableError(code)  # between owners: adopted by one of the processes
        stored = await self.store.tables.load_events(record.id)
        if not stored:
            raise NoSuchTableError(code)  # never opened
        handled = await self.store.tables.handled_requests(record.id)
        chat = await self.store.chat.last_lines(record.id)
        versions = await folded_back(stored, self.config.ring_size)
        actor = self.actors.get(code)
        if actor is not None:  # a new table took the code meanwhile: the newest is asked for
            return actor
        actor = self._actor_of(record, versions, HandledRequests.of(handled))
        self.sleeping.pop(code, None)
        actor.chat.extend(chat)
        self._run(actor)  # as after a restart: it waits for its host to deal
        return actor

    def _woken(self, code: str, done: asyncio.Future[TableActor]) -> None:
        if self._waking.get(code) is done:
            del self._waking[code]
        if not done.cancelled():
            done.exception()  # retrieved: every request waiting was told

    # Letting tables go ---------------------------------------------------------------------

    def start_sweeping(self) -> None:
        self._sweeper = asyncio.get_running_loop().create_task(
            self._sweeping(), name="letting tables go"
        )

    async def _sweeping(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            try:
                await self.sweep()
            except Exception:
                log.exception("letting tables go")

    async def sweep(self) -> list[str]:
        """Let go of every closed table that nobody watches, and put to sleep every open
        one that has rested ``idle_minutes`` (nobody watching, not dealing); the codes
        let go, once they are gone."""
        now = self.config.clock()
        idle = self.config.idle_minutes * 60
        naps = idle > 0 and self.cluster is None
        for code, actor in list(self.actors.items()):
            if not self._resting(actor):
                self._quiet.pop(code, None)
                continue
            since, version = self._quiet.setdefault(code, (now, actor.version))
            if version != actor.version:  # it moved since the last look
                self._quiet[code] = (now, actor.version)
            elif actor.table.closed or (naps and now - since >= idle):
                self._let_go(actor)
        leaving = list(self._leaving.items())
        results = await asyncio.gather(*(task for _, task in leaving), return_exceptions=True)
        return [code for (code, _), gone in zip(leaving, results, strict=True) if gone is True]

    def _resting(self, actor: TableActor) -> bool:
        """Nobody watches the table and it is not dealing (or it closed): it may be let go.
        A tournament's table stays: its director holds it."""
        table = actor.table
        return (
            not actor.connections
            and actor.tournament is None
            and not table.tournament
            and actor.task is not None
            and not actor.gone
            and (table.closed or (table.hand is None and not actor.running))
        )

    def _let_go(self, actor: TableActor) -> None:
        code = actor.code
        if code in self._leaving:
            return
        decided: asyncio.Future[bool] = asyncio.get_running_loop().create_future()

        def let_go(leaving: TableActor) -> bool:
            # In the actor's own task, after everything its inbox held before.
            gone = (
                self.actors.get(code) is leaving
                and leaving.inbox.empty()
                and self._resting(leaving)
            )
            if gone:
                self._forget(leaving)
                if not leaving.table.closed:
                    self.sleeping[code] = Asleep(leaving.table_id)
            decided.set_result(gone)
            return gone

        actor.submit(Leave(let_go))
        task = asyncio.get_running_loop().create_task(self._gone(actor, decided))
        self._leaving[code] = task
        task.add_done_callback(lambda done: self._left(code, done))

    async def _gone(self, actor: TableActor, decided: asyncio.Future[bool]) -> bool:
        assert actor.task is not None
        waits: list[asyncio.Future[Any]] = [decided, actor.task]
        await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        if not decided.done() or not decided.result():
            return False  # somebody came, or it was stopped another way
        await actor.stop()  # its task has ended; the bots' memory is kept
        self.store.tables.forget_table(actor.table_id)
        self.departed()
        return True

    def _left(self, code: str, done: asyncio.Task[bool]) -> None:
        if self._leaving.get(code) is done:
            del self._leaving[code]

    def _forget(self, actor: TableActor) -> None:
        """The table leaves this lobby (let go, dropped or replaced by a new one)."""
        if self.actors.get(actor.code) is actor:
            del self.actors[actor.code]
        self._quiet.pop(actor.code, None)

    def actor_by_id(self, table_id: int) -> TableActor | None:
        return next((a for a in self.actors.values() if a.table_id == table_id), None)

    async def drop(self, actor: TableActor, code: int, reason: str) -> None:
        """Stop playing ``actor``'s table here (another process plays it now): its clients
        are closed with ``code`` and ``reason``, to reconnect where it is."""
        await actor.stop()
        for connection in list(actor.connections):
            await connection.close(code, reason)
        self._forget(actor)

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        pending: list[asyncio.Future[Any]] = [*self._leaving.values(), *self._waking.values()]
        for task in pending:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for director in self.tournaments.values():
            await director.stop()
        self.tournaments.clear()
        for actor in self.actors.values():
            await actor.stop()
        self.actors.clear()

    def _run(self, actor: TableActor) -> None:
        self.actors[actor.code] = actor
        actor.start()


def registries(
    lobby: Lobby,
) -> tuple[TableRegistry, TournamentRegistry, ClubRegistry, TableRoom]:
    """The lobby as each wing below it sees it (checked by mypy: the lobby keeps what each
    asks of it): the tables' routes, the tournaments' routes, the club's routes, and a
    tournament's director."""
    return lobby, lobby, lobby, lobby
