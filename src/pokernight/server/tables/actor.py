"""One task per table: apply, persist, then broadcast, one command at a time.

The actor owns its table: every change arrives in its inbox (a client's
intent, a client attaching) or from its own clock (the action clock, the
pause before the next hand). A command is applied to the pure ``Table``; the
events it produced are stamped with the next versions and made durable
through the store's group-commit writer BEFORE anybody hears of them; then
each version goes to every connection as ``wire.for_recipient`` makes it,
encoded once per view and shared by every recipient of that view. A
refused command changes nothing and its sender gets the reason; an
unexpected failure rebuilds the table from the store, so the actor never
holds a state the database does not.

A tournament table (decision 36) is an actor like any other with a ``TournamentLink``:
it asks the tournament before each deal instead of dealing, tells it each finished
hand, and takes the director's table commands (``Directed``) through its inbox.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from random import Random
from typing import Any, Protocol

from pokernight import table as core
from pokernight.history.recap import Recap
from pokernight.history.stats import TableStats
from pokernight.randomness import secure_rng
from pokernight.server.edge.config import ServerConfig
from pokernight.server.tables import messages as msg
from pokernight.server.tables.bot_driver import BotDriver
from pokernight.server.tables.bot_memory import BotMemory
from pokernight.server.tables.connection import Connection
from pokernight.server.tables.dealer import DEALER, dealer_line
from pokernight.server.tables.delay import SpectatorDelay
from pokernight.server.tables.handled import HandledRequests, ref_key
from pokernight.server.tables.host_watch import HostWatch
from pokernight.server.tables.messages import RefusedError, refusal_message
from pokernight.server.tables.storage import TableStorage
from pokernight.server.tables.versions import TableVersions, folded_back
from pokernight.server.tables.wire import (
    Version,
    WireEvent,
    encode,
    snapshot_wire,
    table_event_wire,
)
from pokernight.server.tables.worded import Worded
from pokernight.store import (
    EventWriter,
    FencedOffError,
    HandledRequest,
    StoredEvent,
    StoreError,
    TableRecord,
)
from pokernight.store.table_chat import LINES_KEPT
from pokernight.table import Folded, Table, TableError

log = logging.getLogger(__name__)

# How often a table whose database went away tries to read its log again.
RELOAD_RETRY_SECONDS = 1.0


CarriedDebt = Callable[[TableRecord, str], Awaitable[int]]


def _borrower(command: core.Command) -> str | None:
    """Who takes chips by ``command`` (against the debt cap), if anybody does."""
    match command:
        case core.SitDown() | core.AddChips():
            return command.player_id
        case core.ApproveSeat() | core.ApproveRebuy():
            return command.requester
        case core.CorrectStack():
            return command.target  # chips the host adds are lent like a rebuy
    return None


@dataclass(frozen=True, slots=True)
class Attach:
    connection: Connection
    last_seq: int


@dataclass(frozen=True, slots=True)
class Received:
    connection: Connection
    intent: msg.Intent


@dataclass(frozen=True, slots=True)
class Wake:
    """Nothing to do but work out again when the clock acts (somebody's page closed)."""


@dataclass(frozen=True, slots=True)
class Directed:
    """A table command from the tournament's director: a seat, a move, a level's stakes, a
    deal, the table closing. Carried out in the inbox's order, after what came before;
    ``done`` is called once it has been (carried out or refused)."""

    command: core.Command
    done: Callable[[], None]
    hand: int | None = None
    """For a deal: the number of the hand the tournament lets the table deal. Dealt only if
    it is the table's next: a permission sent again (after a process died, it may have
    arrived before) never deals a second hand."""


@dataclass(frozen=True, slots=True)
class Leave:
    """The lobby would let the table go (asleep, or closed with nobody watching): asked in
    the inbox's order, ``let_go`` says whether it still may; if so the actor's task ends."""

    let_go: Callable[[TableActor], bool]


class TournamentLink(Protocol):
    """The tournament a table plays for: the director, seen from its tables."""

    def ready_to_deal(self, actor: TableActor) -> None:
        """The table would deal its next hand: the director deals it (``Directed``) when
        the tournament lets it."""

    def hand_finished(self, actor: TableActor, table: Table) -> None:
        """``table``, just saved, has finished a hand: the director hears how it ended."""

    async def entrant_at(self, actor: TableActor, token: str) -> tuple[str, str]:
        """The entrant whose token this is, if they sit at this table now: their player id
        and name; else a RefusedError saying where they play."""


InboxItem = Attach | Received | Wake | Directed | Leave


class TableActor:
    def __init__(
        self,
        record: TableRecord,
        versions: TableVersions,
        store: TableStorage,
        writer: EventWriter,
        config: ServerConfig,
        *,
        handled: HandledRequests | None = None,
        carried_debt: CarriedDebt | None = None,
        fenced_off: Callable[[TableActor], None] | None = None,
    ) -> None:
        self.record = record
        # What a member owes from the club's other nights (the lobby's ``Nights``): the
        # table counts it under its debt cap (decision 35). None: nothing is carried.
        self.carried_debt = carried_debt
        # Told when a save is refused by the table's epoch: another process plays it now,
        # and this one must let it go at once, whatever it has heard of its lease. None: the
        # process is the whole room, where nothing is fenced.
        self.fenced_off = fenced_off
        self.versions = versions
        self.store = store
        self.writer = writer
        self.config = config
        self.inbox: asyncio.Queue[InboxItem] = asyncio.Queue()
        self.connections: set[Connection] = set()
        # What the spectators and the stream view have been sent, and are owed when the host
        # delays them (decision 68); the players' pages never wait.
        self.delay = SpectatorDelay.rebuilt(
            versions.table, versions.version, versions.recent, config.clock()
        )
        # A restarted server finishes a hand in play (its clock runs) but deals no new one
        # until the host does: after a restart nobody may be there to play it.
        self.running = False
        # Why play was stopped here for good, told to every page (a tournament's alarm:
        # ``stop_playing``); None: it was not.
        self.stopped: Worded | None = None
        self.next_hand_at: float | None = None
        # After a save failed, the clock waits this long before it tries a move again (a
        # timeout or a deal), so a database that is down is not asked again at once.
        self.retry_at = 0.0
        self.chat: deque[dict[str, Any]] = deque(maxlen=LINES_KEPT)
        # The players' contributions to the next deal's shuffle, by player id: kept in memory
        # until the deal stores them in its HandDealt (lost on a restart: that deal then
        # mixes fewer, and each sender's check says theirs was not in).
        self.contributions: dict[str, str] = {}
        self.handled = HandledRequests() if handled is None else handled
        self.task: asyncio.Task[None] | None = None
        self.gone = False  # let go by the lobby (``Leave``): the loop has ended
        self.tournament: TournamentLink | None = None
        # The OS's CSPRNG; a test's room seeds its decks (``ServerConfig.shuffle_seed``).
        seed = config.shuffle_seed
        self.shuffle_rng = secure_rng() if seed is None else Random(f"{seed}:{record.id}")
        # When a host with no page open hands the role on (decision 52): counted from now
        # for a table just started here (after a restart nobody is present yet).
        self.host_watch = HostWatch(config.clock())
        self.bots = BotDriver(
            lambda bot, intent: self.submit(Received(bot, intent)),
            # A test's seeded room seeds its bots too, so that its hands play the same.
            secure_rng() if seed is None else Random(f"bots:{seed}:{record.id}"),
            BotMemory(store, record.club_id),
        )

    # What others read of the table (issue 33, item 6). The record, the versions and the
    # store are the actor's own: the lobby, the routes and the director read these.

    @property
    def table(self) -> Table:
        """The table as saved: its last command's events are in the database."""
        return self.versions.table

    @property
    def code(self) -> str:
        return self.record.code

    @property
    def table_id(self) -> int:
        """The table's id in the store."""
        return self.record.id

    @property
    def club_id(self) -> int | None:
        """The club whose night the table is (None: a tournament's table)."""
        return self.record.club_id

    @property
    def invite(self) -> str | None:
        """The invite link's secret: for the host alone."""
        return self.record.invite

    @property
    def version(self) -> int:
        """The newest version, the last saved event's: every page has been sent it."""
        return self.versions.version

    @property
    def names(self) -> Mapping[str, str]:
        """Everybody who ever sat here, by player id (those who left included)."""
        return self.versions.names

    @property
    def hands(self) -> Sequence[str]:
        """The last finished hands, newest last, each as JSON text."""
        return self.versions.hands

    @property
    def stats(self) -> TableStats:
        """The players' statistics over the hands played here."""
        return self.versions.stats

    @property
    def luck(self) -> Mapping[str, int]:
        """By player id, the chips the all-in runouts gave beyond equity (decision 67)."""
        return self.versions.luck

    def recap(self) -> Recap:
        """The night's recap over every finished hand and the ledger (decision 69)."""
        ledger = self.table.ledger
        return self.versions.recap.recap(
            self.code,
            self.names,
            ledger.bots,
            {player_id: account.net for player_id, account in ledger.accounts.items()},
            core.settle_up(ledger.between_people.rounded()),
        )

    async def restart_clock(self) -> None:
        """Before ``start``, for a table taken up again (after a restart, from a process
        that died): a turn open in it is timed from now. The time the table was down
        counts against nobody's clock or bank, and the away clock gives pages the time to
        come back."""
        if self.table.hand is None or self.table.hand.to_act is None:
            return
        with contextlib.suppress(TableError, RefusedError):
            await self._apply(core.RestartClock(), self.config.clock())

    def start(self) -> None:
        self._schedule_next_hand()
        self.task = asyncio.get_running_loop().create_task(self._run(), name=f"table {self.code}")
        self.bots.resume(self.table)

    async def stop(self) -> None:
        await self.bots.stop()
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task

    def submit(self, item: InboxItem) -> None:
        self.inbox.put_nowait(item)

    def play_for(self, tournament: TournamentLink) -> None:
        """From now on the table deals when ``tournament`` lets it, not when a host says."""
        self.tournament = tournament
        self.running = True
        self._schedule_next_hand()
        self.submit(Wake())  # the loop may be waiting with no deadline at all

    def stop_playing(self, reason: Worded) -> None:
        """No more deals, for ``reason``, which every page is told now and on arriving
        (the room's ``stopped``): a tournament table whose report the director refused.
        A hand in play still ends (its clock runs); only its operator deals again."""
        self.stopped = reason
        self.running = False
        self._schedule_next_hand()
        self._broadcast_unversioned({"type": "room", **self.room_json()})

    def detach(self, connection: Connection) -> None:
        self.connections.discard(connection)
        if connection.player_id is not None and connection.player_id not in self.present():
            self.host_watch.page_closed(connection.player_id, self.table, self.config.clock())
            self._broadcast_presence()
            # Gone during their own turn: the clock acts sooner (no time bank) than the
            # loop, waiting on the old deadline, would know.
            self.submit(Wake())

    def present(self) -> list[str]:
        """The players with a page open on this table (bots play through no connection)."""
        return sorted({c.player_id for c in self.connections if c.player_id is not None})

    def _broadcast_presence(self) -> None:
        self._broadcast_unversioned({"type": "presence", "connected": self.present()})

    def room_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "protocol": msg.PROTOCOL,
            "running": self.running,
            # Why in English, and its code and params for a page to word (issue 38).
            "stopped": None if self.stopped is None else self.stopped.text,
            "stopped_code": None if self.stopped is None else self.stopped.code,
            "stopped_params": None if self.stopped is None else self.stopped.params,
            "chat": list(self.chat),
        }

    # The loop ----------------------------------------------------------------------------

    async def _run(self) -> None:
        while not self.gone:
            try:
                await self._next()
            except Exception:
                # A bug must not take the table down with it: log it and serve on.
                log.exception("table %s", self.code)

    async def _next(self) -> None:
        self._release_to_spectators()
        try:
            # asyncio.timeout, not wait_for: wait_for wraps the get in a new task every time.
            async with asyncio.timeout(self._seconds_to_wake()):
                item = await self.inbox.get()
        except TimeoutError:
            await self._on_clock()
            return
        if isinstance(item, Attach):
            await self._on_attach(item)
        elif isinstance(item, Received):
            await self._on_intent(item.connection, item.intent)
        elif isinstance(item, Directed):
            try:
                await self._on_directed(item)
            finally:
                item.done()
        elif isinstance(item, Leave):
            self.gone = item.let_go(self)

    def _seconds_to_wake(self) -> float | None:
        wakes = [] if self.next_hand_at is None else [self.next_hand_at]
        if self._deck_due():
            wakes.append(self.config.clock())
        if self.table.hand is not None and self.table.hand.to_act is not None:
            wakes.append(self.table.deadline(self.present()))
        host_away = self.host_watch.due(self.table, self.present(), self.config.clock())
        if host_away is not None:
            wakes.append(host_away)
        delayed = self.delay.next_release(self.table.upcoming_settings)
        if delayed is not None:
            wakes.append(delayed)
        if not wakes:
            return None
        return max(max(min(wakes), self.retry_at) - self.config.clock(), 0.0)

    async def _on_clock(self) -> None:
        now = self.config.clock()
        if now < self.retry_at:
            return
        timed_out = self.table.tick(now, self.present())
        host_away = self.host_watch.due(self.table, self.present(), now)
        with contextlib.suppress(TableError, RefusedError):
            if timed_out is not None:
                await self._apply(timed_out, now)
            elif host_away is not None and now >= host_away:
                await self._apply(self.host_watch.command(self.present()), now)
            elif self._deck_due():
                await self._apply(core.CommitDeck(self.shuffle_rng), now)
            elif self.next_hand_at is not None and now >= self.next_hand_at:
                self.next_hand_at = None
                if self.running and self.tournament is not None:
                    self.tournament.ready_to_deal(self)
                elif self.running:
                    await self._apply(core.StartHand(self.shuffle_rng, self._mixes()), now)

    async def _on_directed(self, directed: Directed) -> None:
        command = directed.command
        if directed.hand is not None and (
            self.table.hand is not None or directed.hand != self.table.hand_number + 1
        ):
            return  # that hand was dealt already, on the first permission
        if isinstance(command, core.StartHand):
            # The director deals when the tournament lets the table: with what its players
            # contributed to the committed deck, as at any table.
            command = replace(command, contributions=self._mixes())
        try:
            await self._apply(command, self.config.clock())
        except (TableError, RefusedError) as error:
            # The director follows the tournament's own count of the table: a refusal is a
            # bug somewhere, logged; the tournament goes on.
            log.error("table %s refused the tournament's %r: %s", self.code, command, error)

    async def _on_attach(self, attach: Attach) -> None:
        """A page comes in: it is shown the table as saved (memory never runs ahead)."""
        self._attach(attach)

    def _attach(self, attach: Attach) -> None:
        connection = attach.connection
        if connection.player_id is None:
            self._attach_spectator(attach)
            return
        missed = self.versions.since(attach.last_seq)
        if missed is None:
            snapshot = snapshot_wire(self.versions.version, self.table, self.room_json())
            connection.send_text(Version.of(snapshot).text_for(connection.player_id))
        else:
            for wire in missed:
                connection.send_text(wire.text_for(connection.player_id))
            # A snapshot carries the room (chat, dealing or paused); versions do not.
            connection.send({"type": "room", **self.room_json()})
        arriving = connection.player_id is not None and connection.player_id not in self.present()
        self.connections.add(connection)
        if arriving:
            self._broadcast_presence()
        else:
            connection.send({"type": "presence", "connected": self.present()})

    def _attach_spectator(self, attach: Attach) -> None:
        """A spectator (or the stream view) comes in: shown the table as the spectators
        were last sent it, which is the table now unless the host delays them."""
        connection, seen = attach.connection, self.delay.version
        missed = None if attach.last_seq > seen else self.versions.since(attach.last_seq)
        if missed is None:
            snapshot = snapshot_wire(seen, self.delay.table, self.room_json())
            connection.send_text(Version.of(snapshot).text_for(None))
        else:
            for wire in missed:
                if wire.v <= seen:
                    connection.send_text(wire.text_for(None))
            connection.send({"type": "room", **self.room_json()})
        self.connections.add(connection)
        connection.send({"type": "presence", "connected": self.present()})

    # Intents -----------------------------------------------------------------------------

    async def _on_intent(self, connection: Connection, intent: msg.Intent) -> None:
        player_id = connection.player_id
        ref = intent.id
        request: HandledRequest | None = None
        try:
            if player_id is None:
                raise RefusedError("spectators_cannot_act")
            if ref is not None:
                done_at = self.handled.version_of(player_id, connection.session, ref)
                if done_at is not None:  # sent again (a reconnect): the first answer again
                    connection.send({"type": "ack", "ref": ref, "duplicate": True, "v": done_at})
                    return
                request = HandledRequest(player_id, connection.session, ref_key(ref), 0)
            await self._carry_out(connection, player_id, intent, request)
        except (TableError, RefusedError) as error:
            connection.send(refusal_message(error, ref))
            return
        except Exception:
            # A bug, not the sender's fault: they are told, never left waiting in silence.
            log.exception("table %s could not carry out %r", self.code, intent)
            connection.send(refusal_message(RefusedError("internal"), ref))
            return
        if request is not None:
            self.handled.record(replace(request, version=self.versions.version))
        connection.send({"type": "ack", "ref": ref, "v": self.versions.version})

    async def _carry_out(
        self,
        connection: Connection,
        player_id: str,
        intent: msg.Intent,
        request: HandledRequest | None,
    ) -> None:
        """``request``: stored with the events the intent causes, if it has a client id.

        A table command takes one path, whatever it is; the other arms are the room's own
        messages, which the table never sees (decision 61)."""
        now = self.config.clock()
        match intent:
            case msg.Chat():
                line = {"type": "chat", "player_id": player_id, "name": connection.name}
                await self._say({**line, "text": intent.text, "at": now})
            case msg.Start() | msg.Pause():
                self._check_host(player_id, "only_host_deal")
                if self.table.closed:
                    raise RefusedError("table_closed")
                running = isinstance(intent, msg.Start)
                if running != self.running:
                    try:  # kept for a process that adopts the table (decision 39)
                        await self.store.tables.set_running(self.record.id, running)
                    except StoreError:
                        raise RefusedError("database_unreachable") from None
                self.running = running
                self._schedule_next_hand()
                self._broadcast_unversioned({"type": "room", **self.room_json()})
            case msg.NewInvite():
                self._check_host(player_id, "only_host_invite")
                try:
                    invite = await self.store.tables.new_invite(self.record.id)
                except StoreError:
                    raise RefusedError("database_unreachable") from None
                self.record = replace(self.record, invite=invite)
                self._tell_host_invite()
            case msg.Contribute():
                value = core.check_contribution(
                    self.table,
                    player_id,
                    hand_number=intent.hand_number,
                    commitment=intent.commitment,
                    value=intent.value,
                    taken=self.contributions,
                )
                self.contributions[player_id] = value
            case msg.Asked():
                # Any table command: the message made the core's record, the sender's own.
                command = intent.command(player_id, connection, self.table)
                await self._note_carried_debt(_borrower(command), now)
                await self._apply(command, now, request)
            case _:
                raise RefusedError("not_a_command", kind=type(intent).__name__)

    async def _note_carried_debt(self, player_id: str | None, now: float) -> None:
        """Before a member takes chips, the table hears what they owe from other nights."""
        if player_id is None or self.carried_debt is None:
            return
        try:
            owed = await self.carried_debt(self.record, player_id)
        except StoreError:
            raise RefusedError("database_unreachable") from None
        except Exception:
            # The season could not be read (a bug, not the player's doing): the table keeps
            # what it last knew of the debt, and the buy-in is not refused for it.
            log.exception("table %s: the season's debt of %s", self.code, player_id)
            return
        if owed != self.table.carried_debts.get(player_id, 0):
            await self._apply(core.CarryDebt(player_id, owed), now)

    def _check_host(self, player_id: str, code: str) -> None:
        core.check_host(self.table.host, player_id, code)

    async def _say(self, line: dict[str, Any], *, unkept_too: bool = False) -> None:
        """A line of the chat: saved, then in the room's chat and told to every page (a
        restart, or another process taking the table up, reads it back: decision 82).
        ``unkept_too``: said even if it cannot be saved (else refused)."""
        try:
            await self.store.chat.say(self.record.id, line)
        except StoreError:
            if not unkept_too:
                raise RefusedError("database_unreachable") from None
            log.warning("table %s: a chat line could not be kept", self.code)
        self.chat.append(line)
        self._broadcast_unversioned(line)

    async def _dealer_says(self, lines: list[Worded | None]) -> None:
        """The dealer's lines of the events just saved (None: nothing said of one): in the
        chat (kept in the room's, so a page that comes later reads them too), after the
        versions."""
        now = self.config.clock()
        for said in lines:
            if said is not None:
                line = {
                    "type": "chat",
                    "player_id": None,
                    "name": DEALER,
                    "text": said.text,
                    "code": said.code,
                    "params": said.params,
                    "dealer": True,
                    "at": now,
                }
                # What it tells is saved already: a line that cannot be kept is said anyway.
                await self._say(line, unkept_too=True)

    # Move, persist, broadcast ------------------------------------------------------------

    async def _apply(
        self, command: core.Command, now: float, request: HandledRequest | None = None
    ) -> None:
        """Decide, save, then take the new table: memory never holds a move the database
        does not, so a save that fails leaves nothing to undo (decision 27)."""
        early: list[tuple[WireEvent, Worded | None]] = []

        def between(folded: Folded, table: Table) -> None:
            # An event that others follow is told with the table it left (its seats, its
            # ledger), not the table the last one left: built now (the table changes on),
            # sent once saved. So is the dealer's line of it: a bounty's payers are named
            # before a close that follows cashes them out.
            version = self.versions.version + len(early) + 1
            names = {**self.versions.names, **{s.player_id: s.name for s in table.seats.values()}}
            said = dealer_line(folded.event, table, names)
            early.append((table_event_wire(version, folded, table), said))

        try:
            # Who has a page open: a host who leaves or is sat out by the clock hands the
            # table to one of them (decision 52).
            table, done = self.table.decide(command, now, between, self.present())
        except TableError:
            raise
        except Exception:
            log.exception("table %s failed to apply %r", self.code, command)
            raise RefusedError("not_applied") from None
        await self._commit(table, done, now, request, early)

    async def _commit(
        self,
        table: Table,
        done: list[Folded],
        now: float,
        request: HandledRequest | None,
        early: list[tuple[WireEvent, Worded | None]],
    ) -> None:
        """Save ``done``, then tell it and what follows from it; ``early``: how each event
        but the last is told, and the dealer's line of it, from the table it left."""
        first = self.versions.version + 1
        stored = [StoredEvent.of(first + i, folded.event, now) for i, folded in enumerate(done)]
        # The request that caused them is saved with them: a resend after a crash is known.
        saved = None if request is None else replace(request, version=first + len(done) - 1)
        try:
            await self.writer.append(self.record.id, stored, [] if saved is None else [saved])
        except FencedOffError:
            log.warning("table %s is played by another process now: it stops here", self.code)
            if self.fenced_off is not None:
                self.fenced_off(self)
            raise RefusedError("not_saved") from None
        except Exception:
            log.exception("table %s could not persist versions from %d", self.code, first)
            if await self._landed_after_all(saved):
                return
            raise RefusedError("not_saved") from None
        self.versions.table = table
        if saved is not None:
            self.handled.record(saved)  # at once: whatever fails below, a resend is known
        # The last: as it is now.
        wires: list[WireEvent | None] = [*(wire for wire, _ in early), None] if done else []
        self._broadcast(
            [self.versions.record(f, w) for f, w in zip(done, wires, strict=True)],
            actions=sum(isinstance(folded.event, core.PlayerActed) for folded in done),
            hand_ended=any(isinstance(folded.event, core.HandFinished) for folded in done),
        )
        try:
            await self._after_commit(done, [said for _, said in early])
        except Exception:
            # The move is saved and sent: what follows it must not undo that for the sender.
            log.exception("table %s: after versions from %d", self.code, first)

    async def _after_commit(self, done: list[Folded], said: list[Worded | None]) -> None:
        if done:
            last = dealer_line(done[-1].event, self.table, self.versions.names)
            await self._dealer_says([*said, last])
        if any(isinstance(folded.event, core.HostChanged) for folded in done):
            self.host_watch.host_changed(self.config.clock())
            self._tell_host_invite()
        if any(isinstance(folded.event, core.TableClosed) for folded in done):
            await self._closed()
        if any(isinstance(folded.event, core.HandDealt | core.DeckCommitted) for folded in done):
            self.contributions.clear()  # mixed into the deal, or made for another deck
        self._schedule_next_hand()
        self.bots.after_commit(done, self.table)
        if self.tournament is not None and any(
            isinstance(folded.event, core.HandFinished) for folded in done
        ):
            self.tournament.hand_finished(self, self.table)

    def _mixes(self) -> tuple[tuple[str, str], ...]:
        """The contributions waiting to be mixed into the next deal (player id, value);
        none in a test's seeded room, whose pages' random bytes would unseed its decks."""
        if self.config.shuffle_seed is not None:
            return ()
        return tuple(self.contributions.items())

    def _deck_due(self) -> bool:
        """A pause before a deal has begun and its deck is not committed yet: the clock
        commits it at once, so that the players' pages contribute to its order during the
        pause and the deal waits for nobody (decision 38). The clock, not the command that
        ended the hand, so that command's answer does not wait for one more save."""
        table = self.table
        return (
            self.next_hand_at is not None
            and table.hand is None
            and not table.closing
            and not table.closed
            and table.committed_deck(table.hand_number + 1) is None
        )

    def _tell_host_invite(self) -> None:
        """A new host gets the invite link's secret, which nobody else is ever sent."""
        message = {"type": "invite", "invite": self.record.invite}
        for connection in self.connections:
            if connection.player_id is not None and connection.player_id == self.table.host:
                connection.send(message)

    async def _closed(self) -> None:
        """The game is over: no more deals, and the code is free for a new table (the
        connected pages keep the final state; the ledger and statistics stay readable)."""
        self.running = False
        await self.store.tables.close_table(self.record.id)
        self._broadcast_unversioned({"type": "room", **self.room_json()})

    async def _landed_after_all(self, saved: HandledRequest | None) -> bool:
        """After a failed save. A save reported failed may have landed (the connection
        dropped after the commit): the log is read back when it can be, and the table
        takes what it holds. When it cannot be, the table keeps what it had: if the save
        did land, the next one meets its versions in the log, fails, and comes here
        again. Either way the clock waits before it tries again, and a bot whose move
        was not saved plays it again. True when this very request was saved."""
        self.retry_at = self.config.clock() + RELOAD_RETRY_SECONDS
        self._schedule_next_hand()
        try:
            await self._reload()
        except Exception:
            log.warning("table %s cannot read its events back yet", self.code)
            self.bots.replay_turn(self.table)
            return False
        return saved is not None and self.handled.knows(saved)

    async def _reload(self) -> None:
        version = self.versions.version
        stored = await self.store.tables.load_events(self.record.id)
        handled = await self.store.tables.handled_requests(self.record.id)
        self.versions = await folded_back(stored, self.config.ring_size)
        self.handled = HandledRequests.of(handled)
        if self.versions.version != version:
            # A save that failed may have landed after all: versions nobody was sent.
            snapshot = snapshot_wire(self.versions.version, self.table, self.room_json())
            self._broadcast([Version.of(snapshot)])
        self._schedule_next_hand()
        self.bots.replay_turn(self.table)  # a bot whose move was lost plays it again

    def _schedule_next_hand(self) -> None:
        if not self.running or self.table.hand is not None:
            self.next_hand_at = None
        elif self.next_hand_at is None:
            self.next_hand_at = self.config.clock() + self.config.hand_pause_seconds

    def _broadcast(
        self, versions: list[Version], *, actions: int = 0, hand_ended: bool = False
    ) -> None:
        """The players' pages are sent ``versions`` at once; the spectators when the
        stream delay lets them (``actions``, ``hand_ended``: what the delay counts)."""
        players = [c for c in self.connections if c.player_id is not None]
        for version in versions:
            for connection in players:
                connection.send_text(version.text_for(connection.player_id))
        now = self.config.clock()
        released = self.delay.hold(
            versions, self.table, now, actions=actions, hand_ended=hand_ended
        )
        self._send_to_spectators(released)

    def _release_to_spectators(self) -> None:
        """What the stream delay held and now lets go, to the spectators."""
        if self.delay.held:
            released = self.delay.release(self.table.upcoming_settings, self.config.clock())
            self._send_to_spectators(released)

    def _send_to_spectators(self, versions: list[Version]) -> None:
        spectators = [c for c in self.connections if c.player_id is None]
        for version in versions:
            for connection in spectators:
                connection.send_text(version.public_text)

    def _broadcast_unversioned(self, message: dict[str, Any]) -> None:
        text = encode(message)
        for connection in self.connections:
            connection.send_text(text)
