"""One WebSocket's way out: a bounded outbox drained by its own writer task.

The table task never awaits a socket: it drops encoded text into the outbox
and moves on. A client too slow to drain its outbox is disconnected (it
resumes from its last version when it comes back), so one slow phone never
stalls a table.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from typing import Any, Protocol

from starlette.types import Message

from pokernight.server.tables.wire import encode

CLOSE_TOO_SLOW = 4008
CLOSE_SECONDS = 5.0
"""How long ``close`` waits for what is queued to go out before it closes anyway."""


class FrameSocket(Protocol):
    """What the room uses of a WebSocket: Starlette's, or the owner's end of a pipe from
    another process (``pipes.PipedSocket``)."""

    async def receive(self) -> Message: ...

    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


@dataclass(frozen=True, slots=True)
class _Close:
    code: int
    reason: str


class Connection:
    """``player_id`` None: a spectator (or the stream view). ``session``: the client run
    that opened it (its request ids are its own); ``invited``: the player came by the
    invite link, and sits without the host's approval; ``program``: the player joined as
    a program (their seat is shown as a bot)."""

    def __init__(
        self,
        websocket: FrameSocket,
        player_id: str | None,
        name: str,
        outbox: int,
        *,
        session: str = "",
        invited: bool = False,
        program: bool = False,
    ) -> None:
        self.websocket = websocket
        self.player_id = player_id
        self.name = name
        self.session = session
        self.invited = invited
        self.program = program
        self.outbox: asyncio.Queue[str | _Close] = asyncio.Queue(maxsize=outbox)
        self.dropped = False
        self.writer: asyncio.Task[None] | None = None
        self.closing: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.writer = asyncio.get_running_loop().create_task(self._write_loop())

    async def stop(self) -> None:
        for task in (self.writer, self.closing):
            if task is not None and task is not asyncio.current_task():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    def send(self, message: dict[str, Any]) -> None:
        self.send_text(encode(message))

    def send_text(self, text: str) -> None:
        if self.dropped:
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.dropped = True
            self.closing = asyncio.get_running_loop().create_task(self._close_too_slow())

    async def close(self, code: int, reason: str) -> None:
        """Send what is queued (the error that says why, say), then close with ``reason``."""
        if self.writer is None or self.dropped:
            return
        with contextlib.suppress(asyncio.QueueFull):  # too slow to be told: closed anyway
            self.outbox.put_nowait(_Close(code, reason))
        with contextlib.suppress(Exception):
            await asyncio.wait_for(asyncio.shield(self.writer), CLOSE_SECONDS)

    async def _write_loop(self) -> None:
        while True:
            item = await self.outbox.get()
            if isinstance(item, _Close):
                await self.websocket.close(item.code, item.reason)
                return
            await self.websocket.send_text(item)

    async def _close_too_slow(self) -> None:
        if self.writer is not None:
            self.writer.cancel()
        with contextlib.suppress(Exception):
            await self.websocket.close(CLOSE_TOO_SLOW, "too slow: reconnect to resume")
