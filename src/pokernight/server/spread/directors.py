"""A tournament over several room processes (issue 35): its director runs in the process
that holds its lease (``tournament:<id>``), and its tables wherever theirs are held.

They speak over the processes' channels (``pipes``): the director gives a table its
commands (``directed``: a seat, a move, a level, a deal), the table's process says each
is carried out (``carried``), and a table tells its director that it finished a hand or
would deal (``note``). Nothing here must arrive for the tournament to be right, only for
it to be quick: a message is lost when a process dies, and what was lost is found again
from the logs, which are the truth (``TournamentDirector._settle``). A table reads its
director's process from the lease each time it speaks; a table waiting to deal asks again
every ``ASK_AGAIN_SECONDS`` until it is let deal, so a director adopted by another
process hears it; a director reads a table it does not play from the table's log, and a
note from a process other than the last says the table moved: what was on its way there
is given again. Messages go out one at a time, in order, from one task per process: a
table's note never overtakes the acknowledgements of what it carried out before it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pokernight.cluster.lease import table_key, tournament_key
from pokernight.randomness import secure_rng
from pokernight.server.spread.pipes import CHANNEL, Envelope, Pipes
from pokernight.server.tables.actor import Directed, TableActor
from pokernight.server.tables.messages import RefusedError
from pokernight.server.tables.worded import Worded
from pokernight.server.tournaments.tournament_director import (
    TableHandle,
    TableNote,
    TournamentDirector,
)
from pokernight.store import StoredEvent
from pokernight.table import (
    AddChips,
    BotLevel,
    ChangeSettings,
    CloseTable,
    Command,
    SitDown,
    SitOut,
    StandUp,
    StartHand,
    Table,
    TableSettings,
    evolve,
    table_event_from_dict,
)

if TYPE_CHECKING:
    from pokernight.server.lobby.lobby import Lobby

log = logging.getLogger(__name__)

ASK_AGAIN_SECONDS = 1.0
DIRECTED, CARRIED, NOTE, STOP = "directed", "carried", "note", "stop"
KINDS = (DIRECTED, CARRIED, NOTE, STOP)


# The director's commands, as they travel ------------------------------------------------


def command_json(command: Command) -> dict[str, Any]:
    """A command a director gives a table, as JSON (a deal's shuffle is the table's own)."""
    match command:
        case SitDown():
            bot = None if command.bot is None else str(command.bot)
            return {
                "type": "sit",
                "seat": command.seat,
                "player_id": command.player_id,
                "name": command.name,
                "buy_in": command.buy_in,
                "bot": bot,
                "by": command.by,
            }
        case StandUp():
            return {"type": "stand_up", "player_id": command.player_id, "by": command.by}
        case SitOut():
            return {"type": "sit_out", "player_id": command.player_id}
        case AddChips():
            return {
                "type": "add_chips",
                "player_id": command.player_id,
                "amount": command.amount,
                "by": command.by,
            }
        case ChangeSettings():
            settings = command.settings.to_dict()
            return {"type": "settings", "player_id": command.player_id, "settings": settings}
        case CloseTable():
            return {"type": "close_table", "player_id": command.player_id}
        case StartHand():
            return {"type": "deal"}
    raise ValueError(f"a director does not give {type(command).__name__}")


def command_of(data: dict[str, Any]) -> Command:
    match data["type"]:
        case "sit":
            bot = None if data["bot"] is None else BotLevel(data["bot"])
            return SitDown(
                data["seat"],
                data["player_id"],
                data["name"],
                data["buy_in"],
                bot=bot,
                by=data["by"],
            )
        case "stand_up":
            return StandUp(data["player_id"], by=data["by"])
        case "sit_out":
            return SitOut(data["player_id"])
        case "add_chips":
            return AddChips(data["player_id"], data["amount"], by=data["by"])
        case "settings":
            return ChangeSettings(data["player_id"], TableSettings.from_dict(data["settings"]))
        case "close_table":
            return CloseTable(data["player_id"])
        case "deal":
            return StartHand(secure_rng())
    raise ValueError(f"no director's command {data['type']!r}")


# The way out: one message at a time, in order ---------------------------------------------


@dataclass(frozen=True, slots=True)
class Outgoing:
    key: str  # whose process it goes to: a table's or a tournament's lease
    envelope: Envelope
    lost: Callable[[], None] | None = None  # nobody heard it


class Courier:
    """This process's end of the tournaments' messages, both ways."""

    def __init__(self, lobby: Lobby, pipes: Pipes) -> None:
        self.lobby = lobby
        self.pipes = pipes
        self.leases = pipes.leases
        self.outbox: asyncio.Queue[Outgoing] = asyncio.Queue()
        self.numbers = iter(range(1, 1 << 62))
        self.acks: dict[int, tuple[RemoteTable, Callable[[int], None]]] = {}
        self.sender: asyncio.Task[None] | None = None
        pipes.extra.update(dict.fromkeys(KINDS, self.take))

    def start(self) -> None:
        self.sender = asyncio.get_running_loop().create_task(self._sending())

    async def stop(self) -> None:
        if self.sender is not None:
            self.sender.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.sender

    def send(self, outgoing: Outgoing) -> None:
        self.outbox.put_nowait(outgoing)

    async def _sending(self) -> None:
        while True:
            outgoing = await self.outbox.get()
            try:
                owner = await self.leases.owner_of(outgoing.key)
                heard = owner is not None and await self.pipes.publish(
                    CHANNEL + owner, {**outgoing.envelope, "from": self.leases.owner}
                )
            except Exception as error:  # Redis away: as if nobody heard
                log.warning("a tournament's message was not sent: %s", error)
                heard = False
            if not heard and outgoing.lost is not None:
                outgoing.lost()

    # What comes in --------------------------------------------------------------------------

    def take(self, envelope: Envelope) -> None:
        match envelope["kind"]:
            case "directed":
                self._directed(envelope)
            case "carried":
                self._carried(envelope)
            case "note":
                self._note(envelope)
            case "stop":
                actor = self.lobby.actor_by_id(envelope["table_id"])
                if actor is not None:
                    # From a process older than the codes: the English alone.
                    code, params = envelope.get("code", ""), envelope.get("params", {})
                    said = Worded(code, envelope["reason"], params)
                    actor.stop_playing(said)

    def _directed(self, envelope: Envelope) -> None:
        actor = self.lobby.actor_by_id(envelope["table_id"])
        back = tournament_key(envelope["tournament"])
        answer = {"kind": CARRIED, "conn": "", "id": envelope["id"]}
        if actor is None:  # not played here (any more): the director hears the table moved
            self.send(Outgoing(back, {**answer, "missing": True}))
            return
        command = command_of(envelope["command"])

        def done() -> None:
            self.send(Outgoing(back, {**answer, "version": actor.version}))

        actor.submit(Directed(command, done, envelope.get("hand")))

    def _carried(self, envelope: Envelope) -> None:
        waiting = self.acks.pop(envelope["id"], None)
        if waiting is None:
            return
        handle, done = waiting
        if envelope.get("missing"):
            handle.owner = None  # its next note comes from where it is played now
        done(envelope.get("version", 0))

    def _note(self, envelope: Envelope) -> None:
        director = self.lobby.tournaments.get(envelope["tournament"])
        if director is None:
            return
        number = envelope["number"]
        seat = director.tables.tables.get(number)
        if seat is None or not isinstance(seat.handle, RemoteTable):
            return
        handle = seat.handle
        moved = handle.owner != envelope["from"]
        handle.owner = envelope["from"]
        director.told(TableNote(number, ready=envelope["ready"], moved=moved))

    # The director's end ---------------------------------------------------------------------

    def direct(self, handle: RemoteTable, envelope: Envelope, done: Callable[[int], None]) -> None:
        number = next(self.numbers)
        self.acks[number] = (handle, done)

        def lost() -> None:
            self.acks.pop(number, None)
            handle.owner = None

        self.send(Outgoing(table_key(handle.table_id), {**envelope, "id": number}, lost))

    # The table's end ------------------------------------------------------------------------

    async def link(self, actor: TableActor) -> None:
        """A tournament's table, adopted here: it plays for its director, wherever that is."""
        found = await self.lobby.store.tournaments.tournament_of_table(actor.table_id)
        if found is not None:
            actor.play_for(DirectorLink(self, *found))


