"""The seat as an ACPC dealer on a TCP port: one bot connects, as it would to
``project_acpc_server``'s ``dealer``, and plays the seat.

The bot speaks first (``VERSION:2.0.0``), then receives a ``MATCHSTATE`` line whenever
its view of the hand changes and answers at its turn with the state it answers and its
action (``MATCHSTATE:...:r300``). Lines end with CR LF both ways (a bare LF is taken too).
Lines starting with ``#`` or ``;`` are comments, ignored as the dealer ignores them.
One bot at a time: another connection is told so and closed.
"""

from __future__ import annotations

import asyncio
import contextlib

VERSION_PREFIX = "VERSION:2."
MAX_LINE_BYTES = 4096


class AcpcLink:
    def __init__(self, host: str = "127.0.0.1", port: int = 0) -> None:
        self.host = host
        self.port = port
        self.answers: asyncio.Queue[str] = asyncio.Queue()
        self.problems: asyncio.Queue[str] = asyncio.Queue()  # for the seat's log and error.txt
        self.newest: str | None = None  # the last state line, sent again to a bot that arrives
        self._server: asyncio.Server | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def start(self) -> int:
        """Listen; the port (a free one when asked for port 0)."""
        self._server = await asyncio.start_server(
            self._serve, self.host, self.port, limit=MAX_LINE_BYTES
        )
        self.port = self._server.sockets[0].getsockname()[1]
        return self.port

    @property
    def connected(self) -> bool:
        return self._writer is not None

    def send(self, line: str) -> None:
        """Tell the bot ``line`` (kept for a bot that connects later)."""
        self.newest = line
        if self._writer is not None:
            self._writer.write(line.encode() + b"\r\n")

    async def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self._writer is not None:
            writer.write(b"# pokernight: a bot already plays this seat\r\n")
            await _close(writer)
            return
        try:
            version = await _line(reader)
            if version is None or not version.startswith(VERSION_PREFIX):
                self.problems.put_nowait(f"a bot said {version!r} instead of VERSION:2.0.0")
                writer.write(b"# pokernight: say VERSION:2.0.0 first\r\n")
                await _close(writer)
                return
            self._writer = writer
            if self.newest is not None:
                self.send(self.newest)
            while (line := await _line(reader)) is not None:
                if line and not line.startswith(("#", ";")):
                    self.answers.put_nowait(line)
        except (ConnectionError, asyncio.LimitOverrunError, ValueError) as error:
            self.problems.put_nowait(f"the bot's connection failed: {error}")
        finally:
            if self._writer is writer:
                self._writer = None
            await _close(writer)


async def _line(reader: asyncio.StreamReader) -> str | None:
    """The next line without its end (None: the bot hung up)."""
    data = await reader.readline()
    if not data:
        return None
    return data.decode("utf-8", errors="replace").rstrip("\r\n")


async def _close(writer: asyncio.StreamWriter) -> None:
    writer.close()
    with contextlib.suppress(ConnectionError):
        await writer.wait_closed()
