"""What each client address holds open now: its WebSockets, and the tables and tournaments
it opened that are still open (issue 30).

The token buckets (``ratelimit``) bound how fast an address asks; these bound what it
keeps. A socket is held from its connect to the end of its handler (``AddressThrottle``
gives it back in a ``finally``, whatever closed it); a table or tournament is held from
the request that opens it for as long as it is open, told by a question asked of it when
the address opens another, so nothing has to remember to give it back.

Counted in this process's memory: after a restart, the tables resumed from the store
count for nobody (they were opened before).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from starlette.requests import HTTPConnection

from pokernight.refusals import RefusalError
from pokernight.server.edge.ratelimit import HeldLimits

StillOpen = Callable[[], bool]


class TooManyOpenError(Exception):
    """The address holds as many tables (or tournaments) open as it may: a 429, saying so
    by refusal ``code`` (``pokernight.refusals``)."""

    def __init__(self, code: str, most: int) -> None:
        self.refusal = RefusalError(code, most=most)
        super().__init__(str(self.refusal))


TABLES_REFUSAL = "too_many_tables"
TOURNAMENTS_REFUSAL = "too_many_tournaments"


class SocketsHeld:
    """The WebSockets each address holds open: at most ``most`` at once (None: no limit)."""

    def __init__(self, most: int | None) -> None:
        self.most = most
        self._held: dict[str, int] = {}

    def take(self, address: str) -> bool:
        """One more socket for ``address``; False: it holds ``most`` already."""
        if self.most is None:
            return True
        held = self._held.get(address, 0)
        if held >= self.most:
            return False
        self._held[address] = held + 1
        return True

    def give_back(self, address: str) -> None:
        """A socket ``take`` counted has ended."""
        held = self._held.get(address, 0) - 1
        if held > 0:
            self._held[address] = held
        else:
            self._held.pop(address, None)  # memory stays bounded by the sockets open

    def held(self, address: str) -> int:
        return self._held.get(address, 0)


@dataclass
class Opening:
    """A table or tournament an address opens: counted while ``still_open`` says so. Until
    it is made (``hold``) it counts, so that requests at once cannot pass the limit
    together."""

    still_open: StillOpen = field(default=lambda: True)

    def hold(self, still_open: StillOpen) -> None:
        self.still_open = still_open


class Openings:
    """The tables (or tournaments) each address opened that are still open: at most
    ``most`` (None: no limit, nothing kept); refusal code ``refusal`` says so."""

    def __init__(self, most: int | None, refusal: str) -> None:
        self.most = most
        self.refusal = refusal
        self._opened: dict[str, list[Opening]] = {}

    @contextmanager
    def opening(self, address: str) -> Iterator[Opening]:
        """A place for one more, counted from now, given back if the block fails; a
        TooManyOpenError (nothing opened) when the address has none left."""
        if self.most is None:
            yield Opening()
            return
        self._forget_closed()
        opened = self._opened.setdefault(address, [])
        if len(opened) >= self.most:
            raise TooManyOpenError(self.refusal, self.most)
        place = Opening()
        opened.append(place)
        try:
            yield place
        except BaseException:
            opened.remove(place)
            raise

    def _forget_closed(self) -> None:
        # Every address at once: opening is rare (a few a minute an address, ``create``), and
        # an address that never comes back must not keep its closed tables in memory.
        for address, opened in list(self._opened.items()):
            opened[:] = [place for place in opened if place.still_open()]
            if not opened:
                del self._opened[address]


class AddressHolds:
    """The room's counts; ``limits`` None: nothing is limited (nor kept)."""

    def __init__(self, limits: HeldLimits | None) -> None:
        self.sockets = SocketsHeld(None if limits is None else limits.sockets)
        self.tables = Openings(None if limits is None else limits.tables, TABLES_REFUSAL)
        self.tournaments = Openings(
            None if limits is None else limits.tournaments, TOURNAMENTS_REFUSAL
        )


def holds_of(request: HTTPConnection) -> AddressHolds:
    """The room's counts (the app's, made with it)."""
    holds: AddressHolds = request.app.state.holds
    return holds