class RemoteTable:
    """A director's tournament table played by any of the processes (``TableHandle``):
    known from its log, given commands over the channels."""

    def __init__(
        self, courier: Courier, tournament_id: int, table_id: int, code: str, table: Table
    ) -> None:
        self.courier = courier
        self.tournament_id = tournament_id
        self.table_id = table_id
        self.code = code
        self.table = table
        self.seq = 0  # the last of its events read
        self.owner: str | None = None  # the process its last note came from

    @classmethod
    async def read(
        cls, courier: Courier, tournament_id: int, table_id: int, code: str
    ) -> RemoteTable:
        stored = await courier.lobby.store.tables.load_events(table_id)
        table = Table.from_events([table_event_from_dict(stored[0].data)])
        handle = cls(courier, tournament_id, table_id, code, table)
        # Off the event loop: a director adopted with its tables reads each whole log, and
        # the process's heartbeat must beat meanwhile (``versions.folded_back``).
        await asyncio.to_thread(handle._fold, stored)
        return handle

    async def refresh(self) -> None:
        self._fold(await self.courier.lobby.store.tables.load_events(self.table_id, self.seq))

    def _fold(self, stored: list[StoredEvent]) -> None:
        for item in stored:
            if item.seq > 1:
                evolve(self.table, table_event_from_dict(item.data))
            self.seq = item.seq

    @property
    def seen(self) -> int:
        return self.seq

    def direct(self, command: Command, hand: int | None, done: Callable[[int], None]) -> None:
        envelope = {
            "kind": DIRECTED,
            "conn": "",
            "table_id": self.table_id,
            "tournament": self.tournament_id,
            "command": command_json(command),
            "hand": hand,
        }
        self.courier.direct(self, envelope, done)

    def stop(self, reason: Worded) -> None:
        envelope = {
            "kind": STOP,
            "conn": "",
            "table_id": self.table_id,
            "reason": reason.text,
            "code": reason.code,
            "params": reason.params,
        }
        self.courier.send(Outgoing(table_key(self.table_id), envelope))


