"""The requests each player had carried out: a request sent again is answered, not redone.

A client resends every request it has no answer for after it reconnects (the
server may have died between saving a move and acknowledging it). A request is
known by its player, the client run that sent it (``session``) and its client
id. The ones that changed the table are stored with their events
(``store.HandledRequest``), so the memory below is rebuilt after a restart; the
others (chat, start, pause) are remembered in memory only. Each player's newest
``REQUESTS_KEPT`` are remembered.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Iterable

from pokernight.store import HandledRequest
from pokernight.store.table_log import REQUESTS_KEPT

Key = tuple[str, str]
"""A request of one player: (session, client id as JSON)."""


def ref_key(ref: int | str) -> str:
    """A client id as stored: JSON, so that 5 and "5" stay different ids."""
    return json.dumps(ref)


class HandledRequests:
    def __init__(self, kept: int = REQUESTS_KEPT) -> None:
        self.kept = kept
        self.by_player: dict[str, OrderedDict[Key, int]] = {}

    @classmethod
    def of(cls, stored: Iterable[HandledRequest]) -> HandledRequests:
        handled = cls()
        for request in stored:
            handled.record(request)
        return handled

    def version_of(self, player_id: str, session: str, ref: int | str) -> int | None:
        """The table's version once this request was done, or None if it was not."""
        done = self.by_player.get(player_id)
        return None if done is None else done.get((session, ref_key(ref)))

    def knows(self, request: HandledRequest) -> bool:
        """Whether ``request`` (its player, session and stored client id) was carried out."""
        done = self.by_player.get(request.player_id)
        return done is not None and (request.session, request.ref) in done

    def record(self, request: HandledRequest) -> None:
        done = self.by_player.setdefault(request.player_id, OrderedDict())
        done[(request.session, request.ref)] = request.version
        if len(done) > self.kept:
            done.popitem(last=False)
