"""What the tournaments' routes ask of the lobby, the wing above them (decision 58): the
room's store and settings, its tournaments, a new one created. The lobby is checked
against it by mypy (``lobby.registries``)."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Protocol

from starlette.requests import HTTPConnection

from pokernight.server.edge.config import ServerConfig
from pokernight.server.tables.registry import Ownership
from pokernight.server.tournaments.tournament_director import TournamentDirector, TournamentStorage
from pokernight.tournament import Structure


class TournamentRegistry(Protocol):
    """The lobby, as a tournament's HTTP routes and socket use it."""

    @property
    def store(self) -> TournamentStorage: ...

    @property
    def config(self) -> ServerConfig: ...

    @property
    def cluster(self) -> Ownership | None:
        """None: this process is the whole room."""
        ...

    @property
    def tournaments(self) -> Mapping[int, TournamentDirector]:
        """Every tournament of this process, by id."""
        ...

    def tournament(self, tournament_id: int) -> TournamentDirector:
        """NoSuchTournamentError: none has that id here."""
        ...

    async def create_tournament(
        self, structure: Structure, rng: Random | None = None
    ) -> tuple[TournamentDirector, str]: ...


def tournaments_of(request: HTTPConnection) -> TournamentRegistry:
    """The room's tournaments (the app's lobby, made when it starts)."""
    registry: TournamentRegistry = request.app.state.lobby
    return registry
