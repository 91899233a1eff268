"""``ClientSession``: one player's way into a table and back, for a client that takes one
message at a time in order (an ``InboxClient``: the terminal game, a program's seat).

It comes back with a kept seat token, catches up on the table's past, sits (back in the
seat the player holds, sitting in again, or in a free seat, or asking the host for one),
waits for the host's approval, and reconnects after a drop from the last version held.
Each of those steps is written once, here; what the player is told at each is the
caller's own (``SessionVoice``): a person reads sentences, a program's folder notes.

Every message the session reads from the inbox on the caller's behalf (the past while
catching up, the table's news while waiting for the host) is handed to ``take`` first,
so the caller notes what it means, as it does for every message once playing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from pokernight.client.http import ClientError
from pokernight.client.inbox import DROPPED, InboxClient

Json = dict[str, Any]


class SessionVoice(Protocol):
    """What the player is told at each step (seats are the table's indexes: 0 is seat 1)."""

    def back(self, seat: int) -> None:
        """Back in the seat the player held (sat in again if it was sitting out)."""

    def sat(self, seat: int, buy_in: int) -> None:
        """Sat down in a free seat, no approval needed."""

    def waiting(self, seat: int) -> None:
        """Asked for ``seat`` (now, or in an earlier run): waiting for the host."""

    def let_in(self, seat: int, buy_in: int, *, asked_before: bool) -> None:
        """The host approved the seat asked for (``asked_before``: in an earlier run)."""

    def not_let_in(self) -> str:
        """The words of the error when the host declined the seat."""
        ...

    def reconnecting(self) -> None:
        """The connection dropped: reconnecting."""

    def reconnected(self) -> None:
        """Back from the last version held; the server sends what was missed."""


class ClientSession:
    def __init__(
        self, client: InboxClient, voice: SessionVoice, take: Callable[[Json], None]
    ) -> None:
        self.client = client
        self.voice = voice
        self.take = take

    @property
    def code(self) -> str:
        return self.client.code

    # Coming in ---------------------------------------------------------------------------

    async def come_back(self, token: str | None, forget: Callable[[], None] | None) -> bool:
        """Connect with a kept seat ``token`` (the same player, the same seat): True. False
        when there is none, or the server no longer knows it (the table was closed, or its
        code reused): ``forget`` is called then; with ``forget`` None the refusal is raised
        (a token the user gave, not one kept). The caller joins anew after a False."""
        if token is None:
            return False
        self.client.token = token
        try:
            await self.client.connect()
        except ClientError:
            if forget is None:
                raise
            forget()
            return False
        return True

    async def catch_up(self) -> None:
        """Take in the table's past, up to the version the welcome named, before anything
        new (each message handed to ``take``)."""
        await self.client.catch_up(self.take)

    async def sit(self, seat: int | None = None, buy_in: int | None = None) -> None:
        """Sit: back in the seat held, else waiting for a seat asked for in an earlier run,
        else in ``seat`` (None: the first free one) with ``buy_in`` (None: the table's
        largest), waiting for the host if the table asks newcomers to. A ``ValueError`` in
        a person's words when the table is full, refuses the seat, or the host declines."""
        state, code = self.client.state, self.code
        held = state.my_seat
        if held is not None:
            if state.seats[held]["sitting_out"]:
                await self.client.sit_in()
            self.voice.back(held)
            return
        asked = state.seat_requests.get(state.player_id) if state.player_id is not None else None
        if asked is not None:  # asked in an earlier run
            await self.wait_for_the_host(asked["seat"], int(asked["buy_in"]), asked_before=True)
            return
        free = state.free_seats
        if not free:
            raise ValueError(f"table {code} is full ({len(state.seats)} seats taken)")
        chosen = free[0] if seat is None else seat
        chips = int(state.settings["maximum_buy_in"]) if buy_in is None else buy_in
        try:
            await self.client.sit(chosen, chips)
        except ClientError as error:
            raise ValueError(f"cannot sit at table {code}: {error}") from None
        if state.my_seat is None:  # the host approves newcomers who came without the link
            await self.wait_for_the_host(chosen, chips, asked_before=False)
            return
        self.voice.sat(chosen, chips)

    async def wait_for_the_host(self, seat: int, buy_in: int, *, asked_before: bool) -> None:
        """Take the table's news until the host seats the player (or declines: a
        ``ValueError`` in the voice's words)."""
        state = self.client.state
        self.voice.waiting(seat)
        while state.my_seat is None:
            message = await self.client.inbox.get()
            if await self.dropped(message):  # a drop while waiting: back, and wait on
                continue
            self.take(message)
            if state.my_seat is None and state.player_id not in state.seat_requests:
                raise ValueError(self.voice.not_let_in())
        self.voice.let_in(seat, buy_in, asked_before=asked_before)

    # Staying -----------------------------------------------------------------------------

    async def dropped(self, message: Json) -> bool:
        """True if ``message`` is the inbox's marker of a dropped connection; the current
        connection's is resumed (an older one's, the close of a reconnect, is nothing)."""
        if message.get("type") != DROPPED:
            return False
        if message["connection"] == self.client.connections:
            await self.reconnect()
        return True

    async def reconnect(self) -> None:
        """Resume from the last version held, patiently; the server sends what was missed."""
        self.voice.reconnecting()
        await self.client.resume_patiently()
        self.voice.reconnected()
