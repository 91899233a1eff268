"""One task per tournament: decide, save, then apply, and carry it out at its table actors.

``TournamentDirector`` owns a ``Tournament`` (the pure core) as the table actor owns
its table: each command (a registration, a table asking to deal, a finished hand, the
clock's ``Tick``) is decided on a copy, its events are saved in the tournament's log,
and only then does the director take the new tournament (decisions 27 and 36). It then
follows the events at the tables with the core's own ``TournamentTables``, whose
tables here are ``ActorSeat``s: each command goes into a table actor's inbox, after
whatever was put there before. A table is an ordinary ``TableActor`` opened as a
tournament table with the director as host; it asks before each deal and tells each
finished hand (``TournamentLink``). After a restart the tournament is folded back from
its log and finds its tables among the actors the lobby resumed.

Everything the director does runs under one lock, in the order it arrives; the tables'
notes come through a queue read by the director's own task, so a table never waits on
the tournament.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import secrets
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from random import Random
from typing import Any, Protocol

from pokernight import table as core
from pokernight.randomness import secure_rng
from pokernight.server.edge.config import ServerConfig
from pokernight.server.tables.actor import Directed, TableActor
from pokernight.server.tables.connection import Connection
from pokernight.server.tables.messages import RefusedError
from pokernight.server.tables.wire import encode
from pokernight.server.tournaments.tournament_facts import tournament_json, you_json
from pokernight.store import Membership, StoredEvent, TournamentStore
from pokernight.table import Seat, Table, TableError, TableSettings
from pokernight.tournament import (
    Command,
    RecordDeal,
    Register,
    ReportHand,
    StartHand,
    Status,
    Structure,
    Tick,
    Tournament,
    TournamentError,
    TournamentEvent,
    tournament_event_from_dict,
)
from pokernight.tournament.deals import check_deal
from pokernight.tournament.events import Finished, Registered
from pokernight.tournament.tables import (
    DIRECTOR,
    TournamentTables,
    report,
    sit_down,
    table_settings,
)

log = logging.getLogger(__name__)

TOKEN_BYTES = 32
DEAL_WAIT_SECONDS = 120.0
"""How long a deal waits for the hands in play to end: an action clock's worth of turns."""
HOLD_PATIENCE = 0.05


class NoSuchTournamentError(LookupError):
    def __init__(self, tournament_id: int) -> None:
        super().__init__(f"no tournament {tournament_id} in this room")


class TournamentStorage(Protocol):
    """The store as tournaments use it (decision 62): their logs and tokens, and of the
    club who is who (the server's club, a device's member)."""

    @property
    def tournaments(self) -> TournamentStore: ...

    @property
    def club(self) -> Membership: ...


class TableRoom(Protocol):
    """What a director asks of the room it runs in (the lobby, a wing above this one): its
    store and settings, a table opened for the tournament (hosted by the director, run at
    once), and the tables running, among which it finds its own after a restart."""

    @property
    def store(self) -> TournamentStorage: ...

    @property
    def config(self) -> ServerConfig: ...

    @property
    def actors(self) -> Mapping[str, TableActor]: ...

    async def open_tournament_table(self, settings: TableSettings) -> TableActor: ...


SEATING = (core.SitDown, core.StandUp, core.SitOut)
"""The commands that change who sits where: what ``ActorSeat.seats`` looks ahead to."""


class ActorSeat:
    """A tournament table as ``TournamentTables`` follows it: its commands go into the
    actor's inbox, and its seats are the actor's table as saved with the seats the actor
    has been told of and has not yet carried out (the director may follow an event
    before the table has done the last). A table just decided on has no actor until the
    director has opened one: its commands wait for it."""

    def __init__(self, settings: TableSettings, actor: TableActor | None = None) -> None:
        self.settings = settings
        self.actor = actor
        self.sent: deque[core.Command] = deque()  # in the actor's inbox, in order

    @property
    def seats(self) -> Mapping[int, Seat]:
        if self.actor is None:
            return {}
        table = self.actor.table
        for command in self.sent:
            if isinstance(command, SEATING):
                with contextlib.suppress(TableError):
                    table, _ = table.decide(command, 0.0)
        return table.seats

    def apply(self, command: core.Command, now: float) -> None:
        self.sent.append(command)
        if self.actor is not None:
            self.actor.submit(Directed(command, self._carried_out))

    def opened(self, actor: TableActor) -> None:
        self.actor = actor
        for command in self.sent:
            actor.submit(Directed(command, self._carried_out))

    def _carried_out(self) -> None:
        self.sent.popleft()


