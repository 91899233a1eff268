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
from collections import Counter, deque
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from random import Random
from typing import Any, Protocol

from pokernight import table as core
from pokernight.randomness import secure_rng
from pokernight.server.edge.config import ServerConfig
from pokernight.server.tables.actor import Directed, TableActor
from pokernight.server.tables.connection import Connection
from pokernight.server.tables.messages import RefusedError
from pokernight.server.tables.wire import encode
from pokernight.server.tables.worded import Worded
from pokernight.server.tournaments.tournament_facts import tournament_json, you_json
from pokernight.store import FencedOffError, Membership, StoredEvent, TournamentStore
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
from pokernight.tournament.events import Finished, HandStarted, Registered
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
SETTLE_AGAIN_SECONDS = 1.0
"""After Redis was out of reach mid-note: when the tables are settled again."""


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


@dataclass(frozen=True, slots=True)
class TableNote:
    """What a tournament table tells its director: it finished a hand (``table``: as it
    was saved then, when the director runs in the same process), it would deal
    (``ready``), or it is played by another process now (``moved``: what it was given
    and had not carried out is lost). ``again``: tell it again what it lacks."""

    number: int
    ready: bool = False
    table: Table | None = None
    moved: bool = False
    again: bool = False


class TableHandle(Protocol):
    """A tournament table as its director reaches it: played in this process (its actor)
    or in another (``server/spread``: its commands go there over Redis, and the table is
    read back from its log)."""

    @property
    def table_id(self) -> int: ...

    @property
    def code(self) -> str: ...

    @property
    def table(self) -> Table:
        """The table as saved, as far as the director knows it (``refresh`` reads it again)."""
        ...

    @property
    def seen(self) -> int:
        """The version of the table ``table`` is."""
        ...

    async def refresh(self) -> None:
        """Know the table as saved now (it told of a hand; it moved to another process)."""

    def direct(self, command: core.Command, hand: int | None, done: Callable[[int], None]) -> None:
        """Give the table ``command`` after what it was given before; ``hand``: a deal's
        number (``Directed.hand``); ``done``: called once it is carried out or refused,
        with the table's version then."""

    def stop(self, reason: Worded) -> None:
        """No more deals at the table, for ``reason`` (``TableActor.stop_playing``)."""


def refused_report(error: TournamentError) -> Worded:
    """Why a table whose hand report the director refused stops (``table.stopped.<code>``)."""
    return Worded(
        "director_refused",
        f"the tournament director refused this table's last hand ({error}): "
        "play is stopped here until the room's operator looks into it",
        {"error": str(error)},
    )


class TableReach(Protocol):
    """How a director reaches its tables: in this process (``LocalReach``), or wherever
    the room's processes play them (``server/spread``'s, under ``--redis``)."""

    async def opened(
        self, director: TournamentDirector, number: int, actor: TableActor
    ) -> TableHandle:
        """Table ``number``, just opened for ``director`` here: it plays for it from now."""
        ...

    async def found(
        self, director: TournamentDirector, number: int, table_id: int
    ) -> TableHandle | None:
        """Table ``number`` (room table ``table_id``), after a restart or an adoption; None:
        it is not running (decided on, and the process ended before it was opened)."""
        ...


class TableRoom(Protocol):
    """What a director asks of the room it runs in (the lobby, a wing above this one): its
    store and settings, a table opened for the tournament (hosted by the director, run at
    once), and how it reaches its tables."""

    @property
    def store(self) -> TournamentStorage: ...

    @property
    def config(self) -> ServerConfig: ...

    @property
    def reach(self) -> TableReach: ...

    async def open_tournament_table(self, settings: TableSettings) -> TableActor: ...


class LocalTable:
    """A tournament table played in the director's own process: its actor."""

    def __init__(self, actor: TableActor) -> None:
        self.actor = actor

    @property
    def table_id(self) -> int:
        return self.actor.table_id

    @property
    def code(self) -> str:
        return self.actor.code

    @property
    def table(self) -> Table:
        return self.actor.table

    @property
    def seen(self) -> int:
        return self.actor.version

    async def refresh(self) -> None:
        pass  # the actor's table is the table as saved

    def direct(self, command: core.Command, hand: int | None, done: Callable[[int], None]) -> None:
        self.actor.submit(Directed(command, lambda: done(self.actor.version), hand))

    def stop(self, reason: Worded) -> None:
        self.actor.stop_playing(reason)


