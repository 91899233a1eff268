"""The stream delay (decision 68): the spectators and the stream view see the table late.

A host may delay what the pages with no player behind them (spectators, ``/stream/CODE``)
are sent, by a number of seconds or of players' actions (``TableSettings.
stream_delay_seconds``, ``stream_delay_actions``), so that a stream cannot tell a friend at
the table what is happening as it happens. The players' own pages are never delayed: the
actor sends them every version at once, and hands each saved command's versions here.

``SpectatorDelay`` keeps them, a command's versions together (they were saved together),
with the table they left, and lets them go in order: in seconds, once they are that old;
in actions, once that many players' actions followed them, or when a hand ends (the hand's
cards are no use to anybody once it is over, and a stream that waited for the next hand's
actions would stop at every pause). What it lets go is what a spectator was always sent
(``wire.for_recipient`` of None: public cards only), only later; a page that arrives
meanwhile is shown the table as the spectators last saw it (``table``, ``version``), never
newer. Turning the delay off lets everything held go at once.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from pokernight.server.tables.versions import Recent
from pokernight.server.tables.wire import Version
from pokernight.table import Table, TableSettings


@dataclass(frozen=True, slots=True)
class _Held:
    versions: tuple[Version, ...]
    table: Table
    saved_at: float
    actions: int
    hand_ended: bool


class SpectatorDelay:
    """What the spectators of a table have been sent (``version``, the ``table`` it left),
    and what they are still owed."""

    def __init__(self, table: Table, version: int) -> None:
        self.table = table
        self.version = version
        self.held: deque[_Held] = deque()

    @classmethod
    def rebuilt(
        cls, table: Table, version: int, recent: Sequence[Recent], now: float
    ) -> SpectatorDelay:
        """After a restart (or another process took the table on): the spectators start
        from the oldest version a delay may still hold (``TableVersions.recent``), and are
        owed the rest as the delay lets them go, never the table as it is now at once."""
        if not recent:
            return cls(table, version)
        delay = cls(recent[0].table, recent[0].version.v)
        for kept in recent[1:]:
            held = _Held((kept.version,), kept.table, kept.at, int(kept.acted), kept.hand_ended)
            delay.held.append(held)
        delay.release(table.upcoming_settings, now)
        return delay

    def hold(
        self,
        versions: Sequence[Version],
        table: Table,
        now: float,
        *,
        actions: int = 0,
        hand_ended: bool = False,
    ) -> list[Version]:
        """Keep one saved command's ``versions`` (``actions``: the players' actions among
        them; ``hand_ended``: one ends a hand); what the spectators may be sent now."""
        if versions:
            self.held.append(_Held(tuple(versions), table, now, actions, hand_ended))
        return self.release(table.upcoming_settings, now)

    def release(self, settings: TableSettings, now: float) -> list[Version]:
        """The versions whose delay is over under ``settings`` at ``now``, in order."""
        due = self._due(settings, now)
        released: list[Version] = []
        for _ in range(due):
            held = self.held.popleft()
            released.extend(held.versions)
            self.table = held.table
            self.version = held.versions[-1].v
        return released

    def last_finished_hand(self) -> int:
        """The number of the last hand the spectators have seen end (0: none): a delayed
        page is not told of a later one elsewhere either (the hands and their replays)."""
        return self.table.hand_number - (self.table.hand is not None)

    def next_release(self, settings: TableSettings) -> float | None:
        """When the oldest held versions are due by the clock (None: not by the clock)."""
        if not self.held or not settings.stream_delay_seconds:
            return None
        return self.held[0].saved_at + settings.stream_delay_seconds

    def _due(self, settings: TableSettings, now: float) -> int:
        """How many of the held commands may go now."""
        held = self.held
        if not settings.stream_delayed:
            return len(held)
        if settings.stream_delay_seconds:
            count = 0
            while count < len(held) and held[count].saved_at + settings.stream_delay_seconds <= now:
                count += 1
            return count
        # In actions: everything up to a hand's end, then each command followed by enough.
        count = max((i + 1 for i, item in enumerate(held) if item.hand_ended), default=0)
        after = sum(item.actions for item in list(held)[count:])
        while count < len(held):
            after -= held[count].actions
            if after < settings.stream_delay_actions:
                break
            count += 1
        return count
