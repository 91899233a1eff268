"""A poker room in this process, on a free loopback port, for a game of one's own.

``pokernight seat`` without ``--connect`` plays here: the same server as ``pokernight
serve`` (``create_app`` under uvicorn), so a local game and a friend's table are one code
path for the seat. Its database is a SQLite file in a temporary folder, gone when the
game ends (the seat's folder keeps the log of every state and answer). A connection may
send more messages a second here than at a room for friends (``PROGRAM_BURST``).
"""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import uvicorn

from pokernight.cli.serve import MAX_FRAME_BYTES
from pokernight.server import ServerConfig, create_app
from pokernight.server.edge.listening import tcp_listener
from pokernight.server.edge.websocket_protocol import RoomWebSocketProtocol

START_SECONDS = 30.0
PROGRAM_BURST = 200.0
PROGRAM_PER_SECOND = 200.0
"""The messages a connection may send here (a room for friends: 20 at once, then 10 a
second). The only players are the program and the room's bots, so the limit only keeps a
runaway program from flooding its own game; a program simulating many hands against
bots is paced by itself, not by a limit made for strangers (decision 46). The seat
learns it from the welcome."""


@asynccontextmanager
async def local_room(hand_pause_seconds: float) -> AsyncIterator[str]:
    """A room for the length of the block; its base URL (``http://127.0.0.1:PORT``)."""
    with tempfile.TemporaryDirectory(prefix="pokernight-room-") as folder:
        database = f"sqlite+aiosqlite:///{Path(folder) / 'room.sqlite3'}"
        config = ServerConfig(
            database_url=database,
            hand_pause_seconds=hand_pause_seconds,
            address_limits=None,
            rate_capacity=PROGRAM_BURST,
            rate_per_second=PROGRAM_PER_SECOND,
        )
        listener = tcp_listener()
        listener.bind(("127.0.0.1", 0))
        port = listener.getsockname()[1]
        server = uvicorn.Server(
            uvicorn.Config(
                create_app(config),
                log_level="warning",
                ws=RoomWebSocketProtocol,
                ws_max_size=MAX_FRAME_BYTES,
                ws_per_message_deflate=False,
            )
        )
        task = asyncio.create_task(server.serve(sockets=[listener]))
        try:
            async with asyncio.timeout(START_SECONDS):
                while not server.started:
                    if task.done():
                        task.result()  # the reason it could not start
                        raise OSError("the local room stopped as it started")
                    await asyncio.sleep(0.01)
            yield f"http://127.0.0.1:{port}"
        finally:
            server.should_exit = True
            await task
            listener.close()
