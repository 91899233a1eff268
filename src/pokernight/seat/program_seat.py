"""``ProgramSeat``: a seat at a server's table played by a program, through a folder (and,
when asked, by an ACPC bot over TCP).

The seat is a client of the protocol like the terminal game: it joins as a program
(``"program": true``: shown as a bot to everybody, let in where the host allows
programs), sits, and from then on mirrors what the server says into the folder and
carries the program's answers back as intents. Each message is taken in turn, then the
folder is looked at for an answer (every ``poll_seconds``: no inotify, any file system).
A refused answer changes nothing at the table: ``error.txt`` says why, the turn stays.

As the host of a table of its own (``bots`` given: the local game), the seat fills the
other seats with the room's bots, starts the deal, and replaces a bot that went broke.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pokernight.client import (
    DROPPED,
    NETWORK_ERRORS,
    ClientError,
    ClientSession,
    InboxClient,
    entering,
    request_json,
)
from pokernight.seat.acpc import AcpcRefusedError
from pokernight.seat.acpc_link import AcpcLink
from pokernight.seat.acpc_seat import AcpcSeat
from pokernight.seat.answers import AnswerRefusedError, judge, parse_answer
from pokernight.seat.folder import HalfAnswer, SeatFolder
from pokernight.seat.pace import SLOW_DOWN_PAUSE, Pacer, refused_for_speed
from pokernight.seat.picture import picture

Json = dict[str, Any]
SPEED_RETRIES = 5
REFUSALS_KEPT = 20
"""The newest refusals a report keeps (``log.jsonl`` has every one): a seat runs for hours."""


@dataclass(frozen=True, slots=True)
class SeatOptions:
    """``seat``: the table's seat index (None: the first free one); ``buy_in`` None: the
    table's largest; ``hands`` None: until stopped or the table closes; ``invite``: the
    invite link's secret; ``token``: this player's seat token (else the folder's, else a
    new join); ``bots``: as the table's host, seat bots of these levels and start the
    deal; ``rebuy``: buy back in when broke; ``acpc_port``: take answers from an ACPC bot
    on this port (0: any free one) instead of the folder's ``action``."""

    url: str
    code: str
    name: str
    folder: Path
    seat: int | None = None
    buy_in: int | None = None
    hands: int | None = None
    invite: str | None = None
    token: str | None = None
    bots: tuple[str, ...] = ()
    rebuy: bool = True
    acpc_port: int | None = None
    acpc_host: str = "127.0.0.1"
    poll_seconds: float = 0.02


@dataclass(slots=True)
class SeatReport:
    """What a run came to: hands played, answers sent and refused (the newest reasons),
    and why it ended."""

    hands: int = 0
    answers: int = 0
    refused: int = 0
    ended: str = ""
    acpc_port: int | None = None
    refusals: list[str] = field(default_factory=list)


class _FolderVoice:
    """What the seat notes in its folder's log as it comes in (``SessionVoice``)."""

    def __init__(self, folder: SeatFolder, code: str) -> None:
        self.folder = folder
        self.code = code

    def back(self, seat: int) -> None:
        self.folder.note(f"back in seat {seat + 1}")

    def sat(self, seat: int, buy_in: int) -> None:
        self.folder.note(f"sat in seat {seat + 1} with {buy_in}")

    def waiting(self, seat: int) -> None:
        self.folder.note("asked for a seat: waiting for the host")

    def let_in(self, seat: int, buy_in: int, *, asked_before: bool) -> None:
        if not asked_before:
            self.sat(seat, buy_in)

    def not_let_in(self) -> str:
        return f"the host of table {self.code} did not give a seat"

    def reconnecting(self) -> None:
        self.folder.note("connection lost: reconnecting")

    def reconnected(self) -> None:
        self.folder.note("reconnected")


