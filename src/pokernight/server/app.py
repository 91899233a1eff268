"""The ASGI application: routes, the lifespan that opens the store and resumes tables,
and error handlers that turn every failure into a one-line JSON message."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute

from pokernight.cluster.lease import Leases
from pokernight.server import operations
from pokernight.server.club import club_people, season_api
from pokernight.server.edge.address_holds import AddressHolds, TooManyOpenError
from pokernight.server.edge.address_limits import AddressThrottle
from pokernight.server.edge.assets import WebClient, load_assets
from pokernight.server.edge.closes import CLOSE_TABLE_MOVED, MOVED_REASON
from pokernight.server.edge.collector import Collector, GcStats
from pokernight.server.edge.config import ServerConfig
from pokernight.server.edge.headers import SecurityHeaders
from pokernight.server.edge.lag import LagMonitor
from pokernight.server.edge.pages import stream
from pokernight.server.edge.ratelimit import AddressLimiter
from pokernight.server.lobby.lobby import Lobby
from pokernight.server.spread.cluster import Cluster, process_name
from pokernight.server.spread.pipes import PipedSocket, Pipes
from pokernight.server.spread.to_the_owner import ToTheOwner
from pokernight.server.tables.api import ROUTES
from pokernight.server.tables.identity import IsThisYouError
from pokernight.server.tables.messages import RefusedError, refusal_fields
from pokernight.server.tables.registry import NoSuchTableError
from pokernight.server.tables.replay import NoSuchHandError
from pokernight.server.tables.socket import serve_piped, table_socket
from pokernight.server.tournaments import tournament_api
from pokernight.server.tournaments.tournament_api import serve_tournament
from pokernight.server.tournaments.tournament_director import NoSuchTournamentError
from pokernight.store import EventWriter, MemberError, NameTakenError, StoreError, open_store
from pokernight.table import TableError
from pokernight.tournament import TournamentError

log = logging.getLogger(__name__)


def create_app(config: ServerConfig | None = None) -> Starlette:
    settings = config or ServerConfig()

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = await open_store(settings.database_url)
        writer = EventWriter(store.tables)
        lobby = Lobby(store, writer, settings)
        collector = Collector(settings.gc_freeze_seconds)
        lobby.departed = collector.departed
        app.state.collector = collector
        app.state.gc_stats = GcStats()
        app.state.gc_stats.start()
        app.state.lag = LagMonitor()
        app.state.lag.start()
        cluster = None
        try:
            if settings.redis_url is None:
                await lobby.resume_open_tables()
                await lobby.resume_tournaments()
            else:  # one of several: play the tables and direct the tournaments nobody does
                leases = _leases(settings.redis_url, settings)
                pipes = Pipes(leases, lambda piped, code: _serve_piped(piped, lobby, code))
                pipes.app = app
                cluster = lobby.cluster = Cluster(lobby, leases, pipes)
                await cluster.join()
                await cluster.start()
            app.state.lobby = lobby
            lobby.start_sweeping()  # closed tables leave memory, idle ones sleep
            if settings.freeze_gc:
                collector.start()  # after the tables are resumed: they are frozen too
            yield
        finally:
            await collector.stop()
            await app.state.lag.stop()
            app.state.gc_stats.stop()
            if cluster is not None:
                await cluster.stop_beating()
            await lobby.close()
            await writer.close()
            if cluster is not None:
                await cluster.give_back_all()
            await store.close()

    limits = settings.address_limits
    holds = AddressHolds(None if limits is None else limits.held)
    app = Starlette(
        routes=_routes(),
        middleware=_middleware(settings, holds),
        lifespan=lifespan,
        exception_handlers={
            HTTPException: _http_error,
            NoSuchTableError: _not_found,
            NoSuchHandError: _not_found,
            NoSuchTournamentError: _not_found,
            NameTakenError: _conflict,
            IsThisYouError: _is_this_you,
            MemberError: _refused,
            TableError: _refused,
            RefusedError: _refused,
            TournamentError: _refused,
            StoreError: _unavailable,
            TooManyOpenError: _too_many,
            Exception: _internal_error,
        },
    )
    app.state.holds = holds  # the sockets, tables and tournaments each address holds open
    return app


def _middleware(config: ServerConfig, holds: AddressHolds) -> list[Middleware]:
    # The first is the outermost: a 429 gets the security headers too.
    # A request carried to the process that plays its table is answered whole there, its
    # limits and headers included: outermost, so nothing here is done twice.
    middleware = [] if config.redis_url is None else [Middleware(ToTheOwner)]
    middleware.append(Middleware(SecurityHeaders))
    if config.address_limits is not None:
        limiter = AddressLimiter(config.address_limits)
        middleware.append(Middleware(AddressThrottle, limiter, holds))
    return middleware


def _routes() -> list[BaseRoute]:
    web = WebClient(load_assets())
    return [
        *ROUTES,
        *club_people.ROUTES,
        *season_api.ROUTES,
        *tournament_api.ROUTES,
        *operations.ROUTES,
        Route("/stream/{code}", stream),
        WebSocketRoute("/ws/{code}", table_socket),
        Route("/{path:path}", web.serve),  # last: every other path is a file of the client
    ]


def _error(status: int, message: str, error: Exception | None = None) -> JSONResponse:
    """The API's refusal: its English ``error``, and its reason code and parameters if
    ``error`` is a refusal (docs/protocol.md)."""
    fields = {} if error is None else refusal_fields(error)
    return JSONResponse({"error": message, **fields}, status_code=status)


async def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    if error.status_code == 404:
        return _error(404, f"nothing at {request.url.path}")
    return _error(error.status_code, str(error.detail), error)


async def _not_found(request: Request, error: Exception) -> Response:
    return _error(404, str(error), error)


async def _conflict(request: Request, error: Exception) -> Response:
    return _error(409, str(error), error)


async def _is_this_you(request: Request, error: Exception) -> Response:
    assert isinstance(error, IsThisYouError)
    body = {"error": str(error), **refusal_fields(error), "member": error.member}
    return JSONResponse(body, status_code=409)


async def _refused(request: Request, error: Exception) -> Response:
    return _error(400, str(error), error)


async def _too_many(request: Request, error: Exception) -> Response:
    return _error(429, str(error), error)


async def _unavailable(request: Request, error: Exception) -> Response:
    return _error(503, f"the database is unavailable: {error}")


async def _internal_error(request: Request, error: Exception) -> Response:
    log.error("%s %s failed", request.method, request.url.path, exc_info=error)
    return _error(500, "internal error: the server logged it")


async def _serve_piped(piped: PipedSocket, lobby: Lobby, code: str) -> None:
    """A socket another process carried here: a table's, or a tournament's page."""
    kind, _, tournament_id = code.partition(":")
    if kind != "tournament":
        await serve_piped(piped, lobby, code)
    elif int(tournament_id) not in lobby.tournaments:  # directed elsewhere now: look again
        await piped.close(CLOSE_TABLE_MOVED, MOVED_REASON)
    else:
        await serve_tournament(piped, lobby, int(tournament_id))


def _leases(url: str, settings: ServerConfig) -> Leases:
    return Leases.from_url(url, process_name(), settings.lease_ttl_ms)
