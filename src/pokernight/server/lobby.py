"""Every open table of this process, by code, and every tournament running, by id: created
here, or rebuilt from the store."""

from __future__ import annotations

import contextlib
from random import Random

from starlette.requests import HTTPConnection

from pokernight.randomness import secure_rng
from pokernight.server.actor import TableActor
from pokernight.server.cluster import Cluster
from pokernight.server.config import ServerConfig
from pokernight.server.handled import HandledRequests
from pokernight.server.identity import Newcomer
from pokernight.server.messages import one_line
from pokernight.server.nights import Nights
from pokernight.server.tournament_director import NoSuchTournamentError, TournamentDirector
from pokernight.server.versions import TableVersions
from pokernight.store import EventWriter, PlayerRecord, Store, StoredEvent, TableRecord
from pokernight.table import Table, TableSettings
from pokernight.tournament import Structure, TournamentError
from pokernight.tournament.tables import DIRECTOR


def lobby_of(request: HTTPConnection) -> Lobby:
    """The room's tables (the app's lobby, made when it starts)."""
    lobby: Lobby = request.app.state.lobby
    return lobby


def store_of(request: HTTPConnection) -> Store:
    return lobby_of(request).store


class NoSuchTableError(LookupError):
    def __init__(self, code: str) -> None:
        super().__init__(f"no open table with code {one_line(code)}")


class Lobby:
    def __init__(self, store: Store, writer: EventWriter, config: ServerConfig) -> None:
        self.store = store
        self.writer = writer
        self.config = config
        self.actors: dict[str, TableActor] = {}
        self.tournaments: dict[int, TournamentDirector] = {}
        self.nights = Nights(store)  # the club's tables summed up, for the season
        self.cluster: Cluster | None = None  # one of several processes (``serve --redis``)

    async def resume_open_tables(self) -> None:
        """Rebuild every open table from its events, hand in progress included, and run it."""
        for record in await self.store.open_tables():
            await self.resume_table(record)

    async def resume_table(self, record: TableRecord, *, running: bool = False) -> bool:
        """Rebuild the table from its events and run it, dealing if ``running`` (after a
        restart it waits for its host; adopted from a dead process, it deals on if it
        dealt there); False: it was never opened."""
        stored = await self.store.load_events(record.id)
        if not stored:
            return False
        versions = TableVersions.from_stored(stored, self.config.ring_size)
        handled = HandledRequests.of(await self.store.handled_requests(record.id))
        actor = self._actor_of(record, versions, handled)
        actor.running = running
        self._run(actor)
        return True

    async def resume_tournaments(self) -> None:
        """Every tournament still running, folded back from its log, at its resumed tables;
        every finished one too, for its results page (no table, no clock)."""
        for tournament_id in await self.store.running_tournaments():
            director = await TournamentDirector.resume(self, tournament_id, secure_rng())
            self.tournaments[tournament_id] = director
        for tournament_id in await self.store.finished_tournaments():
            finished = await TournamentDirector.from_log(self, tournament_id, secure_rng())
            self.tournaments[tournament_id] = finished

    async def create_tournament(
        self, structure: Structure, rng: Random | None = None
    ) -> tuple[TournamentDirector, str]:
        """A new tournament and its director's token; ``rng``: its draws (the seating),
        secure unless a test seeds it (or the room's ``tournament_seed`` does)."""
        if self.cluster is not None:  # its director and tables would need one process
            raise TournamentError(
                "tournaments are run by a room of one process: this one is one of several"
            )
        if rng is None:
            seed = self.config.tournament_seed
            rng = secure_rng() if seed is None else Random(seed)
        director, token = await TournamentDirector.create(self, structure, rng)
        self.tournaments[director.id] = director
        return director, token

    def tournament(self, tournament_id: int) -> TournamentDirector:
        try:
            return self.tournaments[tournament_id]
        except KeyError:
            raise NoSuchTournamentError(tournament_id) from None

    async def open_tournament_table(self, settings: TableSettings) -> TableActor:
        """A tournament's table, hosted by its director (nobody's seat), run at once; not
        one of the club's nights (its chips are not money)."""
        record = await self.store.create_table(settings.to_dict(), secure_rng(), in_club=False)
        return await self._open(record, Table.open(settings, DIRECTOR, tournament=True))

    async def create_table(
        self, settings: TableSettings, host: Newcomer, *, program: bool = False
    ) -> tuple[TableActor, PlayerRecord, str]:
        """Open a table hosted by a new player, ``host`` (a member of the club, or a guest;
        ``program``: a program): its actor, the host's player and their seat token."""
        record = await self.store.create_table(settings.to_dict(), secure_rng())
        member_id = None if host.member is None else host.member.id
        player, token = await self.store.register_player(
            record.id, host.name, member_id=member_id, program=program
        )
        actor = await self._open(record, Table.open(settings, str(player.id)))
        return actor, player, token

    async def _open(self, record: TableRecord, table: Table) -> TableActor:
        """Run ``table``, just opened, as the store's table ``record``."""
        closed = self.actors.get(record.code)
        if closed is not None:  # a closed table's code, free again in the store
            await closed.stop()
        # One of several processes: the table is owned before its first event is saved.
        owning = (
            contextlib.nullcontext() if self.cluster is None else self.cluster.opening(record.id)
        )
        async with owning:
            opened = StoredEvent.of(1, table.opened, self.config.clock())
            await self.writer.append(record.id, [opened])
            actor = self._actor_of(record, TableVersions(table, self.config.ring_size))
            self._run(actor)
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
        )

    def actor(self, code: str) -> TableActor:
        try:
            return self.actors[code]
        except KeyError:
            raise NoSuchTableError(code) from None

    def actor_by_id(self, table_id: int) -> TableActor | None:
        return next((a for a in self.actors.values() if a.record.id == table_id), None)

    async def drop(self, actor: TableActor, code: int, reason: str) -> None:
        """Stop playing ``actor``'s table here (another process plays it now): its clients
        are closed with ``code`` and ``reason``, to reconnect where it is."""
        await actor.stop()
        for connection in list(actor.connections):
            await connection.close(code, reason)
        if self.actors.get(actor.code) is actor:
            del self.actors[actor.code]

    async def close(self) -> None:
        for director in self.tournaments.values():
            await director.stop()
        self.tournaments.clear()
        for actor in self.actors.values():
            await actor.stop()
        self.actors.clear()

    def _run(self, actor: TableActor) -> None:
        self.actors[actor.code] = actor
        actor.start()
