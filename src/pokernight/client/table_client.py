"""``TableClient``: one player (or a spectator) at one table, over the WebSocket protocol.

    async with TableClient("http://127.0.0.1:8000", "1234") as client:
        await client.join("Alice")          # or TableClient(..., token=...) to come back
        await client.sit(seat=0, buy_in=2_000)
        event = await client.next_event()
        await client.act("call")

Every intent carries a client id; ``request`` waits for the server's ``ack``
(after the events it caused have arrived, so ``state`` is up to date) or
raises ``ClientError`` with the server's reason. ``reconnect`` resumes from
the last version seen: the server sends what was missed, or a snapshot.

By default every frame received is kept in ``frames`` (tests check what each
recipient saw) and every message waits in a queue for ``next_event``. A
client that runs for hours passes ``keep_frames=False`` and a bounded
``events_kept`` (the oldest waiting message is dropped for a new one; 0 keeps
none), and reads messages as they arrive by overriding ``on_message``.

A seated client contributes 32 random bytes from the OS (``secrets``) to the shuffle of
each hand whose deck the server commits to (``DeckCommitted``, or a snapshot's
``next_deck``), and keeps them in ``contributed`` for ``pokernight verify``
(``contribute=False``: never).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import secrets
from collections.abc import Awaitable, Callable, Sequence
from types import TracebackType
from typing import Any

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from pokernight.client.http import ClientError, request_json
from pokernight.client.state import TableState

PROTOCOL = 1
Json = dict[str, Any]


class TableClient:
    def __init__(
        self,
        url: str,
        code: str,
        token: str | None = None,
        *,
        device: str | None = None,
        keep_frames: bool = True,
        events_kept: int | None = None,
        contribute: bool = True,
    ) -> None:
        """``device``: a member's device token (the club knows them by it, and it reaches
        their seat at any table of the club they joined)."""
        if events_kept is not None and events_kept < 0:
            raise ValueError(f"events_kept must be 0 or more, not {events_kept}")
        self.url = url.rstrip("/")
        self.code = code
        self.token = token
        self.device = device
        self.state = TableState()
        self.keep_frames = keep_frames
        self.events_kept = events_kept
        self.frames: list[Json] = []
        self.contribute = contribute
        self.contributed: dict[int, str] = {}  # hand number -> the contribution sent to it
        # Awaited before each message the client sends by itself (a contribution), so that
        # a caller that paces its messages under the room's limit paces these too.
        self.pace: Callable[[], Awaitable[None]] | None = None
        self._sending: set[asyncio.Task[None]] = set()
        self.welcome: Json | None = None
        self.closed_reason: str | None = None
        self._socket: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._events: asyncio.Queue[Json] = asyncio.Queue()
        self._pending: dict[int | str, asyncio.Future[Json]] = {}
        self._ids = itertools.count(1)
        # This run of the client: its ids count from 1, so the server must not take them
        # for the ids of an earlier run (kept across reconnects, which resend).
        self.session = secrets.token_hex(8)

    async def __aenter__(self) -> TableClient:
        if self.token is not None:
            await self.connect()
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.disconnect()

    @property
    def player_id(self) -> str | None:
        return self.state.player_id

    # Connecting --------------------------------------------------------------------------

    async def join(
        self,
        name: str,
        invite: str | None = None,
        *,
        member: bool = False,
        program: bool = False,
    ) -> str:
        """Take a seat token for ``name`` at this table and connect with it; the player id.

        ``invite``: the secret of the table's invite link; with it the player sits without
        waiting for the host's approval. ``member``: become a member of the club (its
        device token is kept in ``device``); a client with a ``device`` joins as its member.
        ``program``: join as a program (a bot of one's own), where the host allows them.
        """
        body: Json = {"name": name, "member": member}
        if program:  # left out otherwise: a server from before programs knows no such key
            body["program"] = True
        if invite is not None:
            body["invite"] = invite
        path = f"/api/tables/{self.code}/join"
        joined = await request_json(self.url, "POST", path, body, device=self.device)
        self.token = joined["token"]
        self.device = joined.get("device") or self.device
        await self.connect()
        return str(joined["player_id"])

    async def watch(self) -> None:
        """Connect as a spectator (no token)."""
        self.token = None
        await self.connect()

    async def connect(self) -> None:
        """Open the socket and say hello with the last version seen; wait for the welcome."""
        ws_url = "ws" + self.url.removeprefix("http") + f"/ws/{self.code}"
        self._socket = await connect(ws_url, max_size=2**22)
        hello = {
            "type": "hello",
            "protocol": PROTOCOL,
            "last_seq": self.state.version,
            "session": self.session,
        }
        if self.token is not None:
            hello["token"] = self.token
        elif self.device is not None:
            hello["device"] = self.device
        first = await self._greeting(self._socket, hello)
        if self.keep_frames:
            self.frames.append(first)
        if first.get("type") != "welcome":
            await self._socket.close()
            raise ClientError(first.get("reason", f"unexpected first message {first}"))
        self.welcome = first
        self.state.player_id = first["player_id"]
        self._reader = asyncio.get_running_loop().create_task(self._read(self._socket))

    @staticmethod
    async def _greeting(socket: ClientConnection, hello: Json) -> Json:
        """The server's first message; a refused hello (a wrong code) may close at once."""
        with contextlib.suppress(ConnectionClosed):
            await socket.send(json.dumps(hello))
        try:
            first: Json = json.loads(await socket.recv())
        except ConnectionClosed:
            raise ClientError(socket.close_reason or "the server closed the connection") from None
        return first

    @property
    def connected(self) -> bool:
        """The socket is open and read (False once the server closed it, or it dropped)."""
        return self._reader is not None and not self._reader.done()

    async def disconnect(self) -> None:
        if self._socket is not None:
            await self._socket.close()
        if self._reader is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
        self._socket = self._reader = None

    async def reconnect(self) -> None:
        await self.disconnect()
        await self.connect()

    # Intents -----------------------------------------------------------------------------

    async def request(self, message: Json) -> Json:
        """Send an intent with a fresh client id; its ack, or ClientError with the reason."""
        return await self.send_with_id(message, next(self._ids))

    async def send_with_id(self, message: Json, client_id: int | str) -> Json:
        """Send an intent with ``client_id`` (resending an id is applied once by the server)."""
        if self._socket is None:
            raise ClientError("not connected")
        future: asyncio.Future[Json] = asyncio.get_running_loop().create_future()
        self._pending[client_id] = future
        await self._socket.send(json.dumps({**message, "id": client_id}))
        reply = await future
        if reply["type"] == "error":
            raise ClientError(reply["reason"], reply.get("code"), reply.get("params"))
        return reply

    async def sit(self, seat: int, buy_in: int) -> Json:
        return await self.request({"type": "sit", "seat": seat, "buy_in": buy_in})

    async def act(self, kind: str, amount: int | None = None) -> Json:
        return await self.request({"type": "act", "kind": kind, "amount": amount})

    async def draw(self, discards: Sequence[str] = ()) -> Json:
        """A draw round: discard ``discards`` ("Ah" text) and draw as many; none: stand pat."""
        return await self.request({"type": "act", "kind": "draw", "cards": list(discards)})

    async def sit_out(self) -> Json:
        return await self.request({"type": "sit_out"})

    async def sit_in(self) -> Json:
        return await self.request({"type": "sit_in"})

    async def post_big_blind(self) -> Json:
        return await self.request({"type": "post_big_blind"})

    async def straddle(self, on: bool = True) -> Json:
        """Straddle from the next hand wherever the table allows it (``on``), or stop."""
        return await self.request({"type": "straddle", "on": on})

    async def add_chips(self, amount: int) -> Json:
        return await self.request({"type": "add_chips", "amount": amount})

    async def stand_up(self) -> Json:
        return await self.request({"type": "stand_up"})

    async def chat(self, text: str) -> Json:
        return await self.request({"type": "chat", "text": text})

    async def change_settings(self, settings: Json) -> Json:
        return await self.request({"type": "settings", "settings": settings})

    async def start(self) -> Json:
        return await self.request({"type": "start"})

    async def pause(self) -> Json:
        return await self.request({"type": "pause"})

    async def transfer_host(self, player_id: str) -> Json:
        return await self.request({"type": "transfer_host", "player_id": player_id})

    # Receiving ---------------------------------------------------------------------------

    async def next_event(self, timeout: float | None = None) -> Json:
        """The next message that is not a reply: a version, a chat line, a room change."""
        return await asyncio.wait_for(self._events.get(), timeout)

    async def wait_for(self, wanted: Callable[[Json], bool], timeout: float = 30.0) -> Json:
        """Skip messages until one satisfies ``wanted``; it is returned."""
        async with asyncio.timeout(timeout):
            while True:
                event = await self._events.get()
                if wanted(event):
                    return event

    async def _read(self, socket: ClientConnection) -> None:
        try:
            async for text in socket:
                # msgspec: several times faster than json.loads, the same dicts and lists.
                self._receive(msgspec.json.decode(text))
        except ConnectionClosed:
            pass
        finally:
            self.closed_reason = socket.close_reason
            for future in self._pending.values():
                if not future.done():
                    future.set_exception(ClientError("connection closed"))
            self._pending.clear()

    def on_message(self, message: Json) -> None:
        """Called with each message that is not a reply, once ``state`` has taken it in."""

    def _receive(self, message: Json) -> None:
        if self.keep_frames:
            self.frames.append(message)
        ref = message.get("ref")
        if message.get("type") in ("ack", "error") and ref in self._pending:
            waiting = self._pending.pop(ref)
            if not waiting.done():  # its sender may have stopped waiting (cancelled)
                waiting.set_result(message)
            return
        if "v" in message:
            self.state.apply(message)
            self._contribute()
        elif message.get("type") == "presence":
            self.state.connected = frozenset(message["connected"])
        self.on_message(message)
        self._queue(message)

    def _contribute(self) -> None:
        """Contributes to the deal whose deck is committed and not dealt yet (the state's
        ``next_deck``), once, as soon as the client knows of it and has a seat (it may sit
        down during the pause)."""
        deck = self.state.next_deck
        if not self.contribute or deck is None or self.state.my_seat is None:
            return
        number = deck["hand_number"]
        if number in self.contributed:
            return
        value = self.contributed[number] = secrets.token_hex(32)
        contribution = {"type": "contribute", "hand_number": number, "value": value}
        sending = asyncio.get_running_loop().create_task(
            self._send_contribution({**contribution, "commitment": deck["commitment"]})
        )
        self._sending.add(sending)  # held until done: the loop keeps only a weak reference
        sending.add_done_callback(self._sending.discard)

    async def contributions_answered(self) -> None:
        """Returns once every contribution sent so far has had the server's answer."""
        await asyncio.gather(*self._sending)

    async def _send_contribution(self, message: Json) -> None:
        # Refused or cut off, it changes nothing: the deal is dealt without it, and the
        # check of the hand says so.
        with contextlib.suppress(ClientError, ConnectionClosed):
            if self.pace is not None:
                await self.pace()
            await self.request(message)

    def _queue(self, message: Json) -> None:
        if self.events_kept is None:
            self._events.put_nowait(message)
            return
        if self.events_kept == 0:
            return
        if self._events.qsize() >= self.events_kept:
            self._events.get_nowait()  # the oldest waiting message makes room
        self._events.put_nowait(message)
