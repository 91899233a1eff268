"""Any process serves any client (decision 39): a socket, or an HTTP request, for a table
that another process plays is carried to that process over Redis pub/sub.

Each room process listens on a channel of its own. The process a client reached (the
near end) sends the owner an ``open`` with the socket's headers, then each frame the
client sends, then ``gone`` when the client leaves; the owner's frames come back on the
near end's channel, and so does its ``close``. On the owner, a piped socket is served by
the very code that serves a local one (``socket.serve_table``) over a ``PipedSocket``:
the hello, the rate limits, the views and their privacy stay in one place. An HTTP
request for the table (``/api/tables/CODE/...``: join, the ledger, the hands) is carried
whole and answered by the owner's own app (``ToTheOwner`` is the near end).

Pub/sub, not Streams: a frame lost with a dead process is healed by what the protocol
already does (the client reconnects, resumes from its last version, and a request sent
again is answered, not applied twice). So the near end closes its client with 1012 as
soon as the owner is gone (nobody received a frame, or the table's lease moved) and the
client comes back to whichever process plays the table now. The same holds when the
near end's own subscription is cut (Redis restarted, the connection lost): frames may have
been lost in the gap, so every pipe that was open through it ends with 1012 too.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from starlette.types import ASGIApp, Message, Scope
from starlette.websockets import WebSocket, WebSocketDisconnect

from pokernight.cluster.lease import Leases
from pokernight.server.edge.closes import CLOSE_TABLE_MOVED

log = logging.getLogger(__name__)

CHANNEL = "pokernight:process:"
GONE_REASON = "the process playing this table is gone: reconnect"
HEADERS = ("origin", "host", "user-agent")
PIPED_HEADER = b"x-pokernight-piped"
"""Marks a request carried from another process: it is answered here, never carried on."""
REQUEST_SECONDS = 10.0
WATCH_SECONDS = 0.25
"""How often a pipe looks whether the process at its far end is still there."""
RESUBSCRIBE_SECONDS = 0.25
Envelope = dict[str, Any]
Serve = Callable[["PipedSocket", str], Awaitable[None]]


class PipedSocket:
    """The owner's end of a pipe: what ``socket.serve_table`` uses of a WebSocket."""

    def __init__(self, pipes: Pipes, conn: str, reply_to: str, headers: dict[str, str]) -> None:
        self.pipes = pipes
        self.conn = conn
        self.reply_to = reply_to
        self.headers = headers
        self.incoming: asyncio.Queue[Message] = asyncio.Queue()

    async def receive(self) -> Message:
        return await self.incoming.get()

    async def send_text(self, data: str) -> None:
        envelope = {"kind": "text", "conn": self.conn, "text": data}
        if not await self.pipes.publish(self.reply_to, envelope):
            # The near end died with its clients, or Redis failed this one frame: served
            # no longer here, it is told so (if it hears) and sends its client to look again.
            self.gone()
            self.pipes.run(self.close(CLOSE_TABLE_MOVED, GONE_REASON))

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        envelope = {"kind": "close", "conn": self.conn, "code": code, "reason": reason or ""}
        await self.pipes.publish(self.reply_to, envelope)

    def gone(self) -> None:
        self.incoming.put_nowait({"type": "websocket.disconnect", "code": 1001})


