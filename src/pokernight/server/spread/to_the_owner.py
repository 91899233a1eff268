"""``ToTheOwner``: an HTTP request for a table another room process plays is answered there
(decision 39; ``pipes`` carries it), so a client may reach any process; so is one for a
tournament another process directs (issue 35).

A request about a table (``/api/tables/CODE`` and below) that this process does not play
is sent whole to the process that holds the table's lease, and its answer is passed back
as it came; a request about a tournament (``/api/tournaments/ID`` and below) goes to the
process that holds its director's lease. A table nobody plays, or one played here, is
answered here (a 404 for a code that is no table), and so is a tournament nobody directs.
A request already carried from another process is never carried on.
"""

from __future__ import annotations

import base64
import re

from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pokernight.server.spread.pipes import PIPED_HEADER

TABLE_PATH = re.compile(r"^/api/tables/(\d{4})(?:/|$)")
TOURNAMENT_PATH = re.compile(r"^/api/tournaments/(\d+)(?:/|$)")


class ToTheOwner:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            owner = await self._owner_elsewhere(scope)
        except Exception:  # Redis away: who plays what cannot be known meanwhile
            reason = "the room cannot reach Redis: try again in a moment"
            await JSONResponse({"error": reason}, status_code=503)(scope, receive, send)
            return
        if owner is None:
            await self.app(scope, receive, send)
            return
        cluster = scope["app"].state.lobby.cluster
        answer = await cluster.pipes.request(owner, scope, await _body(receive))
        if answer is None:
            reason = "the process playing this table did not answer: try again"
            response: Response = JSONResponse({"error": reason}, status_code=503)
        else:
            response = Response(base64.b64decode(answer["body"]), status_code=answer["status"])
            response.raw_headers = [
                (k.encode("latin-1"), v.encode("latin-1")) for k, v in answer["headers"]
            ]
        await response(scope, receive, send)

    @staticmethod
    async def _owner_elsewhere(scope: Scope) -> str | None:
        """The process that plays the table (or directs the tournament) the request is
        about, if not this one."""
        lobby = getattr(scope["app"].state, "lobby", None)
        if scope["type"] != "http" or lobby is None or lobby.cluster is None:
            return None
        if any(k == PIPED_HEADER for k, _ in scope["headers"]):
            return None
        owner: str | None = None
        table = TABLE_PATH.match(scope["path"])
        if table is not None and table.group(1) not in lobby.actors:
            owner = await lobby.cluster.owner_elsewhere(table.group(1))
        tournament = TOURNAMENT_PATH.match(scope["path"])
        if tournament is not None and int(tournament.group(1)) not in lobby.tournaments:
            owner = await lobby.cluster.director_elsewhere(int(tournament.group(1)))
        return owner


async def _body(receive: Receive) -> bytes:
    chunks = []
    while True:
        message: Message = await receive()
        chunks.append(message.get("body", b""))
        if not message.get("more_body"):
            return b"".join(chunks)
