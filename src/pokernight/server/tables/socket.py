"""The WebSocket endpoint ``/ws/{code}``: hello, then intents in and versions out.

The socket task only reads: it checks each frame (size, JSON, schema, rate)
and hands a valid intent to the table's actor; everything the client
receives goes through its ``Connection`` outbox. ``finally`` detaches the
connection whatever ends the socket, so a vanished client never lingers.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from dataclasses import dataclass

from starlette.types import Message
from starlette.websockets import WebSocket, WebSocketDisconnect

from pokernight.server.edge.closes import CLOSE_NO_TABLE, CLOSE_TABLE_MOVED, MOVED_REASON
from pokernight.server.edge.config import ServerConfig
from pokernight.server.edge.origins import origin_allowed
from pokernight.server.edge.ratelimit import TokenBucket
from pokernight.server.tables.actor import Attach, Received, TableActor
from pokernight.server.tables.connection import Connection, FrameSocket
from pokernight.server.tables.identity import seat_of_device
from pokernight.server.tables.messages import (
    PROTOCOL,
    Hello,
    RefusedError,
    decode_hello,
    decode_intent,
    refusal_message,
)
from pokernight.server.tables.registry import NoSuchTableError, TableRegistry
from pokernight.server.tables.storage import TableStorage
from pokernight.server.tables.wire import encode
from pokernight.store import PlayerRecord

CLOSE_BAD_HELLO = 4400
CLOSE_FLOOD = 1008  # policy violation
CLOSE_FOREIGN_PAGE = 1008
MAX_CLOSE_REASON_BYTES = 123
PATIENCE_SECONDS = 60.0
"""Refusals for speed forgiven per this many seconds: ``rate_refusals`` of them."""
SPECTATOR = "spectator"

log = logging.getLogger(__name__)


async def table_socket(websocket: WebSocket) -> None:
    lobby: TableRegistry = websocket.app.state.lobby
    origin, host = websocket.headers.get("origin"), websocket.headers.get("host")
    if not origin_allowed(origin, host, lobby.config.allowed_origins):
        # Before the handshake: the page's script sees a failed connection, nothing more.
        log.warning("WebSocket from a page at %r refused (not this room's address)", origin)
        await websocket.close(CLOSE_FOREIGN_PAGE)
        return
    await websocket.accept()
    code = websocket.path_params["code"]
    cluster = lobby.cluster
    if cluster is not None and code not in lobby.actors and await cluster.pipe(websocket, code):
        return  # another process plays it: the socket was carried there
    await serve_table(websocket, lobby, code)


async def serve_piped(websocket: FrameSocket, lobby: TableRegistry, code: str) -> None:
    """A socket another process carried here: served as a local one, unless the table is
    no longer played here (its client is sent back to find where it is now)."""
    if code not in lobby.actors:
        await websocket.close(CLOSE_TABLE_MOVED, MOVED_REASON)
        return
    await serve_table(websocket, lobby, code)


async def serve_table(websocket: FrameSocket, lobby: TableRegistry, code: str) -> None:
    """Serve a socket accepted for table ``code``: here, or piped from another process."""
    try:
        actor = await lobby.table(code)
        hello = await read_hello(websocket, lobby.config)
        who = await _identify(lobby.store, actor, hello)
        # Asked again, with nothing awaited from here to the attach: the table may have
        # slept meanwhile (woken again now), and it must not sleep before the page is in.
        again = await lobby.table(code)
        if again.table_id != actor.table_id:
            raise NoSuchTableError(code)  # closed, and its code taken by a new table
        actor = again
    except (NoSuchTableError, RefusedError) as error:
        close = CLOSE_NO_TABLE if isinstance(error, NoSuchTableError) else CLOSE_BAD_HELLO
        await _refuse(websocket, error, close)
        return
    except WebSocketDisconnect:
        return
    player_id = None if who is None else who.player_id
    name = SPECTATOR if who is None else who.name
    connection = Connection(
        websocket,
        player_id,
        name,
        lobby.config.outbox_size,
        # A client that names no run of its own gets one: its ids are then its own too.
        session=hello.session or secrets.token_hex(8),
        invited=who is not None and who.invited,
        program=who is not None and who.program,
    )
    connection.start()
    connection.send(
        {
            "type": "welcome",
            "protocol": PROTOCOL,
            "code": actor.code,
            "player_id": player_id,
            "name": name,
            "version": actor.version,
            # The invite link's secret goes to the host alone (``_tell_host_invite``).
            "invite": actor.invite if _hosts(player_id, actor) else None,
            # What this connection may send: a program keeps under it (``seat/pace.py``).
            "message_rate": {
                "burst": lobby.config.rate_capacity,
                "per_second": lobby.config.rate_per_second,
            },
        }
    )
    actor.submit(Attach(connection, hello.last_seq))
    try:
        await _read(websocket, actor, connection, lobby.config)
    finally:
        actor.detach(connection)
        await connection.stop()
        lobby.departed()


def _hosts(player_id: str | None, actor: TableActor) -> bool:
    """A player (not a spectator: a table may have no host) who hosts the table."""
    return player_id is not None and player_id == actor.table.host


async def read_hello(websocket: FrameSocket, config: ServerConfig) -> Hello:
    """The client's hello, checked (a table's socket or a tournament's)."""
    try:
        text = await asyncio.wait_for(_receive_text(websocket), config.hello_timeout_seconds)
    except TimeoutError:
        raise RefusedError("no_hello") from None
    hello = decode_hello(text)
    if hello.protocol != PROTOCOL:
        raise RefusedError("protocol", protocol=hello.protocol, speaks=PROTOCOL)
    return hello