class LocalReach:
    """One process: a director's tables are actors of its own lobby."""

    def __init__(self, actors: Mapping[str, TableActor]) -> None:
        self.actors = actors

    async def opened(
        self, director: TournamentDirector, number: int, actor: TableActor
    ) -> TableHandle:
        actor.play_for(director)
        return LocalTable(actor)

    async def found(
        self, director: TournamentDirector, number: int, table_id: int
    ) -> TableHandle | None:
        actor = next((a for a in self.actors.values() if a.table_id == table_id), None)
        if actor is None:
            return None
        actor.play_for(director)
        return LocalTable(actor)


SEATING = (core.SitDown, core.StandUp, core.SitOut)
"""The commands that change who sits where: what ``ActorSeat.seats`` looks ahead to."""


class ActorSeat:
    """A tournament table as ``TournamentTables`` follows it: its commands go to the table
    (``TableHandle``), and its seats are the table as the director knows it with the seats
    it has been told of since (the director may follow an event before the table has done
    the last, or before it has read the table again since). A table just decided on has no
    handle until the director has opened one: its commands wait for it."""

    def __init__(self, settings: TableSettings, handle: TableHandle | None = None) -> None:
        self.settings = settings
        self.handle = handle
        # Given to the table, with the version it was carried out at (None: not yet);
        # each stays until the table known is at least that version.
        self.sent: deque[list[Any]] = deque()

    @property
    def seats(self) -> Mapping[int, Seat]:
        if self.handle is None:
            return {}
        self._forget_seen()
        table = self.handle.table
        for command, _ in self.sent:
            if isinstance(command, SEATING):
                with contextlib.suppress(TableError):
                    table, _ = table.decide(command, 0.0)
        return table.seats

    @property
    def pending(self) -> bool:
        """Something given to the table is not in the table known yet."""
        self._forget_seen()
        return bool(self.sent)

    def _forget_seen(self) -> None:
        seen = self.handle.seen if self.handle is not None else 0
        while self.sent and self.sent[0][1] is not None and self.sent[0][1] <= seen:
            self.sent.popleft()

    def apply(self, command: core.Command, now: float, hand: int | None = None) -> None:
        self.sent.append([command, None])
        if self.handle is not None:
            self.handle.direct(command, hand, self._carried_out)

    def opened(self, handle: TableHandle) -> None:
        self.handle = handle
        for command, _ in self.sent:
            handle.direct(command, None, self._carried_out)

    def lost(self) -> None:
        """The table is played by another process now: what it was given and had not
        carried out is lost with the last one (its log says what it did)."""
        self.sent.clear()

    def _carried_out(self, version: int) -> None:
        # Carried out in the order given: the first not yet carried out is this one.
        waiting = next((item for item in self.sent if item[1] is None), None)
        if waiting is not None:
            waiting[1] = version


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
        # Hands the tournament let each table deal: a table that has dealt fewer lost its
        # permission on the way (a process died); one that dealt as many and is between
        # hands has a report to give (``_settle``).
        self.started: Counter[int] = Counter()
        self.waiting: set[int] = set()  # tables that would deal and are not let yet
        self.holds = 0  # deals waiting for the hands in play to end: no table deals meanwhile
        self.report_refusals = 0  # hand reports refused: each an alarm (``/metrics``)
        self.lock = asyncio.Lock()
        self.notes: asyncio.Queue[Command | TableNote] = asyncio.Queue()
        self.watchers: set[Connection] = set()
        self.task: asyncio.Task[None] | None = None
        self.timer: asyncio.Task[None] | None = None
        self.settling_again: asyncio.TimerHandle | None = None

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
        """The tournament folded back from its log, playing on at its tables wherever they
        run (a hand in play finishes), each told again what it had not done."""
        director = await cls.from_log(room, tournament_id, rng)
        structure = director.tournament.structure
        ids = await room.store.tournaments.tournament_tables(tournament_id)
        for number in director.tournament.tables:
            handle = await room.reach.found(director, number, ids.get(number, 0))
            seat = ActorSeat(table_settings(structure, director.tables.level), handle)
            if handle is not None:
                seat.settings = handle.table.settings
            director.tables.tables[number] = seat
        director.start()
        director._settle_every_table(moved=True)
        async with director.lock:
            await director._open_new_tables()
        return director

    @classmethod
    async def from_log(cls, room: TableRoom, tournament_id: int, rng: Random) -> TournamentDirector:
        """The tournament folded back from its log, with no table and no clock running: as
        it is, a finished tournament's results for its pages after a restart."""
        stored = await room.store.tournaments.tournament_events(tournament_id)
        events = [tournament_event_from_dict(item.data) for item in stored]
        # Off the event loop, as a table's log is (``versions.folded_back``).
        tournament = await asyncio.to_thread(Tournament.from_events, events)
        director = cls(tournament_id, tournament, len(stored), room, rng)
        director.registrations = sum(isinstance(event, Registered) for event in events)
        director.started.update(e.table for e in events if isinstance(e, HandStarted))
        return director

    async def _settle(self, note: TableNote) -> None:
        """What table ``note.number``, between hands, still has to do with the tournament:
        report the hand it finished (a report is given once: the tournament takes the
        table out of play), deal the hand it was let deal and did not (the permission was
        lost with a process), else wait to deal if it asks. A table that moved to another
        process is also told again what it had not done (``_give_again``)."""
        seat = self.tables.tables.get(note.number)
        if seat is None or seat.handle is None:
            return
        if note.moved:
            seat.lost()
        await seat.handle.refresh()
        table = note.table or seat.handle.table
        number = note.number
        if table.hand is None and number in self.tournament.in_play:
            if table.hand_number >= self.started[number]:
                try:
                    await self._carry_out(self._completed(report(number, table)))
                except TournamentError as error:
                    self._alarm(number, error)
            else:
                seat.apply(core.StartHand(secure_rng()), self.clock(), self.started[number])
        if note.moved or note.again:
            self._give_again(number)
        if note.ready and table.hand is None and number not in self.tournament.in_play:
            self.waiting.add(number)

    def _give_again(self, number: int) -> None:
        """After a restart, or a move to another process, what table ``number`` was told and
        did not do: the level's stakes, the seats the tournament has (a player out stands
        up; a player short of the chips the tournament counts, a rebuy lost on the way, is
        given them between hands)."""
        seat, now = self.tables.tables.get(number), self.clock()
        if seat is None or seat.handle is None:
            return  # broken (the report just given may have broken it)
        table = seat.handle.table
        settings = table_settings(self.tournament.structure, self.tables.level)
        if table.upcoming_settings != settings:
            seat.apply(core.ChangeSettings(DIRECTOR, settings), now)
        wanted = self.tournament.tables[number]
        there = {sitting.player_id: sitting for sitting in seat.seats.values()}
        # Chips are only topped up with nothing on the way: a rebuy sent may not be there yet.
        between = table.hand is None and number not in self.tournament.in_play and not seat.pending
        for player in there.keys() - set(wanted.values()):
            if table.hand is None:
                seat.apply(core.StandUp(player, by=DIRECTOR), now)
        for at, player in wanted.items():
            stack = self.tournament.players[player].stack
            sitting = there.get(player)
            if sitting is None:
                seat.apply(sit_down(self.tournament, player, at, stack), now)
            elif between and sitting.stack + sitting.queued < stack:
                short = stack - sitting.stack - sitting.queued
                seat.apply(core.AddChips(player, short, by=DIRECTOR), now)

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
        if self.settling_again is not None:
            self.settling_again.cancel()
        for task in (self.timer, self.task):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    # What the tables tell ----------------------------------------------------------------

    def ready_to_deal(self, actor: TableActor) -> None:
        number = self.number_of(actor.table_id)
        if number is not None:
            self.notes.put_nowait(TableNote(number, ready=True))

    def hand_finished(self, actor: TableActor, table: Table) -> None:
        number = self.number_of(actor.table_id)
        if number is not None:
            self.notes.put_nowait(TableNote(number, table=table))

    def told(self, note: TableNote) -> None:
        """A note from one of the tables, wherever it plays (``server/spread``)."""
        self.notes.put_nowait(note)

    def number_of(self, table_id: int) -> int | None:
        for number, seat in self.tables.tables.items():
            if seat.handle is not None and seat.handle.table_id == table_id:
                return number
        return None

    async def _run(self) -> None:
        while True:
            note = await self.notes.get()
            try:
                async with self.lock:
                    if isinstance(note, TableNote):
                        await self._open_new_tables()  # any an outage left unopened
                        await self._settle(note)
                    else:
                        with _logged_refusal(self.id, note):
                            await self._carry_out(note)
                    await self._deal_waiting()
            except FencedOffError:
                log.warning("tournament %d is directed by another process now", self.id)
                return
            except Exception as error:
                if _redis_away(error):
                    # Not a bug: the room lost Redis for a moment (restarted, say). What
                    # was saved stands; the tables are settled again, and a table the
                    # tournament needs and could not open is opened then.
                    log.warning("tournament %d: Redis away (%s): settled again", self.id, error)
                    self._settle_again_soon()
                    continue
                log.exception("tournament %d: %r", self.id, note)
                if not (isinstance(note, TableNote) and note.again):
                    self._settle_every_table(moved=False)

    def _settle_again_soon(self) -> None:
        """Every table settled again in ``SETTLE_AGAIN_SECONDS``, once however many notes
        failed meanwhile (each table's would otherwise ask for every table again)."""
        if self.settling_again is None:
            self.settling_again = asyncio.get_running_loop().call_later(
                SETTLE_AGAIN_SECONDS, self._settle_again_now
            )

    def _settle_again_now(self) -> None:
        self.settling_again = None
        self._settle_every_table(moved=False)

    def _settle_every_table(self, *, moved: bool) -> None:
        """Every table told again what it lacks: after an adoption or a restart (``moved``:
        what the last process gave them is lost), or after a bug met halfway through
        following events, which must not leave the tables out of step (once: a note that
        fails so does not ask again)."""
        for number in self.tables.tables:
            self.notes.put_nowait(TableNote(number, moved=moved, again=True))

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
        if seat is not None and seat.handle is not None:
            seat.handle.stop(refused_report(error))

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
            seat.apply(core.StartHand(secure_rng()), now, self.started[number])

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
            raise RefusedError("not_an_entrant")
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
        self.started.update(e.table for e in events if isinstance(e, HandStarted))
        self.tables.follow(after, events, now)
        await self._open_new_tables()
        self._set_timer()
        self._tell_watchers()
        return events

    async def _open_new_tables(self) -> None:
        for number, seat in list(self.tables.tables.items()):
            if seat.handle is None:
                actor = await self.room.open_tournament_table(seat.settings)
                await self.room.store.tournaments.add_tournament_table(
                    self.id, number, actor.table_id
                )
                seat.opened(await self.room.reach.opened(self, number, actor))

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
            number: seat.handle.code
            for number, seat in self.tables.tables.items()
            if seat.handle is not None
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
            raise RefusedError("not_a_player")
        number = self.number_of(actor.table_id)
        if entrant.table is None or entrant.table != number:
            where = self.codes().get(entrant.table) if entrant.table is not None else None
            if where is None:
                raise RefusedError("out_of_tournament")
            raise RefusedError("play_at_table", code=where)
        return player_id, entrant.name


@contextlib.contextmanager
def _logged_refusal(tournament_id: int, command: Command) -> Iterator[None]:
    """A table's note the tournament refuses is logged, not raised: the tables play on."""
    try:
        yield
    except TournamentError as error:
        log.error("tournament %d refused %r: %s", tournament_id, command, error)


def _redis_away(error: Exception) -> bool:
    """Whether ``error`` is the room's Redis out of reach (a connection refused, closed or
    timed out), which passes, rather than a bug. Named, not imported: without ``--redis``
    the client library is not loaded at all."""
    named = type(error).__name__ in ("ConnectionError", "TimeoutError", "BusyLoadingError")
    return named and type(error).__module__.startswith("redis")
