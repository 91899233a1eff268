"""When a table's host has been away long enough for the role to pass on (decision 52).

The table's core decides *who* hosts next (``HostAway``: the person with a page open seated
the longest); *when* is the server's, which alone knows who has a page open and what time it
is. Presence lives in memory: after a restart nobody has a page open until the pages come
back, so a host's away time counts from when the table started here, from when their last
page closed, or from when they became host, whichever came last (a host handed the role
while away gets the whole time too).
"""

from __future__ import annotations

from collections.abc import Collection

from pokernight import table as core
from pokernight.table import Table


class HostWatch:
    def __init__(self, now: float) -> None:
        # Since when the current host is watched: the table's start here, or the host change.
        self.since = now
        # When the host's last page closed (None: not since the watch began).
        self.host_left_at: float | None = None

    def page_closed(self, player_id: str, table: Table, now: float) -> None:
        """``player_id``'s last page on the table closed at ``now``."""
        if player_id == table.host:
            self.host_left_at = now

    def host_changed(self, now: float) -> None:
        """A new host (or none) since ``now``: their away time starts again."""
        self.since = now
        self.host_left_at = None

    def due(self, table: Table, present: Collection[str], now: float) -> float | None:
        """When the host role passes on, if it will: the host has no page open, and the
        table would hand it to somebody with one (``HostAway`` is not refused: never at a
        tournament table, never to nobody). None: it stays where it is for now."""
        if table.host is None or table.host in present or table.tournament:
            return None
        if not table.can(self.command(present), now):
            return None
        away_since = max(self.since, self.host_left_at or self.since)
        return away_since + table.upcoming_settings.host_away_seconds

    @staticmethod
    def command(present: Collection[str]) -> core.HostAway:
        return core.HostAway(frozenset(present))
