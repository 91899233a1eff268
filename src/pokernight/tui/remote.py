"""``RemoteGame``: the human at a server's table, told and asked like the local game.

The server is the dealer and the referee: every message it sends is told
(``narration``), the table is drawn from its view (``remote_view``) and the
human's answer, checked against the legal actions it sent, goes back as an
intent. A refusal is said in the server's words and the human is asked again.
A dropped connection is resumed with the last version seen.

The answer is read in a worker thread (``input`` blocks) while the client
keeps receiving; messages are told in order, and the prompt comes only once
every message received so far has been told.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from functools import partial
from typing import Any

from pokernight.client import ClientError, ClientSession, InboxClient, entering, request_json
from pokernight.rules import Action, ActionKind
from pokernight.tui.narration import Narrator, narrate_table
from pokernight.tui.prompt import QuitGame
from pokernight.tui.remote_view import (
    hand_events,
    hand_names,
    legal_actions,
    seat_label,
    table_picture,
)
from pokernight.tui.screen import Screen
from pokernight.tui.tokens import TokenStore
from pokernight.words import words

Json = dict[str, Any]


@dataclass(frozen=True, slots=True)
class RemoteSettings:
    url: str
    code: str
    name: str
    seat: int | None = None  # the table's seat index (0: the first); None: the first free one
    buy_in: int | None = None  # None: the table's largest buy-in
    hands: int | None = None  # None: until the human quits
    invite: str | None = None  # the invite link's secret: sit without the host's approval
    member: bool = False  # join as a member of the club (the device token is kept)
    claim: str | None = None  # a claim code from a signed-in device: sign this terminal in


class _TerminalVoice:
    """What the terminal says as the player comes in (``SessionVoice``)."""

    def __init__(self, screen: Screen, code: str) -> None:
        self.screen = screen
        self.code = code

    def back(self, seat: int) -> None:
        self.screen.say(words()("terminal.back_at", code=self.code, seat=seat + 1))

    def sat(self, seat: int, buy_in: int) -> None:
        self.screen.say(words()("terminal.you_sit", code=self.code, seat=seat + 1, amount=buy_in))

    def waiting(self, seat: int) -> None:
        self.screen.say(words()("terminal.asked_seat", code=self.code, seat=seat + 1))

    def let_in(self, seat: int, buy_in: int, *, asked_before: bool) -> None:
        self.screen.say(words()("terminal.let_in", code=self.code, seat=seat + 1))

    def not_let_in(self) -> str:
        return words()("terminal.not_let_in", code=self.code)

    def reconnecting(self) -> None:
        self.screen.say(words()("terminal.reconnecting"))

    def reconnected(self) -> None:
        self.screen.say(words()("terminal.reconnected"))


class RemoteGame:
    def __init__(self, settings: RemoteSettings, screen: Screen, tokens: TokenStore) -> None:
        self.settings = settings
        self.screen = screen
        self.tokens = tokens
        self.url = settings.url.rstrip("/")
        self.inbox: asyncio.Queue[Json] = asyncio.Queue()
        self.client = InboxClient(self.url, settings.code, None, self.inbox)
        # Catching up, sitting, waiting for the host, reconnecting: as a program's seat does.
        voice = _TerminalVoice(screen, settings.code)
        self.session = ClientSession(self.client, voice, self._remember)
        self.names: dict[int, str] = {}
        self.hand_seats: list[int] = []
        self.hand_number: int | None = None
        self.told = 0  # hand events of hand ``hand_number`` told so far
        self.narrator = Narrator()
        self.waiting_for: tuple[int, int, int] | None = None
        self.clock_offset = 0.0  # server time minus ours, from the events' timestamps
        self.hands_played = 0
        self.left_with = 0  # the chips the player last left the table with
        self.cashed_out: int | None = None  # set when the table closes: the game is over

    async def play(self) -> int:
        """Join, sit and play until the hands run out or the human quits; the hands played."""
        try:
            await self._enter()
            while self.cashed_out is None and (
                self.settings.hands is None or self.hands_played < self.settings.hands
            ):
                await self._step()
        except (QuitGame, EOFError):
            pass
        finally:
            await self.client.disconnect()
        self.screen.say(self._goodbye())
        self.screen.say(self._summary())
        return self.hands_played

    def _goodbye(self) -> str:
        """The seat is kept by the server, whose clock plays for a player sitting in; a closed
        table keeps nothing."""
        say = words()
        code = self.settings.code
        if self.cashed_out is not None:
            return say("terminal.closed_thanks", code=code)
        state = self.client.state
        seat = state.seats.get(state.my_seat) if state.my_seat is not None else None
        if seat is not None and not seat["sitting_out"]:
            return say("terminal.seat_kept_clock", code=code)
        return say("terminal.seat_kept", code=code)

    def _summary(self) -> str:
        """The session in one line: the hands played here and the stack in front of the player."""
        state = self.client.state
        seat = state.seats.get(state.my_seat) if state.my_seat is not None else None
        say = words()
        hands = say("terminal.hands", count=self.hands_played)
        if self.cashed_out is not None:
            return say("terminal.cashed_out_summary", hands=hands, amount=self.cashed_out)
        if seat is None:
            return say("terminal.no_seat_summary", hands=hands)
        return say("terminal.stack_summary", hands=hands, amount=seat["stack"])

    # Entering ----------------------------------------------------------------------------

    async def _enter(self) -> None:
        with entering(self.url, self.settings.code):
            await self._connect()
            await self._catch_up()
            await self.session.sit(self.settings.seat, self.settings.buy_in)

    async def _connect(self) -> None:
        """With the saved token (the same player, the same seat), else as a new player (a
        member of the club when this terminal is signed in, or asks to be)."""
        code = self.settings.code
        forget = partial(self.tokens.forget, self.url, code)  # the table closed, or code reused
        if await self.session.come_back(self.tokens.get(self.url, code), forget):
            return
        await self._sign_in()
        self.client.device = self.tokens.device(self.url)
        await self.client.join(
            self.settings.name, self.settings.invite, member=self.settings.member
        )
        if self.client.device is not None:
            self.tokens.put_device(self.url, self.client.device)
        if self.client.token is not None:  # None: the member's seat, reached by the device
            self.tokens.put(self.url, code, self.client.token)

    async def _sign_in(self) -> None:
        """A claim code given: this terminal is signed in as its member from now on."""
        if self.settings.claim is None:
            return
        claimed = await request_json(
            self.url, "POST", "/api/club/claim", {"code": self.settings.claim}
        )
        self.tokens.put_device(self.url, claimed["device"])

    async def _catch_up(self) -> None:
        """Take in the table's past silently: only what happens from now on is told."""
        await self.session.catch_up()
        hand = self.client.state.hand
        if hand is not None:
            self.hand_number, self.hand_seats = hand["hand_number"], hand["seats"]
            self.told = len(hand["events"])

    # Playing -----------------------------------------------------------------------------

    async def _step(self) -> None:
        """Ask for an action if it is the human's turn and all is told; else tell one message."""
        if self.inbox.empty() and self.client.state.my_turn:
            await self._take_turn()
            return
        message = await self.inbox.get()
        if await self.session.dropped(message):
            return
        self._tell(message)
        if self.inbox.empty():
            self._say_whose_turn()

    async def _take_turn(self) -> None:
        state = self.client.state
        assert state.hand is not None and state.legal is not None and state.my_seat is not None
        legal = legal_actions(state.legal, state.hand)
        picture = table_picture(state.hand, state.my_seat, self.names)
        self.screen.show_table(picture)
        action = await asyncio.to_thread(self.screen.read_action, legal, self._clock_words())
        await self._send(action)

    async def _send(self, action: Action) -> None:
        try:
            if action.kind == ActionKind.DRAW:
                await self.client.draw([str(card) for card in action.cards])
            else:
                await self.client.act(str(action.kind), action.amount)
        except ClientError as error:
            say = words()
            self.screen.say(
                say("terminal.refused", reason=say.refusal(error.code, error.params, str(error)))
            )

    # Telling -----------------------------------------------------------------------------

    def _tell(self, message: Json) -> None:
        self._remember(message)
        line = narrate_table(message, self.names)
        if line is not None:
            self.screen.say(line)
        events = self._new_hand_events(message)
        for hand_line in self.narrator.lines(
            events, hand_names({"seats": self.hand_seats}, self.names)
        ):
            self.screen.say(hand_line)
        if message.get("type") == "HandFinished" and self.client.state.my_seat in self.hand_seats:
            self.hands_played += 1
        if (
            message.get("type") == "PlayerLeft"
            and message["player_id"] == self.client.state.player_id
        ):
            self.left_with = message["cash_out"]
        if message.get("type") == "TableClosed":
            self.cashed_out = self.left_with

    def _remember(self, message: Json) -> None:
        """Names by table seat (kept after a player leaves) and the server's clock."""
        if message.get("type") == "snapshot":
            for seat in message["table"]["seats"]:
                self.names[seat["seat"]] = seat_label(seat["name"], seat["bot"], seat["program"])
        elif message.get("type") == "PlayerSeated":
            self.names[message["seat"]] = seat_label(
                message["name"], message.get("bot_level"), message.get("program", False)
            )
        if "at" in message:
            self.clock_offset = message["at"] - time.time()

    def _new_hand_events(self, message: Json) -> list[Any]:
        """The hand events in ``message`` not told yet (a snapshot repeats the hand so far)."""
        if message.get("type") == "snapshot":
            hand = message["hand"]
            if hand is None:
                return []
            fresh = hand["hand_number"] != self.hand_number
            items = hand["events"][0 if fresh else self.told :]
            self.hand_number, self.hand_seats = hand["hand_number"], hand["seats"]
            self.told = len(hand["events"])
            return hand_events(items)
        if message.get("type") == "HandDealt":
            self.hand_number, self.hand_seats, self.told = (
                message["hand_number"],
                message["seats"],
                0,
            )
        items = message.get("hand") or []
        self.told += len(items)
        return hand_events(items)

    def _say_whose_turn(self) -> None:
        state = self.client.state
        hand, to_act = state.hand, state.to_act
        if hand is None or to_act is None or to_act == state.my_seat:
            return
        waiting = (hand["hand_number"], len(hand["events"]), to_act)
        if waiting != self.waiting_for:
            self.waiting_for = waiting
            say = words()
            name = self.names.get(to_act) or say("terminal.seat_name", number=to_act + 1)
            self.screen.say(say("terminal.to_act", name=name, clock=self._clock_words()))

    def _clock_words(self) -> str:
        deadline = self.client.state.clock_deadline
        if deadline is None:
            return ""
        left = max(int(deadline - (time.time() + self.clock_offset)), 0)
        return words()("terminal.seconds_left", seconds=left)