@dataclass(frozen=True, slots=True)
class Who:
    """Who a connection plays as at this table."""

    player_id: str
    name: str
    invited: bool = False
    program: bool = False

    @classmethod
    def of(cls, player: PlayerRecord) -> Who:
        return cls(str(player.id), player.name, player.invited, player.program)


async def _identify(store: TableStorage, actor: TableActor, hello: Hello) -> Who | None:
    """The player whose seat token the hello carries, or whose member's device it names
    (the member's seat at this table), or at a tournament's table the entrant whose token
    it carries, if they sit here now; None: a spectator."""
    if hello.token is not None:
        player = await store.tables.player_by_token(actor.table_id, hello.token)
        if player is not None:
            return Who.of(player)
        if actor.tournament is not None:
            player_id, name = await actor.tournament.entrant_at(actor, hello.token)
            return Who(player_id, name)
        raise RefusedError("token_other_table", code=actor.code)
    if hello.device is not None:
        player = await seat_of_device(store, actor.table_id, hello.device)
        return None if player is None else Who.of(player)
    return None


async def _read(
    websocket: FrameSocket, actor: TableActor, connection: Connection, config: ServerConfig
) -> None:
    now = config.clock()
    bucket = TokenBucket(config.rate_capacity, config.rate_per_second, now)
    # A client that keeps going too fast after being told is closed, not answered forever.
    patience = TokenBucket(config.rate_refusals, config.rate_refusals / PATIENCE_SECONDS, now)
    logged = False
    while True:
        try:
            message = await _receive(websocket)
        except WebSocketDisconnect:
            return
        try:
            allowed = bucket.take(config.clock())
            if not allowed and not patience.take(config.clock()):
                flood = RefusedError("flood_closed")
                connection.send(refusal_message(flood))
                await connection.close(CLOSE_FLOOD, str(flood))
                return
            intent = decode_intent(_text_of(message))
            if not allowed:
                raise RefusedError("slow_down", intent.id)
        except RefusedError as refused:
            connection.send(refusal_message(refused, refused.ref))
            continue
        except Exception:
            # No input may end in a traceback for the client: an answer, and one log line.
            if not logged:
                log.exception("table %s: a frame could not be read", actor.code)
                logged = True
            connection.send(refusal_message(RefusedError("unreadable")))
            continue
        actor.submit(Received(connection, intent))


async def _receive(websocket: FrameSocket) -> Message:
    """The next frame (text or binary: both count against the rate limit)."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    return message


def _text_of(message: Message) -> str:
    text = message.get("text")
    if text is None:
        raise RefusedError("binary_frame")
    return str(text)


async def _receive_text(websocket: FrameSocket) -> str:
    return _text_of(await _receive(websocket))


async def _refuse(websocket: FrameSocket, error: Exception, code: int) -> None:
    # The client may already be gone (it sent something worse and was closed): nobody to tell.
    with contextlib.suppress(OSError, RuntimeError, WebSocketDisconnect):
        await websocket.send_text(encode(refusal_message(error)))
        await websocket.close(code, close_reason(str(error)))


def close_reason(reason: str) -> str:
    """``reason`` cut to what a close frame holds (123 bytes of UTF-8), whole characters."""
    return reason.encode()[:MAX_CLOSE_REASON_BYTES].decode(errors="ignore")
