"""What a folded event calls for next: a hand that is over is finished, a second
timeout sits the player out, a 7-2 bounty won and shown is paid, chips bought during a
hand arrive when it ends, a close waits for the hand, the host's leaving (or being sat out
by the clock) hands the table on, a player the host removed between hands leaves at once.
And what the table does once a command's events are all folded (``departures``): a player
removed during a hand leaves when it is over.

``present``: the players with a page open when the command came, if the caller knows (the
server does; None: everybody counts as there). The next host is one of them (decision 52).
"""

from __future__ import annotations

from collections.abc import Collection

from pokernight.table.bounty import bounty_due
from pokernight.table.events import (
    HOST_FIRST_SEATED,
    HOST_LEFT,
    HOST_SAT_OUT,
    CardsShownByChoice,
    ChipsAdded,
    CloseRequested,
    HandDealt,
    HandFinished,
    HostChanged,
    PlayerActed,
    PlayerLeft,
    PlayerRemoved,
    PlayerSeated,
    SatOut,
    TableClosed,
    TableEvent,
)
from pokernight.table.state import TableState

TIMEOUTS_BEFORE_SITTING_OUT = 2
TIMED_OUT_TWICE = "timed out twice in a row"


def consequences(
    table: TableState, event: TableEvent, present: Collection[str] | None = None
) -> list[TableEvent]:
    """The events ``event``, just folded into ``table``, causes in turn."""
    match event:
        case HandDealt():
            return _finished_if_over(table, event.hand_number)  # blinds may put all in
        case PlayerActed():
            return _after_action(table, event, present)
        case HandFinished():
            queued: list[TableEvent] = [
                ChipsAdded(number, seat.queued, queued=True)
                for number, seat in sorted(table.seats.items())
                if seat.queued
            ]
            # A close waiting for the hand follows once these are folded (``departures``).
            return bounty_due(table) + queued
        case CardsShownByChoice():
            return bounty_due(table)
        case CloseRequested() if table.hand is None:
            return _closing_events(table)
        case PlayerLeft() if event.player_id == table.host and not table.closing:
            if table.tournament:
                return []  # its director hosts it, seated or not (decision 48)
            # With nobody's page open, somebody seated all the same: the table always has a
            # host while a person sits at it (one away hands it on in turn, decision 52).
            successor = table.next_host(present) or table.next_host()
            return [HostChanged(successor, HOST_LEFT, event.player_id)]
        case PlayerSeated() if table.host is None and event.bot_level is None:
            return [HostChanged(event.player_id, HOST_FIRST_SEATED)]
        case PlayerRemoved() if not table.in_hand(event.seat):
            return [_removed_leaves(table, event.seat)]
    return []


def departures(table: TableState) -> list[TableEvent]:
    """Once a command's events are all folded and no hand is in play: each player the host
    removed during the hand leaves, cashed out with the stack it left them; or, when the
    host closed the table during the hand, everybody does and it closes. Not consequences
    of ``HandFinished``: the 7-2 bounty and the chips queued during the hand, which follow
    it, change the stacks first (a close worked out with the hand's end cashed out the
    stacks from before the bounty, and the ledger no longer balanced)."""
    if table.hand is not None:
        return []
    if table.closing:
        return _closing_events(table)
    return [
        _removed_leaves(table, number)
        for number, seat in sorted(table.seats.items())
        if seat.removed
    ]


def _removed_leaves(table: TableState, number: int) -> PlayerLeft:
    """The ``PlayerLeft`` of a player the host removed, with the host's reason."""
    seat = table.seats[number]
    removal = table.removed[seat.player_id]
    return PlayerLeft(number, seat.player_id, seat.stack, f"{REMOVED_BY_HOST}: {removal.reason}")


# Before the host's reason in a removed player's PlayerLeft (stored: never reworded).
REMOVED_BY_HOST = "removed by the host"


def _after_action(
    table: TableState, event: PlayerActed, present: Collection[str] | None
) -> list[TableEvent]:
    follow: list[TableEvent] = []
    seat = table.seats[event.seat]
    # A removed player's turns are all the clock's: they leave, not sit out.
    if seat.timeouts >= TIMEOUTS_BEFORE_SITTING_OUT and not seat.sitting_out and not seat.removed:
        follow.append(SatOut(event.seat, TIMED_OUT_TWICE))
        # A host sat out by the clock is not there to host: somebody with a page open is.
        successor = table.next_host(present) if seat.player_id == table.host else None
        if successor is not None:
            follow.append(HostChanged(successor, HOST_SAT_OUT, seat.player_id))
    return follow + _finished_if_over(table, event.hand_number)


def _finished_if_over(table: TableState, hand_number: int) -> list[TableEvent]:
    final_stacks = None if table.hand is None else table.hand.final_stacks
    return [] if final_stacks is None else [HandFinished(hand_number, final_stacks)]


def _closing_events(table: TableState) -> list[TableEvent]:
    """Everybody cashed out (chips bought during the last hand included), then the close."""
    leaving: list[TableEvent] = [
        PlayerLeft(
            number,
            seat.player_id,
            seat.stack + seat.queued,
            f"{REMOVED_BY_HOST}: {table.removed[seat.player_id].reason}" if seat.removed else "",
        )
        for number, seat in sorted(table.seats.items())
    ]
    return [*leaving, TableClosed()]
