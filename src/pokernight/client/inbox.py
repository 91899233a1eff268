"""``InboxClient``: a ``TableClient`` whose messages, and the end of each connection, wait
in one queue, for a player that handles one thing at a time in order (the terminal
game, a program's seat).

``TableClient`` has no hook for a closed connection, so its reader is wrapped: a
connection that ends puts a ``DROPPED`` marker in ``inbox``, with the connection's
number, so a drop is told from the close of a reconnect. A version after a gap is not
passed on: it is asked for again by ``resume``, which reconnects from the last version
held (the server sends what was missed).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Iterator
from typing import Any

from websockets.asyncio.client import ClientConnection
from websockets.exceptions import WebSocketException

from pokernight.client.http import ClientError
from pokernight.client.table_client import TableClient

Json = dict[str, Any]
DROPPED = "connection dropped"  # an inbox message type of our own: never sent by a server
NETWORK_ERRORS = (OSError, ClientError, WebSocketException, TimeoutError)
# About a minute in all: a room restarting or a laptop's Wi-Fi coming back, not an outage.
RECONNECT_ATTEMPTS = 12
RECONNECT_WAIT_LIMIT = 5.0


@contextlib.contextmanager
def entering(url: str, code: str) -> Iterator[None]:
    """A refusal or a network failure while a player enters a table, as the one line a
    person reads (a ``ValueError``), not a traceback."""
    try:
        yield
    except ClientError as error:
        raise ValueError(f"table {code}: {error}") from None
    except (OSError, WebSocketException) as error:
        reason = getattr(error, "reason", None) or error
        raise ValueError(f"cannot reach the server at {url} ({reason})") from None


class InboxClient(TableClient):
    def __init__(
        self, url: str, code: str, token: str | None, inbox: asyncio.Queue[Json] | None = None
    ) -> None:
        super().__init__(url, code, token, keep_frames=False, events_kept=0)
        self.inbox: asyncio.Queue[Json] = asyncio.Queue() if inbox is None else inbox
        self.connections = 0
        self.resuming = False

    async def connect(self) -> None:
        self.connections += 1
        await super().connect()

    async def resume(self) -> None:
        """Reconnect from the last version received in order (``TableState`` stops at a gap)."""
        self.state.gaps, self.resuming = 0, False
        await self.reconnect()

    async def resume_patiently(self) -> None:
        """``resume``, tried again with a doubling wait while the network fails; a
        ``ValueError`` naming the room when it never comes back."""
        for attempt in range(RECONNECT_ATTEMPTS):
            try:
                await self.resume()
            except NETWORK_ERRORS:
                await asyncio.sleep(min(0.25 * 2**attempt, RECONNECT_WAIT_LIMIT))
                continue
            return
        raise ValueError(f"lost the connection to {self.url} and could not reconnect")

    async def catch_up(self, take: Callable[[Json], None]) -> None:
        """Hand ``take`` every message up to the version the welcome named: the table's
        past, before anything new."""
        assert self.welcome is not None
        past = self.welcome["version"]
        # The state folds each message as it is read, ahead of the inbox: caught up once it
        # holds the welcome's version and nothing read is left waiting, or a message taken
        # is of that version (what follows it is new).
        while not (self.state.version >= past and self.inbox.empty()):
            message = await self.inbox.get()
            take(message)
            if message.get("v", 0) >= past:
                return

    def on_message(self, message: Json) -> None:
        if self.state.gaps:
            if not self.resuming:
                self.resuming = True
                self.inbox.put_nowait({"type": DROPPED, "connection": self.connections})
            return
        self.inbox.put_nowait(message)

    async def _read(self, socket: ClientConnection) -> None:
        number = self.connections
        try:
            await super()._read(socket)
        finally:
            self.inbox.put_nowait({"type": DROPPED, "connection": number})
