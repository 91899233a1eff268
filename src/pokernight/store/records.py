"""The values the store hands out: frozen, detached from any database session."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pokernight.table import TableEvent


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """One entry of a table's log: ``seq`` is the table's version (1, 2, 3... gap-free).

    ``kind`` names the event (a table event's class name, e.g. ``"HandDealt"``);
    ``data`` is JSON-ready; ``at`` is the server time it happened.
    """

    seq: int
    kind: str
    data: dict[str, Any]
    at: float

    @classmethod
    def of(cls, seq: int, event: TableEvent, at: float) -> StoredEvent:
        """A table event as stored: ``table_event_from_dict(stored.data)`` gives it back."""
        return cls(seq, type(event).__name__, event.to_dict(), at)


@dataclass(frozen=True, slots=True)
class HandLog:
    """A hand's row of the ``hands`` projection, and its own part of the table's log.

    ``events``: from the hand's ``HandDealt`` on, up to the deal of the hand after the next
    (a player may show this hand's cards until the next hand ends), or to the end of the
    log; empty while the hand is in play (``ended`` False); None for a hand stored before
    the log was indexed (migration 0010: its ``first_seq`` is null).
    """

    summary: dict[str, Any]
    ended: bool
    events: list[StoredEvent] | None


@dataclass(frozen=True, slots=True)
class HandledRequest:
    """A player's request that was carried out, stored with the events it caused.

    ``session`` is the client run that sent it, ``ref`` its client id as JSON (``5``
    and ``"5"`` differ), ``version`` the table's version once it was done.
    """

    player_id: str
    session: str
    ref: str
    version: int


@dataclass(frozen=True, slots=True)
class TableRecord:
    id: int
    code: str
    settings: dict[str, Any]
    status: str
    created_at: float
    invite: str | None = None
    club_id: int | None = None
    running: bool = False
    """The host's last Start (True) or Pause: what a process adopting the table does."""

    @classmethod
    def of_row(cls, row: Any) -> TableRecord:
        """The record of a row of ``tables``."""
        return cls(
            row.id,
            row.code,
            row.settings,
            row.status,
            row.created_at,
            row.invite,
            row.club_id,
            bool(row.running),
        )


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    id: int
    table_id: int
    name: str
    created_at: float
    invited: bool = False
    member_id: int | None = None
    """The member playing this seat (decision 33); None is a guest."""
    program: bool = False
    """Joined as a program (decision 37): the player's own bot, shown as a bot to everybody."""


@dataclass(frozen=True, slots=True)
class ClubRecord:
    id: int
    name: str
    created_at: float


@dataclass(frozen=True, slots=True)
class DeviceRecord:
    """A device signed in as a member: ``key``, the start of its token's hash, names it."""

    key: str
    created_at: float
    last_seen: float


@dataclass(frozen=True, slots=True)
class MemberRecord:
    """A person of a club. A member merged into another is read as that one."""

    id: int
    club_id: int
    name: str
    created_at: float
    organiser: bool = False
    """An organiser merges members and says who a guest was (decision 35)."""
