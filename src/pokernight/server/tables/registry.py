"""What the tables' wing asks of the wings above it (decision 58).

The lobby (``server/lobby/lobby.py``) holds every table of this process; the cluster
(``server/spread/cluster.py``) decides, when the room is several processes, which of them
plays which table. Both sit above the tables: the socket and the HTTP routes here see the
lobby as a ``TableRegistry``, and the lobby sees the cluster as an ``Ownership``, so no
module of this wing imports either. The lobby is checked against both by mypy
(``lobby.registries``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextlib import AbstractAsyncContextManager
from typing import Protocol

from starlette.requests import HTTPConnection
from starlette.websockets import WebSocket

from pokernight.refusals import RefusalError
from pokernight.server.edge.config import ServerConfig
from pokernight.server.tables.actor import TableActor
from pokernight.server.tables.identity import Newcomer
from pokernight.server.tables.messages import one_line
from pokernight.server.tables.storage import TableStorage
from pokernight.store import PlayerRecord
from pokernight.table import TableSettings


class NoSuchTableError(LookupError):
    def __init__(self, code: str) -> None:
        self.refusal = RefusalError("no_such_table", code=one_line(code))
        super().__init__(str(self.refusal))


class Ownership(Protocol):
    """Which process plays which table, when the room is several (``serve --redis``)."""

    def opening(self, table_id: int) -> AbstractAsyncContextManager[None]:
        """Own a table just created while it is opened: leased and fenced before its first
        event is saved."""
        ...

    async def lead(self, tournament_id: int) -> None:
        """Direct a tournament just created here: its director's lease taken and its epoch
        raised before its first command."""
        ...

    def fenced_off(self, actor: TableActor) -> None:
        """A save of ``actor``'s was refused by its table's epoch: another process plays
        the table now; it stops here, its pages sent on."""
        ...

    async def pipe(self, websocket: WebSocket, code: str) -> bool:
        """If another process plays table ``code``, carry ``websocket`` there until either
        end closes, and True; False: serve it here."""
        ...

    async def pipe_tournament(self, websocket: WebSocket, tournament_id: int) -> bool:
        """``pipe``, for a tournament's page: to the process that directs it."""
        ...


class TableRegistry(Protocol):
    """The lobby, as a table's socket and HTTP routes use it."""

    @property
    def store(self) -> TableStorage: ...

    @property
    def config(self) -> ServerConfig: ...

    @property
    def cluster(self) -> Ownership | None:
        """None: this process is the whole room."""
        ...

    @property
    def actors(self) -> Mapping[str, TableActor]:
        """The tables running here, by code."""
        ...

    @property
    def sleeping(self) -> Mapping[str, object]:
        """The open tables asleep here, by code."""
        ...

    @property
    def departed(self) -> Callable[[], None]:
        """Told each time a socket has gone."""
        ...

    async def table(self, code: str) -> TableActor:
        """The table ``code`` as saved (woken if it sleeps); NoSuchTableError: none."""
        ...

    def still_open(self, table_id: int, code: str) -> bool: ...

    async def create_table(
        self, settings: TableSettings, host: Newcomer, *, program: bool = False
    ) -> tuple[TableActor, PlayerRecord, str]: ...


def tables_of(request: HTTPConnection) -> TableRegistry:
    """The room's tables (the app's lobby, made when it starts)."""
    registry: TableRegistry = request.app.state.lobby
    return registry