class Pipes:
    def __init__(self, leases: Leases, serve: Serve) -> None:
        self.leases = leases
        self.serve = serve
        self.app: ASGIApp | None = None  # this process's own, to answer piped requests
        self.channel = CHANNEL + leases.owner
        self.numbers = itertools.count(1)
        self.piped: dict[str, PipedSocket] = {}  # the owner's ends, by connection name
        self.replies: dict[str, asyncio.Queue[Envelope]] = {}  # the near ends'
        self.tasks: set[asyncio.Task[None]] = set()
        self.listener: asyncio.Task[None] | None = None
        # Whether this process's channel is heard now, and how many times it has been
        # subscribed: a pipe open through a cut may have lost frames (see ``_owner_moves``).
        self.listening = False
        self.subscriptions = 0
        # Other kinds of message on this process's channel, by kind: a tournament's.
        self.extra: dict[str, Callable[[Envelope], None]] = {}

    async def start(self) -> None:
        pubsub = self.leases.client.pubsub()
        await self._subscribe(pubsub)
        self.listener = asyncio.get_running_loop().create_task(self._listening(pubsub))

    async def stop(self) -> None:
        for task in [self.listener, *self.tasks]:
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    async def publish(self, channel: str, envelope: Envelope) -> bool:
        """True if a process heard it; False: nobody listens there any more, or Redis
        cannot be reached (either way the client is sent to look for its table again)."""
        try:
            return bool(await self.leases.client.publish(channel, json.dumps(envelope)))
        except Exception as error:  # Redis away: as if nobody heard
            log.warning("a piped frame was not sent: %s", error)
            return False

    # The near end --------------------------------------------------------------------------

    async def carry(self, websocket: WebSocket, code: str, key: str, owner: str) -> None:
        """Carry ``websocket``'s frames to ``owner`` and back until one end closes, or
        the owner is gone or no longer owns ``key`` (the client is then closed with 1012,
        to come back). ``code``: a table's, or ``tournament:<id>`` for a tournament's page."""
        conn = f"{self.leases.owner}/{next(self.numbers)}"
        subscription = self.subscriptions
        replies = self.replies[conn] = asyncio.Queue()
        headers = {name: websocket.headers[name] for name in HEADERS if name in websocket.headers}
        opened = {"kind": "open", "conn": conn, "reply_to": self.channel, "code": code}
        try:
            if not await self.publish(CHANNEL + owner, {**opened, "headers": headers}):
                await _close(websocket, CLOSE_TABLE_MOVED, GONE_REASON)
                return
            ends = [
                asyncio.create_task(self._up(websocket, conn, owner)),
                asyncio.create_task(_down(websocket, replies)),
                asyncio.create_task(self._owner_moves(key, owner, subscription)),
            ]
            done, pending = await asyncio.wait(ends, return_when=asyncio.FIRST_COMPLETED)
            for task in pending:
                task.cancel()
            await asyncio.gather(*pending, return_exceptions=True)
            if ends[2] in done or (ends[0] in done and ends[0].result() is False):
                await _close(websocket, CLOSE_TABLE_MOVED, GONE_REASON)
        finally:
            del self.replies[conn]
            with contextlib.suppress(Exception):
                await self.publish(CHANNEL + owner, {"kind": "gone", "conn": conn})

    async def _up(self, websocket: WebSocket, conn: str, owner: str) -> bool:
        """The client's frames to the owner; False: the owner heard nothing (gone)."""
        while True:
            try:
                message = await websocket.receive()
            except (WebSocketDisconnect, RuntimeError):
                return True
            if message["type"] == "websocket.disconnect":
                return True
            envelope = {"kind": "frame", "conn": conn, "text": message.get("text")}
            if message.get("text") is None:
                envelope["binary"] = True  # refused by the owner, as a local socket's is
            if not await self.publish(CHANNEL + owner, envelope):
                return False

    async def _owner_moves(self, key: str, owner: str, subscription: int) -> None:
        """Returns once ``owner`` is gone (nobody listens on its channel: it died) or
        ``key`` (a table's, a tournament's) is another's: the client then looks for it
        again at once, rather than waiting for a dead owner's life to run out. Returns
        too once this process's channel has been cut since ``subscription``: the owner's
        frames sent meanwhile were heard by nobody, and an owner that heard nobody has
        stopped serving the pipe, so it would never send another."""
        channel = CHANNEL + owner
        while True:
            await asyncio.sleep(WATCH_SECONDS)
            if not self.listening or self.subscriptions != subscription:
                return
            try:
                listening = await self.leases.client.pubsub_numsub(channel)
                if not listening or not listening[0][1]:
                    return
                if await self.leases.owner_of(key) != owner:
                    return
            except Exception:  # Redis away: the tables pause; the client comes back later
                return

    async def request(self, owner: str, scope: Scope, body: bytes) -> Envelope | None:
        """An HTTP request for a table ``owner`` plays, answered there: its status,
        headers and body; None: the owner did not answer in time (or is gone)."""
        conn = f"{self.leases.owner}/{next(self.numbers)}"
        replies = self.replies[conn] = asyncio.Queue()
        asked = {
            "kind": "request",
            "conn": conn,
            "reply_to": self.channel,
            "method": scope["method"],
            "path": scope["path"],
            "query": scope.get("query_string", b"").decode("latin-1"),
            "headers": [[k.decode("latin-1"), v.decode("latin-1")] for k, v in scope["headers"]],
            "client": list(scope["client"]) if scope.get("client") else None,
            "body": base64.b64encode(body).decode(),
        }
        try:
            if not await self.publish(CHANNEL + owner, asked):
                return None
            return await asyncio.wait_for(replies.get(), REQUEST_SECONDS)
        except TimeoutError:
            return None
        finally:
            del self.replies[conn]

    # The owner's end -----------------------------------------------------------------------

    async def _listening(self, pubsub: Any) -> None:
        """Listen on this process's channel for as long as it lives: when Redis goes away
        (the subscription is cut), subscribe again once it is back."""
        while True:
            try:
                await self._listen(pubsub)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # Redis away: its tables have paused meanwhile
                log.warning("the process's channel: %s", error)
            self.listening = False
            await asyncio.sleep(RESUBSCRIBE_SECONDS)
            with contextlib.suppress(Exception):
                await pubsub.aclose()
            pubsub = self.leases.client.pubsub()
            with contextlib.suppress(Exception):
                await self._subscribe(pubsub)

    async def _subscribe(self, pubsub: Any) -> None:
        await pubsub.subscribe(self.channel)
        self.subscriptions += 1
        self.listening = True

    async def _listen(self, pubsub: Any) -> None:
        # Ends at once (or raises) if the subscription was cut: ``_listening`` renews it.
        async for message in pubsub.listen():
            if message.get("type") != "message":
                continue
            try:
                self._take(json.loads(message["data"]))
            except Exception:  # another process's bug must not stop this one listening
                log.exception("a piped frame could not be read")

    def _take(self, envelope: Envelope) -> None:
        conn, kind = envelope["conn"], envelope["kind"]
        if kind in self.extra:
            self.extra[kind](envelope)
            return
        if kind == "request":
            self.run(self._answer(envelope))
            return
        if kind in ("text", "close", "response"):
            replies = self.replies.get(conn)
            if replies is not None:
                replies.put_nowait(envelope)
            return
        if kind == "open":
            piped = PipedSocket(self, conn, envelope["reply_to"], envelope["headers"])
            self.piped[conn] = piped
            self.run(self._serve(piped, envelope["code"]))
            return
        piped_end = self.piped.get(conn)
        if piped_end is None:
            return
        if kind == "frame":
            text = None if envelope.get("binary") else envelope["text"]
            message: Message = {"type": "websocket.receive", "text": text}
            if text is None:
                message["bytes"] = b""
            piped_end.incoming.put_nowait(message)
        elif kind == "gone":
            piped_end.gone()

    async def _answer(self, asked: Envelope) -> None:
        """Run a piped HTTP request through this process's app; publish what it answered."""
        assert self.app is not None
        headers = [(k.encode("latin-1"), v.encode("latin-1")) for k, v in asked["headers"]]
        scope: Scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": asked["method"],
            "scheme": "http",
            "path": asked["path"],
            "raw_path": asked["path"].encode(),
            "query_string": asked["query"].encode("latin-1"),
            "root_path": "",
            "headers": [*headers, (PIPED_HEADER, b"1")],
            "client": tuple(asked["client"]) if asked["client"] else None,
            "server": None,
        }
        body = base64.b64decode(asked["body"])
        answer: Envelope = {"kind": "response", "conn": asked["conn"], "body": ""}
        chunks: list[bytes] = []

        async def receive() -> Message:
            return {"type": "http.request", "body": body, "more_body": False}

        async def send(message: Message) -> None:
            if message["type"] == "http.response.start":
                answer["status"] = message["status"]
                answer["headers"] = [
                    [k.decode("latin-1"), v.decode("latin-1")] for k, v in message["headers"]
                ]
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))

        await self.app(scope, receive, send)
        answer["body"] = base64.b64encode(b"".join(chunks)).decode()
        await self.publish(asked["reply_to"], answer)

    async def _serve(self, piped: PipedSocket, code: str) -> None:
        try:
            await self.serve(piped, code)
        finally:
            self.piped.pop(piped.conn, None)

    def run(self, work: Coroutine[Any, Any, None]) -> None:
        """``work`` as a task of the pipes' own, cancelled when they stop."""
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)


async def _down(websocket: WebSocket, replies: asyncio.Queue[Envelope]) -> None:
    """The owner's frames to the client, until the owner closes it or the client goes."""
    while True:
        envelope = await replies.get()
        if envelope["kind"] == "close":
            await _close(websocket, envelope["code"], envelope["reason"])
            return
        try:
            await websocket.send_text(envelope["text"])
        except (OSError, RuntimeError, WebSocketDisconnect):
            return  # the client left: ``_up`` ends the pipe


async def _close(websocket: WebSocket, code: int, reason: str) -> None:
    with contextlib.suppress(OSError, RuntimeError, WebSocketDisconnect):
        await websocket.close(code, reason)