class TournamentDirector:
    def __init__(
        self,
        tournament_id: int,
        tournament: Tournament,
        version: int,
        room: TableRoom,
        rng: Random,
    ) -> None:
        self.id = tournament_id
        self.tournament = tournament
        self.version = version  # the seq of the last event saved
        self.room = room
        self.rng = rng
        self.clock: Callable[[], float] = room.config.clock
        self.tables: TournamentTables[ActorSeat] = TournamentTables(
            tournament.structure, lambda _number, settings: ActorSeat(settings)
        )
        self.tables.level = max(tournament.level, 1)
        self.registrations = 0  # every registration ever (ids are never reused)
        self.waiting: set[int] = set()  # tables that would deal and are not let yet
        self.holds = 0  # deals waiting for the hands in play to end: no table deals meanwhile
        self.report_refusals = 0  # hand reports refused: each an alarm (``/metrics``)
        self.lock = asyncio.Lock()
        self.notes: asyncio.Queue[Command] = asyncio.Queue()
        self.watchers: set[Connection] = set()
        self.task: asyncio.Task[None] | None = None
        self.timer: asyncio.Task[None] | None = None

    # Life --------------------------------------------------------------------------------

    @classmethod
    async def create(
        cls, room: TableRoom, structure: Structure, rng: Random
    ) -> tuple[TournamentDirector, str]:
        """A new tournament, and the token of the person who runs it (handed out once:
        only its hash is kept)."""
        tournament = Tournament.create(structure, DIRECTOR)
        created = StoredEvent(
            1, "TournamentCreated", tournament.created.to_dict(), room.config.clock()
        )
        token = secrets.token_urlsafe(TOKEN_BYTES)
        club = (
            await room.store.club.default_club()
        )  # its money is the server's club's, as a night's
        tournament_id = await room.store.tournaments.create_tournament(
            created, (DIRECTOR, token), club.id
        )
        director = cls(tournament_id, tournament, 1, room, rng)
        director.start()
        return director, token

    @classmethod
    async def resume(cls, room: TableRoom, tournament_id: int, rng: Random) -> TournamentDirector:
        """The tournament folded back from its log, playing on at the tables the lobby
        resumed (a hand in play finishes), each told again what it had not done."""
        director = await cls.from_log(room, tournament_id, rng)
        structure = director.tournament.structure
        ids = await room.store.tournaments.tournament_tables(tournament_id)
        actors = {actor.table_id: actor for actor in room.actors.values()}
        for number in director.tournament.tables:
            actor = actors.get(ids.get(number, 0))
            if actor is None:  # decided on, and the process ended before it was opened
                level = director.tables.level
                director.tables.tables[number] = ActorSeat(table_settings(structure, level))
            else:
                director.tables.tables[number] = ActorSeat(actor.table.settings, actor)
                actor.play_for(director)
            director._give_again(number)
        await director._open_new_tables()
        director.start()
        return director

    @classmethod
    async def from_log(cls, room: TableRoom, tournament_id: int, rng: Random) -> TournamentDirector:
        """The tournament folded back from its log, with no table and no clock running: as
        it is, a finished tournament's results for its pages after a restart."""
        stored = await room.store.tournaments.tournament_events(tournament_id)
        events = [tournament_event_from_dict(item.data) for item in stored]
        director = cls(tournament_id, Tournament.from_events(events), len(stored), room, rng)
        director.registrations = sum(isinstance(event, Registered) for event in events)
        return director

    def _give_again(self, number: int) -> None:
        """After a restart, what table ``number`` was told and did not do before the process
        ended, told again: the level's stakes, the seats the tournament has (a player out
        stands up) and, if the tournament let it deal and it had not, the deal."""
        seat, now = self.tables.tables[number], self.clock()
        settings = table_settings(self.tournament.structure, self.tables.level)
        if seat.actor is not None and seat.actor.table.upcoming_settings != settings:
            seat.apply(core.ChangeSettings(DIRECTOR, settings), now)
        wanted = self.tournament.tables[number]
        there = {sitting.player_id: at for at, sitting in seat.seats.items()}
        in_hand = seat.actor is not None and seat.actor.table.hand is not None
        for player in there.keys() - set(wanted.values()):
            if not in_hand:
                seat.apply(core.StandUp(player, by=DIRECTOR), now)
        for at, player in wanted.items():
            if player not in there:
                stack = self.tournament.players[player].stack
                seat.apply(sit_down(self.tournament, player, at, stack), now)
        if number in self.tournament.in_play and not in_hand:
            seat.apply(core.StartHand(secure_rng()), now)

    @property
    def holding(self) -> bool:
        """A deal waits for the hands in play to end: no table deals meanwhile."""
        return self.holds > 0

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(
            self._run(), name=f"tournament {self.id}"
        )
        self._set_timer()

    async def stop(self) -> None:
        for task in (self.timer, self.task):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    # What the tables tell ----------------------------------------------------------------

    def ready_to_deal(self, actor: TableActor) -> None:
        number = self.number_of(actor)
        if number is not None:
            self.notes.put_nowait(StartHand(number))

    def hand_finished(self, actor: TableActor, table: Table) -> None:
        number = self.number_of(actor)
        if number is not None:
            self.notes.put_nowait(report(number, table))

    def number_of(self, actor: TableActor) -> int | None:
        for number, seat in self.tables.tables.items():
            if seat.actor is actor:
                return number
        return None

    async def _run(self) -> None:
        while True:
            command = await self.notes.get()
            try:
                async with self.lock:
                    await self._note(command)
            except Exception:
                log.exception("tournament %d: %r", self.id, command)

    async def _note(self, command: Command) -> None:
        match command:
            case StartHand():
                self.waiting.add(command.table)
            case ReportHand():
                try:
                    await self._carry_out(self._completed(command))
                except TournamentError as error:
                    self._alarm(command.table, error)
            case _:
                with _logged_refusal(self.id, command):
                    await self._carry_out(command)
        await self._deal_waiting()

    def _alarm(self, number: int, error: TournamentError) -> None:
        """A table's hand report the tournament refuses: its count of the table and the
        table's own disagree, which is a bug somewhere, never a player's doing. Nothing can
        go on right there, so it is made loud rather than left to stall the table in
        silence: logged as an error, counted (``/metrics``), and the table stopped with
        the reason, which its players and spectators are told (decision 48)."""
        self.report_refusals += 1
        log.error(
            "tournament %d refused table %d's hand report: %s; the table is stopped",
            self.id,
            number,
            error,
        )
        self.waiting.discard(number)
        seat = self.tables.tables.get(number)
        if seat is not None and seat.actor is not None:
            seat.actor.stop_playing(
                f"the tournament director refused this table's last hand ({error}): play "
                "is stopped here until the room's operator looks into it"
            )

    def _completed(self, told: ReportHand) -> ReportHand:
        """The table's report with the players the tournament seated there during the hand
        (a move's seat taken before the table heard of it): not dealt in, their stack is
        the tournament's own."""
        seated = self.tournament.tables.get(told.table, {}).values()
        stacks = {player: self.tournament.players[player].stack for player in seated}
        stacks.update((p, chips) for p, chips in told.stacks.items() if p in stacks)
        return ReportHand(told.table, stacks, told.positions, told.knockouts)

    async def _deal_waiting(self) -> None:
        """Every table waiting to deal that the tournament now lets deal, deals (none
        while a deal is being recorded)."""
        if self.holding:
            return
        for number in sorted(self.waiting):
            seat = self.tables.tables.get(number)
            if seat is None:
                self.waiting.discard(number)
                continue
            now = self.clock()
            if not self.tournament.can(StartHand(number), now):
                continue
            self.waiting.discard(number)
            await self._carry_out(StartHand(number))
            seat.apply(core.StartHand(secure_rng()), now)

    # Commands ----------------------------------------------------------------------------

    async def register(
        self, name: str, bot: str | None, member_id: int | None = None, by: str | None = None
    ) -> tuple[str, str | None]:
        """A new entrant: their player id and their token (a bot has none); ``member_id``:
        the club's member they are, whose season their results join; ``by``: who registers
        a bot (the core lets only the director)."""
        async with self.lock:
            player_id = f"entrant-{self.registrations + 1}"
            token = None if bot is not None else secrets.token_urlsafe(TOKEN_BYTES)
            entrant = None if token is None else (player_id, token)
            await self._carry_out(Register(player_id, name, bot, by), entrant, member_id)
            self.registrations += 1
            return player_id, token

    async def tick(self) -> None:
        await self.command(Tick())

    async def command(self, command: Command) -> None:
        """A person's command (an entrant's or the director's) carried out, or refused with
        the reason (a TournamentError) and nothing changed."""
        async with self.lock:
            await self._carry_out(command)
            await self._deal_waiting()

    async def record_deal(self, command: RecordDeal) -> None:
        """A deal is recorded between hands (TDA): no table deals again until the hands in
        play have ended and the deal is carried out or refused; hands that do not end
        within ``DEAL_WAIT_SECONDS`` refuse it. A deal the rules refuse whatever the hands
        do (anybody's but the director's, wrong amounts) is refused at once: it holds
        nothing (decision 48)."""
        async with self.lock:
            check_deal(self.tournament, command)
        self.holds += 1
        try:
            waited = 0.0
            while self.tournament.in_play and waited < DEAL_WAIT_SECONDS:
                await asyncio.sleep(HOLD_PATIENCE)
                waited += HOLD_PATIENCE
            await self.command(command)
        finally:
            self.holds -= 1
            async with self.lock:
                await self._deal_waiting()

    async def player_of(self, token: str) -> str:
        """The entrant (or ``DIRECTOR``) whose token this is; else a RefusedError."""
        player_id = await self.room.store.tournaments.entrant_by_token(self.id, token)
        if player_id is None:
            raise RefusedError("this token is not an entrant's of this tournament")
        return player_id

    async def _carry_out(
        self,
        command: Command,
        entrant: tuple[str, str] | None = None,
        member_id: int | None = None,
    ) -> list[TournamentEvent]:
        """Decide ``command``, save its events, then take the tournament it makes and
        follow the events at the tables. A refusal (TournamentError) changes nothing."""
        now = self.clock()
        after, events = self.tournament.decide(command, now, self.rng)
        if not events:
            return []
        first = self.version + 1
        stored = [
            StoredEvent(first + index, type(event).__name__, event.to_dict(), now)
            for index, event in enumerate(events)
        ]
        finished = any(isinstance(event, Finished) for event in events)
        await self.room.store.tournaments.append_tournament_events(
            self.id, stored, entrant=entrant, member_id=member_id, finished=finished
        )
        self.tournament, self.version = after, first + len(events) - 1
        self.tables.follow(after, events, now)
        await self._open_new_tables()
        self._set_timer()
        self._tell_watchers()
        return events

    async def _open_new_tables(self) -> None:
        for number, seat in self.tables.tables.items():
            if seat.actor is None:
                actor = await self.room.open_tournament_table(seat.settings)
                await self.room.store.tournaments.add_tournament_table(
                    self.id, number, actor.table_id
                )
                actor.play_for(self)
                seat.opened(actor)

    # The clock ---------------------------------------------------------------------------

    def _set_timer(self) -> None:
        """A ``Tick`` when the clock next has something to do (``_next_due``)."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        due = self._next_due()
        if math.isinf(due):
            return
        self.timer = asyncio.get_running_loop().create_task(self._tick_at(due))

    def _next_due(self) -> float:
        """When the clock next has something to do: a scheduled start, the end of a level
        or a break, a busted player's rebuy window; infinity: nothing."""
        tournament = self.tournament
        starts_at = tournament.structure.starts_at
        if tournament.status is Status.REGISTERING and starts_at is not None:
            return starts_at
        if tournament.status is not Status.RUNNING:
            return math.inf
        windows = (
            entrant.rebuy_until
            for entrant in tournament.players.values()
            if entrant.rebuy_until is not None
        )
        return min(tournament.period_ends_at, *windows, math.inf)

    async def _tick_at(self, due: float) -> None:
        await asyncio.sleep(max(due - self.clock(), 0.0))
        self.notes.put_nowait(Tick())

    # Pages -------------------------------------------------------------------------------

    def codes(self) -> dict[int, str]:
        return {
            number: seat.actor.code
            for number, seat in self.tables.tables.items()
            if seat.actor is not None
        }

    def facts(self, player_id: str | None = None) -> dict[str, Any]:
        codes = self.codes()
        facts = tournament_json(self.id, self.tournament, codes, self.clock())
        if player_id is not None:
            facts["you"] = you_json(self.tournament, player_id, codes, self.clock())
        return facts

    def watch(self, connection: Connection) -> None:
        self.watchers.add(connection)
        connection.send(self.facts(connection.player_id))

    def unwatch(self, connection: Connection) -> None:
        self.watchers.discard(connection)

    def _tell_watchers(self) -> None:
        if not self.watchers:
            return
        codes, now = self.codes(), self.clock()
        facts = tournament_json(self.id, self.tournament, codes, now)
        everybody = encode(facts)  # once for every page that only watches
        for connection in self.watchers:
            if connection.player_id is None:
                connection.send_text(everybody)
            else:
                you = you_json(self.tournament, connection.player_id, codes, now)
                connection.send({**facts, "you": you})

    async def entrant_at(self, actor: TableActor, token: str) -> tuple[str, str]:
        """The entrant whose token this is, if they sit at ``actor``'s table now: their
        player id and name; else a RefusedError saying where they are."""
        player_id = await self.player_of(token)
        entrant = self.tournament.players.get(player_id)  # None: the director, or unregistered
        if entrant is None:
            raise RefusedError("this token is not a player's of this tournament")
        number = self.number_of(actor)
        if entrant.table is None or entrant.table != number:
            where = self.codes().get(entrant.table) if entrant.table is not None else None
            raise RefusedError(
                "you are out of the tournament" if where is None else f"you play at table {where}"
            )
        return player_id, entrant.name


@contextlib.contextmanager
def _logged_refusal(tournament_id: int, command: Command) -> Iterator[None]:
    """A table's note the tournament refuses is logged, not raised: the tables play on."""
    try:
        yield
    except TournamentError as error:
        log.error("tournament %d refused %r: %s", tournament_id, command, error)