class ProgramSeat:
    def __init__(self, options: SeatOptions) -> None:
        self.options = options
        self.url = options.url.rstrip("/")
        self.folder = SeatFolder(options.folder)
        self.client = InboxClient(self.url, options.code, None)
        # Catching up, sitting, waiting for the host, reconnecting: as the terminal game does.
        voice = _FolderVoice(self.folder, options.code)
        self.session = ClientSession(self.client, voice, self._take)
        self.report = SeatReport()
        link = None if options.acpc_port is None else AcpcLink(options.acpc_host, options.acpc_port)
        self.acpc = None if link is None else AcpcSeat(link)
        self._shown: Json | None = None
        self._rebuying = False
        self.ready = asyncio.Event()  # seated (and the ACPC port open): a caller may say so
        self.pacer = Pacer()
        # The client's own contributions to each shuffle count against the room's limit too.
        self.client.pace = self._pace

    @property
    def ended(self) -> bool:
        return bool(self.report.ended)

    async def run(self) -> SeatReport:
        """Join, sit and play until the hands are played or the table closes."""
        self.folder.open()
        try:
            if self.acpc is not None:
                self.report.acpc_port = await self.acpc.link.start()
                self.folder.note(f"ACPC bots connect to port {self.report.acpc_port}")
            await self._enter()
            self._show()
            self.ready.set()
            while not self.ended:
                await self._step()
        finally:
            if not self.ended:
                self.report.ended = "stopped"
            await self._leave()
        return self.report

    # Entering ----------------------------------------------------------------------------

    async def _enter(self) -> None:
        with entering(self.url, self.options.code):
            if self.acpc is not None:
                await self._check_acpc_games()
            await self._connect()
            await self.session.catch_up()
            await self.session.sit(self.options.seat, self.options.buy_in or None)
            if self.options.bots:
                await self._host()

    async def _check_acpc_games(self) -> None:
        """Refuse a table that deals a game ACPC has no words for, before joining it."""
        assert self.acpc is not None
        games = await request_json(self.url, "GET", "/api/games")
        self.acpc.games = {game["key"]: game for game in games["games"]}
        table = await request_json(self.url, "GET", f"/api/tables/{self.options.code}")
        why = self.acpc.refusal(table["upcoming_settings"])
        if why is not None:
            raise ValueError(f"table {self.options.code} cannot have an ACPC seat: {why}")

    async def _connect(self) -> None:
        """With the given or kept token (the same player, the same seat), else as a new
        player who is a program."""
        options, folder = self.options, self.folder
        token = options.token or folder.saved_token(self.url, options.code)
        # A token given on the command line is this player's: its refusal is the error.
        forget = None if options.token is not None else folder.forget_token
        if await self.session.come_back(token, forget):
            return
        await self.client.join(options.name, options.invite, program=True)
        assert self.client.token is not None  # a program is never a member's device seat
        folder.save_token(self.url, options.code, self.client.token)
        folder.note(f"joined table {options.code} as {options.name}")

    async def _host(self) -> None:
        """Seat the bots in the free seats, then deal."""
        free = self.client.state.free_seats
        for number, level in zip(free, self.options.bots, strict=False):
            await self._request({"type": "add_bot", "seat": number, "level": level})
        await self._request({"type": "start"})

    # Playing -----------------------------------------------------------------------------

    async def _step(self) -> None:
        """Take every message waiting (or wait a moment for one), show the result, then
        look for the program's answer. The end of a hand is shown as soon as it is taken,
        so that a program sees every hand's result, however soon the next one is dealt."""
        inbox = self.client.inbox
        with contextlib.suppress(TimeoutError):
            await self._handle(await asyncio.wait_for(inbox.get(), self.options.poll_seconds))
        while not inbox.empty() and not self.ended:
            await self._handle(inbox.get_nowait())
        if self.ended:
            return
        await self._between_hands()
        self._show()
        if self.acpc is None:
            await self._folder_answer()
        else:
            await self._acpc_answers()

    async def _handle(self, message: Json) -> None:
        if await self.session.dropped(message):
            return
        self._take(message)
        finished = self.client.state.last_hand
        if (
            message.get("type") == "HandFinished"
            and finished is not None
            and finished["hand_number"] == message["hand_number"]
            and not self.ended
        ):
            self._show(finished)

    def _take(self, message: Json) -> None:
        """Note what a message means for the run (the client's state has taken it in). A
        drop is handled by ``_handle`` once playing; while joining it ends the run."""
        state = self.client.state
        kind = message.get("type")
        if kind == DROPPED and message["connection"] == self.client.connections:
            raise ValueError("the server closed the connection while the seat was joining")
        if kind == "HandFinished":
            hand = state.last_hand
            proof = message.get("fairness")
            if proof is not None:
                mine = self.client.contributed.get(message["hand_number"])
                self.folder.write_proof({**proof, "my_contribution": mine})
            if hand is not None and state.my_seat in hand["seats"]:
                self.report.hands += 1
                if self.options.hands is not None and self.report.hands >= self.options.hands:
                    self.report.ended = f"played {self.report.hands} hands"
        elif kind == "TableClosed":
            self.report.ended = f"table {self.options.code} closed"
        elif kind == "PlayerLeft" and message["player_id"] == state.player_id:
            self.report.ended = "the seat was cashed out"

    async def _between_hands(self) -> None:
        """Buy back in when broke; as the host of bots, replace a broke bot."""
        state = self.client.state
        in_hand = state.hand is not None and state.my_seat in state.hand["seats"]
        me = state.seats.get(state.my_seat) if state.my_seat is not None else None
        if me is not None and not in_hand and me["stack"] == 0 and me["queued"] == 0:
            await self._rebuy(me)
        elif me is not None and me["stack"] > 0:
            self._rebuying = False
        if self.options.bots:
            await self._refill_bots()

    async def _rebuy(self, me: Json) -> None:
        if self._rebuying:
            return
        if not self.options.rebuy:
            self.report.ended = "out of chips"
            return
        room = int((me.get("rebuy") or {}).get("amount", 0))
        amount = min(int(self.client.state.settings["maximum_buy_in"]), room)
        if amount <= 0:
            self.report.ended = "out of chips, and the table's limits allow no rebuy"
            return
        self._rebuying = True
        try:
            await self._request({"type": "add_chips", "amount": amount})
        except ClientError as error:
            self.report.ended = f"out of chips, and the rebuy was refused: {error}"
            return
        self.folder.note(f"bought back in for {amount}")

    async def _refill_bots(self) -> None:
        state = self.client.state
        hand_seats = set(state.hand["seats"]) if state.hand is not None else set()
        for number, seat in sorted(state.seats.items()):
            if seat.get("bot") and seat["stack"] == 0 and number not in hand_seats:
                try:
                    await self._request({"type": "remove_bot", "seat": number})
                    await self._request({"type": "add_bot", "seat": number, "level": seat["bot"]})
                except ClientError as error:  # a hand began meanwhile: next time
                    self.folder.note(f"refill {number}: {error}")

    # Showing -----------------------------------------------------------------------------

    def _show(self, finished: Json | None = None) -> None:
        """Write the state when what it shows changed (a new sequence number each time);
        ``finished``: the hand that just ended, shown with its results first."""
        state = self.client.state
        shown = picture(state, self.options.code, over=self.ended, finished=finished)
        if shown == self._shown:
            return
        self._shown = shown
        if self.acpc is not None:
            # First: once state.json says "your turn", the bot has been sent its line.
            self.acpc.tell(self.client.state, finished)
        self.folder.write_state(shown, self._turn(), aside=finished is not None)

    def _turn(self) -> tuple[int, int] | None:
        """The seat's turn: which hand, and how many of its events came before."""
        state = self.client.state
        if not state.my_turn or state.hand is None or self.ended:
            return None
        return state.hand["hand_number"], len(state.hand["events"])

    # Answers from the folder -------------------------------------------------------------

    async def _folder_answer(self) -> None:
        taken = self.folder.take_answer()
        if taken is None:
            return
        if isinstance(taken, HalfAnswer):
            self._refuse(taken.text, taken.reason)
            return
        try:
            answer = parse_answer(taken)
            judge(answer, self.folder.seq, self.folder.turn, self.client.state.legal)
        except AnswerRefusedError as refused:
            self._refuse(taken, str(refused))
            return
        await self._send(taken, answer.kind, answer.sent_amount, answer.cards)

    async def _send(
        self, text: str, kind: str, amount: int | None, cards: tuple[str, ...] = ()
    ) -> bool:
        intent: Json = {"type": "act", "kind": kind, "amount": amount}
        if kind == "draw":
            intent["cards"] = list(cards)  # none: stand pat
        try:
            await self._request(intent)
        except ClientError as error:
            self._refuse(text, f"the server refused it: {error}")
            return False
        self.report.answers += 1
        self.folder.accepted(text)
        return True

    async def _request(self, intent: Json) -> Json:
        """Send an intent under the room's speed limit; one refused for its speed alone is
        sent again after a pause (a refused intent changed nothing)."""
        for _ in range(SPEED_RETRIES):
            await self._pace()
            try:
                return await self.client.request(intent)
            except ClientError as error:
                if not refused_for_speed(str(error)):
                    raise
                self.folder.note(f"the room asked the seat to slow down: {intent['type']} again")
                await asyncio.sleep(SLOW_DOWN_PAUSE)
        return await self.client.request(intent)

    async def _pace(self) -> None:
        """Wait until one more message fits under the limit the room said in the welcome
        of this connection (a room of a program's own allows more than a friend's)."""
        self.pacer.follow(self.client.welcome)
        await self.pacer.wait()

    def _refuse(self, text: str, reason: str) -> None:
        self.report.refused += 1
        self.report.refusals = [*self.report.refusals[-REFUSALS_KEPT + 1 :], reason]
        self.folder.refuse(text, reason)

    # Answers over ACPC -------------------------------------------------------------------

    async def _acpc_answers(self) -> None:
        assert self.acpc is not None
        link = self.acpc.link
        while not link.problems.empty():
            self.folder.note(link.problems.get_nowait())
        while not link.answers.empty() and not self.ended:
            line = link.answers.get_nowait()
            turn = self._turn()
            try:
                kind, amount = self.acpc.intent(line, turn, self.client.state.legal)
            except AcpcRefusedError as refused:
                self._refuse(line, str(refused))
                self.acpc.ask_again(turn, line)
                continue
            if not await self._send(line, kind, amount):
                self.acpc.ask_again(turn, line)

    # Leaving -----------------------------------------------------------------------------

    async def _leave(self) -> None:
        """Keep the seat (sitting out, so the clock does not play it) and say it is over."""
        state = self.client.state
        seat = state.seats.get(state.my_seat) if state.my_seat is not None else None
        if seat is not None and not seat["sitting_out"] and not self.options.bots:
            with contextlib.suppress(*NETWORK_ERRORS):
                await self.client.sit_out()
        self.folder.note(f"over: {self.report.ended}")
        self._show()
        if self.acpc is not None:
            await self.acpc.link.close()
        await self.client.disconnect()
