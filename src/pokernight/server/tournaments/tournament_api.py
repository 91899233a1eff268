"""Tournaments over HTTP and a WebSocket (decision 36): create one from a template (its
creator gets the director's token), register (a person gets an entrant token; a bot
none), unregister, rebuy, take the add-on; the director edits the structure, starts a
scheduled tournament, and records a deal the calculator helps find. Each request carries
its token as ``Authorization: Bearer``; the tournament's core refuses what its rules do
not allow, with the reason. ``/ws/tournament/{id}`` follows the facts live and tells an
entrant's page where its player sits now (a moved player's page switches tables without
a reload).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal, InvalidOperation
from typing import Annotated, Literal

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from pokernight.rules import RulesError
from pokernight.server.edge.address_holds import holds_of
from pokernight.server.edge.address_limits import address_of
from pokernight.server.edge.closes import CLOSE_TABLE_MOVED, MOVED_REASON
from pokernight.server.edge.origins import origin_allowed
from pokernight.server.tables.api import DisplayName, read_body
from pokernight.server.tables.connection import Connection, FrameSocket
from pokernight.server.tables.identity import bearer_token, signed_in
from pokernight.server.tables.messages import RefusedError, refusal_fields
from pokernight.server.tables.newcomers import checked_name
from pokernight.server.tables.socket import (
    CLOSE_BAD_HELLO,
    CLOSE_FOREIGN_PAGE,
    close_reason,
    read_hello,
)
from pokernight.server.tables.wire import encode
from pokernight.server.tournaments.registry import TournamentRegistry, tournaments_of
from pokernight.server.tournaments.tournament_director import (
    NoSuchTournamentError,
    TournamentDirector,
)
from pokernight.server.tournaments.tournament_facts import deal_json
from pokernight.tournament import (
    AddOn,
    AddOnPeriod,
    Bounty,
    ChangeStructure,
    Command,
    Format,
    Payouts,
    Rebuy,
    RebuyPeriod,
    RecordDeal,
    Start,
    Status,
    Structure,
    TournamentError,
    Unregister,
    from_template,
)
from pokernight.tournament.structure import ladder_levels, with_break_minutes
from pokernight.tournament.tables import DIRECTOR

log = logging.getLogger(__name__)

CLOSE_NO_TOURNAMENT = 4404
Count = Annotated[int, msgspec.Meta(ge=1, le=10_000)]
Chips = Annotated[int, msgspec.Meta(ge=0, le=10**12)]
Percent = Annotated[str, msgspec.Meta(max_length=12)]
GameKey = Annotated[str, msgspec.Meta(max_length=16)]


class RebuyTerms(msgspec.Struct, forbid_unknown_fields=True):
    """Rebuys of ``chips`` for ``price`` through level ``until_level``, ``most`` each."""

    price: Chips
    chips: Count
    until_level: Count
    most: Count | None = None


class AddOnTerms(msgspec.Struct, forbid_unknown_fields=True):
    price: Chips
    chips: Count
    level: Count


class BountyTerms(msgspec.Struct, forbid_unknown_fields=True):
    amount: Chips
    progressive: bool = False


class NewTournament(msgspec.Struct, forbid_unknown_fields=True):
    """A tournament from the template ``structure`` (quick, normal or deep), each part
    changed as the director chooses; ``games``: a rotation, one game a level (H.O.R.S.E.
    style), instead of the one ``game``. A sit-and-go starts when ``entries`` have registered;
    a scheduled one at ``starts_at`` (seconds since the epoch) with ``minimum_entries``,
    ``entries`` its largest field (0: no limit), registering late through level
    ``late_registration_level``. ``level_minutes``: every level's length, ``break_minutes``
    every break's (0: none), the template's when None. ``payouts``: percentages by place
    (none: the room's table for the field)."""

    name: DisplayName = "Sit and go"
    format: Literal["sit-and-go", "scheduled"] = "sit-and-go"
    structure: Literal["quick", "normal", "deep"] = "normal"
    game: GameKey = "nlhe"
    games: Annotated[list[GameKey], msgspec.Meta(min_length=1, max_length=20)] | None = None
    entries: Annotated[int, msgspec.Meta(ge=0, le=10_000)] = 9
    starts_at: Annotated[float, msgspec.Meta(ge=0)] | None = None
    minimum_entries: Count | None = None
    late_registration_level: Annotated[int, msgspec.Meta(ge=0, le=100)] = 0
    seats: Count | None = None
    starting_stack: Count | None = None
    level_minutes: Annotated[float, msgspec.Meta(gt=0, le=240)] | None = None
    break_minutes: Annotated[float, msgspec.Meta(ge=0, le=240)] | None = None
    buy_in: Chips = 100
    rebuys: RebuyTerms | None = None
    add_on: AddOnTerms | None = None
    bounty: BountyTerms | None = None
    payouts: Annotated[list[Percent], msgspec.Meta(max_length=100)] | None = None
    action_seconds: Annotated[float, msgspec.Meta(gt=0, le=600)] | None = None
    bot_delay_seconds: Annotated[float, msgspec.Meta(ge=0, le=10)] | None = None


class Deal(msgspec.Struct, forbid_unknown_fields=True):
    """The amounts of the prizes left the players agreed, by player id."""

    amounts: Annotated[
        dict[Annotated[str, msgspec.Meta(max_length=32)], Chips], msgspec.Meta(max_length=10_000)
    ]


class Registration(msgspec.Struct, forbid_unknown_fields=True):
    """``bot``: a bot of that level takes the entry (to fill seats, or to test)."""

    name: DisplayName
    bot: Literal["easy", "medium", "hard"] | None = None


def structure_of(body: NewTournament) -> Structure:
    """The structure ``body`` asks for, or a TournamentError naming what is wrong."""
    changes: dict[str, object] = {
        "format": Format(body.format),
        "entries": body.entries,
        "buy_in": body.buy_in,
        "starts_at": body.starts_at,
        "late_registration_level": body.late_registration_level,
        "rebuys": None
        if body.rebuys is None
        else RebuyPeriod(**msgspec.structs.asdict(body.rebuys)),
        "add_on": None
        if body.add_on is None
        else AddOnPeriod(**msgspec.structs.asdict(body.add_on)),
        "bounty": None if body.bounty is None else Bounty(**msgspec.structs.asdict(body.bounty)),
    }
    optional = {
        "seats": body.seats,
        "starting_stack": body.starting_stack,
        "minimum_entries": body.minimum_entries,
        "action_seconds": body.action_seconds,
        "bot_delay_seconds": body.bot_delay_seconds,
    }
    changes.update((name, value) for name, value in optional.items() if value is not None)
    if body.level_minutes is not None:  # the template's ladder at the director's pace
        changes["levels"] = ladder_levels(body.level_minutes)
    if body.payouts is not None:
        try:
            changes["payouts"] = Payouts(tuple(Decimal(share) for share in body.payouts))
        except InvalidOperation:
            raise TournamentError("payouts_percentages") from None
    games = tuple(body.games) if body.games is not None else (body.game,)
    try:
        structure = from_template(body.structure, games, **changes)
    except RulesError as error:  # an unknown game
        raise TournamentError.like(error) from None
    if body.break_minutes is not None:
        structure = with_break_minutes(structure, body.break_minutes)
    # Not one of the changes: the template's own first argument is called ``name`` too.
    return replace(structure, name=checked_name(body.name))


async def create_tournament(request: Request) -> Response:
    """A new tournament: its facts, with the director's token (given this once)."""
    structure = structure_of(await read_body(request, NewTournament))
    lobby = tournaments_of(request)
    with holds_of(request).tournaments.opening(address_of(request.scope)) as opening:
        director, token = await lobby.create_tournament(structure)
        opening.hold(lambda: _unfinished(lobby, director))
    return JSONResponse({**director.facts(DIRECTOR), "director_token": token}, status_code=201)


def _unfinished(lobby: TournamentRegistry, director: TournamentDirector) -> bool:
    """Still held open by whoever created it: not finished, and still this room's."""
    here = lobby.tournaments.get(director.id) is director
    return here and director.tournament.status is not Status.FINISHED


async def tournament_info(request: Request) -> Response:
    """The facts, and with a token the person's own (``you``: where they sit, what they
    may do)."""
    director = _director(request)
    token = bearer_token(request, "bearer_entrant_token")
    player_id = None if token is None else await director.player_of(token)
    return JSONResponse(director.facts(player_id))


async def change_structure(request: Request) -> Response:
    body = await read_body(request, NewTournament)
    return await _carry_out(request, lambda who: ChangeStructure(who, structure_of(body)))


async def start(request: Request) -> Response:
    return await _carry_out(request, Start)


async def unregister(request: Request) -> Response:
    return await _carry_out(request, Unregister)


async def rebuy(request: Request) -> Response:
    return await _carry_out(request, Rebuy)


async def add_on(request: Request) -> Response:
    return await _carry_out(request, AddOn)


async def deal_options(request: Request) -> Response:
    """The deals the calculator offers the players left (ICM and chip chop)."""
    return JSONResponse(deal_json(_director(request).tournament))


async def record_deal(request: Request) -> Response:
    """The deal, recorded once the hands in play have ended (no table deals meanwhile);
    who asks and the amounts are checked first: a refused deal holds no table."""
    body = await read_body(request, Deal)
    director = _director(request)
    who = await _person(request, director)
    await director.record_deal(RecordDeal(who, body.amounts))
    return JSONResponse(director.facts(who))


async def _carry_out(request: Request, command: Callable[[str], Command]) -> Response:
    """``command`` from the person whose token the request carries, carried out: the facts
    as they see them now; else the refusal's reason (400) and nothing changed."""
    director = _director(request)
    who = await _person(request, director)
    await director.command(command(who))
    return JSONResponse(director.facts(who))


async def _person(request: Request, director: TournamentDirector) -> str:
    """The entrant (or the director) whose token the request carries."""
    token = bearer_token(request, "bearer_entrant_token")
    if token is None:
        raise RefusedError("bearer_your_token")
    return await director.player_of(token)


async def register(request: Request) -> Response:
    """A person registers themselves (no token needed); a bot is registered by the
    director alone (the director's token: decision 48)."""
    director = _director(request)
    body = await read_body(request, Registration)
    by = None if body.bot is None else await _bot_registrar(request, director)
    # From a member's device, a person registers as that member: their results join
    # the member's season. A bot is nobody.
    member = None if body.bot else await signed_in(request, tournaments_of(request).store.club)
    member_id = None if member is None else member.id
    player_id, token = await director.register(checked_name(body.name), body.bot, member_id, by)
    return JSONResponse({"player_id": player_id, "token": token}, status_code=201)


async def _bot_registrar(request: Request, director: TournamentDirector) -> str:
    """Who registers a bot: the person whose token the request carries (the core lets
    only the director); without a token, refused here with the same reason."""
    if bearer_token(request, "bearer_director_token") is None:
        raise RefusedError("director_registers_bots")
    return await _person(request, director)


def _director(request: Request) -> TournamentDirector:
    return tournaments_of(request).tournament(request.path_params["id"])


async def tournament_socket(websocket: WebSocket) -> None:
    """Hello (with the entrant's token, or none to watch), then the facts on every change."""
    lobby: TournamentRegistry = websocket.app.state.lobby
    origin, host = websocket.headers.get("origin"), websocket.headers.get("host")
    if not origin_allowed(origin, host, lobby.config.allowed_origins):
        await websocket.close(CLOSE_FOREIGN_PAGE)
        return
    await websocket.accept()
    tournament_id = websocket.path_params["id"]
    cluster = lobby.cluster
    if (
        cluster is not None
        and tournament_id not in lobby.tournaments
        and await cluster.pipe_tournament(websocket, tournament_id)
    ):
        return  # another process directs it: the socket was carried there
    await serve_tournament(websocket, lobby, tournament_id)


async def serve_tournament(
    websocket: FrameSocket, lobby: TournamentRegistry, tournament_id: int
) -> None:
    """Serve a socket accepted for a tournament: here, or piped from another process."""
    try:
        director = lobby.tournament(tournament_id)
        player_id = await _entrant(websocket, director, lobby)
    except (NoSuchTournamentError, RefusedError) as error:
        code = CLOSE_NO_TOURNAMENT if isinstance(error, NoSuchTournamentError) else CLOSE_BAD_HELLO
        with contextlib.suppress(OSError, RuntimeError, WebSocketDisconnect):
            await websocket.send_text(
                encode({"type": "error", "reason": str(error), **refusal_fields(error)})
            )
            await websocket.close(code, close_reason(str(error)))
        return
    except WebSocketDisconnect:
        return
    if lobby.tournaments.get(tournament_id) is not director:
        # Let go of while the hello was awaited (another process directs it now): a
        # watcher of the stopped director would hear nothing more, so the page looks again.
        with contextlib.suppress(OSError, RuntimeError, WebSocketDisconnect):
            await websocket.close(CLOSE_TABLE_MOVED, MOVED_REASON)
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


async def _entrant(
    websocket: FrameSocket, director: TournamentDirector, lobby: TournamentRegistry
) -> str | None:
    """The entrant whose token the hello carries; None: a page that only watches."""
    hello = await read_hello(websocket, lobby.config)
    if hello.token is None:
        return None
    player_id = await lobby.store.tournaments.entrant_by_token(director.id, hello.token)
    if player_id is None:
        raise RefusedError("not_an_entrant_register")
    return player_id


ROUTES = [
    Route("/api/tournaments", create_tournament, methods=["POST"]),
    Route("/api/tournaments/{id:int}", tournament_info, methods=["GET"]),
    Route("/api/tournaments/{id:int}/entrants", register, methods=["POST"]),
    Route("/api/tournaments/{id:int}/entrants/me", unregister, methods=["DELETE"]),
    Route("/api/tournaments/{id:int}/structure", change_structure, methods=["PUT"]),
    Route("/api/tournaments/{id:int}/start", start, methods=["POST"]),
    Route("/api/tournaments/{id:int}/rebuys", rebuy, methods=["POST"]),
    Route("/api/tournaments/{id:int}/add-ons", add_on, methods=["POST"]),
    Route("/api/tournaments/{id:int}/deal", deal_options, methods=["GET"]),
    Route("/api/tournaments/{id:int}/deal", record_deal, methods=["POST"]),
    WebSocketRoute("/ws/tournament/{id:int}", tournament_socket),
]