class ClusterReach:
    """Under ``--redis``: a director's tables are ``RemoteTable``s, even those played in
    its own process (one way for all of them: any of them may move)."""

    def __init__(self, courier: Courier) -> None:
        self.courier = courier

    async def opened(
        self, director: TournamentDirector, number: int, actor: TableActor
    ) -> TableHandle:
        actor.play_for(DirectorLink(self.courier, director.id, number))
        handle = await RemoteTable.read(self.courier, director.id, actor.table_id, actor.code)
        handle.owner = self.courier.leases.owner
        return handle

    async def found(
        self, director: TournamentDirector, number: int, table_id: int
    ) -> TableHandle | None:
        record = await self.courier.lobby.store.tables.table(table_id)
        if record is None:
            return None
        return await RemoteTable.read(self.courier, director.id, table_id, record.code)


class DirectorLink:
    """A tournament table's director seen from the table's process (``TournamentLink``):
    wherever the director runs, reached through its lease."""

    def __init__(self, courier: Courier, tournament_id: int, number: int) -> None:
        self.courier = courier
        self.tournament_id = tournament_id
        self.number = number
        self.asking: asyncio.Task[None] | None = None
        self.after = 0  # the table would deal the hand after this one

    def _tell(self, actor: TableActor, ready: bool) -> None:
        envelope = {
            "kind": NOTE,
            "conn": "",
            "tournament": self.tournament_id,
            "number": self.number,
            "table_id": actor.table_id,
            "ready": ready,
        }
        self.courier.send(Outgoing(tournament_key(self.tournament_id), envelope))

    def ready_to_deal(self, actor: TableActor) -> None:
        self.after = actor.table.hand_number
        self._tell(actor, ready=True)
        if self.asking is None or self.asking.done():
            self.asking = asyncio.get_running_loop().create_task(self._ask(actor))

    async def _ask(self, actor: TableActor) -> None:
        """Ask again until the table deals (or stops): the director may be between
        processes. One task, which asks for the latest hand the table would deal."""
        while True:
            await asyncio.sleep(ASK_AGAIN_SECONDS)
            if not _waiting(actor, self.after):
                return
            self._tell(actor, ready=True)

    def hand_finished(self, actor: TableActor, table: Table) -> None:
        self._tell(actor, ready=False)

    async def entrant_at(self, actor: TableActor, token: str) -> tuple[str, str]:
        tournaments = self.courier.lobby.store.tournaments
        player_id = await tournaments.entrant_by_token(self.tournament_id, token)
        if player_id is None:
            raise RefusedError("not_an_entrant")
        for seat in actor.table.seats.values():
            if seat.player_id == player_id:
                return player_id, seat.name
        raise RefusedError("not_at_this_table")


def _waiting(actor: TableActor, dealt: int) -> bool:
    table = actor.table
    running = actor.task is not None and not actor.task.done() and not actor.gone
    return running and not table.closed and table.hand is None and table.hand_number == dealt
