"""What the club's routes ask of the lobby, the wing above them (decision 58): the room's
store, and the club's nights as the lobby keeps them folded. The lobby is checked
against it by mypy (``lobby.registries``)."""

from __future__ import annotations

from typing import Protocol

from starlette.requests import HTTPConnection

from pokernight.server.club.nights import ClubStorage, Nights


class ClubRegistry(Protocol):
    """The lobby, as the club's HTTP routes use it."""

    @property
    def store(self) -> ClubStorage: ...

    @property
    def nights(self) -> Nights:
        """The club's tables and tournaments folded into nights, kept between requests."""
        ...


def club_of(request: HTTPConnection) -> ClubRegistry:
    """The room's club (the app's lobby, made when it starts)."""
    registry: ClubRegistry = request.app.state.lobby
    return registry


def store_of(request: HTTPConnection) -> ClubStorage:
    return club_of(request).store
