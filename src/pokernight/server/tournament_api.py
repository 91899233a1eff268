"""Tournaments over HTTP and a WebSocket (decision 36): create a sit-and-go from a template,
register (a person gets an entrant token; a bot none), read the lobby's facts, and follow
them live on ``/ws/tournament/{id}``, which also tells an entrant's page where its player
sits now (a moved player's page switches tables without a reload).
"""

from __future__ import annotations

import contextlib
import logging
from dataclasses import replace
from decimal import Decimal, InvalidOperation
from typing import Annotated, Literal

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from pokernight.server.api import DisplayName, read_body
from pokernight.server.connection import Connection
from pokernight.server.lobby import Lobby, lobby_of
from pokernight.server.messages import RefusedError
from pokernight.server.newcomers import checked_name
from pokernight.server.origins import origin_allowed
from pokernight.server.socket import CLOSE_BAD_HELLO, CLOSE_FOREIGN_PAGE, close_reason, read_hello
from pokernight.server.tournament_director import NoSuchTournamentError, TournamentDirector
from pokernight.server.wire import encode
from pokernight.tournament import Payouts, Structure, TournamentError, from_template

log = logging.getLogger(__name__)

CLOSE_NO_TOURNAMENT = 4404
Count = Annotated[int, msgspec.Meta(ge=1, le=10_000)]
Chips = Annotated[int, msgspec.Meta(ge=0, le=10**12)]
Percent = Annotated[str, msgspec.Meta(max_length=12)]


class NewTournament(msgspec.Struct, forbid_unknown_fields=True):
    """A sit-and-go of ``entries`` players from the template ``structure`` (quick, normal
    or deep), each changed as the director chooses; ``payouts``: percentages by place
    (none: the room's table for the field)."""

    name: DisplayName = "Sit and go"
    structure: Literal["quick", "normal", "deep"] = "normal"
    game: Annotated[str, msgspec.Meta(max_length=16)] = "nlhe"
    entries: Count = 9
    seats: Count | None = None
    starting_stack: Count | None = None
    buy_in: Chips = 100
    payouts: Annotated[list[Percent], msgspec.Meta(max_length=100)] | None = None
    action_seconds: Annotated[float, msgspec.Meta(gt=0, le=600)] | None = None
    bot_delay_seconds: Annotated[float, msgspec.Meta(ge=0, le=10)] | None = None


class Registration(msgspec.Struct, forbid_unknown_fields=True):
    """``bot``: a bot of that level takes the entry (to fill seats, or to test)."""

    name: DisplayName
    bot: Literal["easy", "medium", "hard"] | None = None


def structure_of(body: NewTournament) -> Structure:
    """The structure ``body`` asks for, or a TournamentError naming what is wrong."""
    changes: dict[str, object] = {
        "entries": body.entries,
        "buy_in": body.buy_in,
    }
    optional = {
        "seats": body.seats,
        "starting_stack": body.starting_stack,
        "action_seconds": body.action_seconds,
        "bot_delay_seconds": body.bot_delay_seconds,
    }
    changes.update((name, value) for name, value in optional.items() if value is not None)
    if body.payouts is not None:
        try:
            changes["payouts"] = Payouts(tuple(Decimal(share) for share in body.payouts))
        except InvalidOperation:
            raise TournamentError("payouts are percentages, like 50, 30, 20 or 27.5") from None
    try:
        structure = from_template(body.structure, (body.game,), **changes)
    except (ValueError, KeyError) as error:  # an unknown game
        raise TournamentError(str(error).strip("'\"")) from None
    # Not one of the changes: the template's own first argument is called ``name`` too.
    return replace(structure, name=checked_name(body.name))


async def create_tournament(request: Request) -> Response:
    structure = structure_of(await read_body(request, NewTournament))
    director = await lobby_of(request).create_tournament(structure)
    return JSONResponse(director.facts(), status_code=201)


async def tournament_info(request: Request) -> Response:
    return JSONResponse(_director(request).facts())


async def register(request: Request) -> Response:
    director = _director(request)
    body = await read_body(request, Registration)
    player_id, token = await director.register(checked_name(body.name), body.bot)
    return JSONResponse({"player_id": player_id, "token": token}, status_code=201)


def _director(request: Request) -> TournamentDirector:
    return lobby_of(request).tournament(request.path_params["id"])


async def tournament_socket(websocket: WebSocket) -> None:
    """Hello (with the entrant's token, or none to watch), then the facts on every change."""
    lobby: Lobby = websocket.app.state.lobby
    origin, host = websocket.headers.get("origin"), websocket.headers.get("host")
    if not origin_allowed(origin, host, lobby.config.allowed_origins):
        await websocket.close(CLOSE_FOREIGN_PAGE)
        return
    await websocket.accept()
    try:
        director = lobby.tournament(websocket.path_params["id"])
        player_id = await _entrant(websocket, director, lobby)
    except (NoSuchTournamentError, RefusedError) as error:
        code = CLOSE_NO_TOURNAMENT if isinstance(error, NoSuchTournamentError) else CLOSE_BAD_HELLO
        with contextlib.suppress(OSError, RuntimeError, WebSocketDisconnect):
            await websocket.send_text(encode({"type": "error", "reason": str(error)}))
            await websocket.close(code, close_reason(str(error)))
        return
    except WebSocketDisconnect:
        return
    connection = Connection(websocket, player_id, "", lobby.config.outbox_size)
    connection.start()
    director.watch(connection)
    try:
        # Its pages only listen: anything sent after the hello closes the socket.
        if (await websocket.receive())["type"] != "websocket.disconnect":
            await connection.close(CLOSE_BAD_HELLO, "this socket only sends: say nothing")
    finally:
        director.unwatch(connection)
        await connection.stop()


async def _entrant(websocket: WebSocket, director: TournamentDirector, lobby: Lobby) -> str | None:
    """The entrant whose token the hello carries; None: a page that only watches."""
    hello = await read_hello(websocket, lobby.config)
    if hello.token is None:
        return None
    player_id = await lobby.store.entrant_by_token(director.id, hello.token)
    if player_id is None:
        raise RefusedError("this token is not an entrant's of this tournament: register again")
    return player_id


ROUTES = [
    Route("/api/tournaments", create_tournament, methods=["POST"]),
    Route("/api/tournaments/{id:int}", tournament_info, methods=["GET"]),
    Route("/api/tournaments/{id:int}/entrants", register, methods=["POST"]),
    WebSocketRoute("/ws/tournament/{id:int}", tournament_socket),
]
