"""What the dealer says in the chat when the host corrects a stack or removes a player
(decision 51) or sets a player's own debt cap (decision 57), and when the host role passes
on and why (decision 52): one line per event, worded here once, so every page, the terminal
game and a program seat show the same words (clients show what the server says)."""

from __future__ import annotations

from collections.abc import Mapping

from pokernight.table import (
    DebtCapSet,
    HostChanged,
    PlayerLeft,
    PlayerLetBack,
    PlayerRemoved,
    StackCorrected,
    Table,
)
from pokernight.table.events import (
    HOST_AWAY,
    HOST_FIRST_SEATED,
    HOST_HANDED_OVER,
    HOST_LEFT,
    HOST_SAT_OUT,
    TableEvent,
)

DEALER = "Dealer"


def dealer_line(event: TableEvent, table: Table, names: Mapping[str, str]) -> str | None:
    """The dealer's line for ``event`` (``table``: as the command that caused it left it;
    ``names``: every player's name by id), or None when the dealer says nothing of it."""
    match event:
        case StackCorrected():
            name = names.get(event.player_id, event.player_id)
            return (
                f"The host set {name}'s stack to {event.stack:,} (was {event.was:,}): "
                f"{event.reason}"
            )
        case DebtCapSet():
            name = names.get(event.player_id, event.player_id)
            if event.cap is None:
                cap = table.upcoming_settings.debt_limit
                table_cap = "no cap" if cap is None else f"{cap:,}"
                return f"The host gives {name} the table's debt cap again ({table_cap})"
            return f"The host sets {name}'s own debt cap to {event.cap:,}"
        case PlayerRemoved():
            line = f"The host removed {event.name} from the table: {event.reason}"
            if _still_in_the_hand(table, event.player_id):
                line += (
                    f". {event.name}'s cards are checked when a check is free, else folded, "
                    "and they leave when the hand ends"
                )
            return line
        case PlayerLeft() if event.reason:
            name = names.get(event.player_id, event.player_id)
            return f"{name} leaves the table, cashed out with {event.cash_out:,}"
        case PlayerLetBack():
            name = names.get(event.player_id, event.player_id)
            return f"The host lets {name} back: they may sit at this table again"
        case HostChanged():
            return _host_line(event, table, names)
    return None


def _host_line(event: HostChanged, table: Table, names: Mapping[str, str]) -> str | None:
    """Who hosts now and why (events stored before reasons: nothing said)."""
    new = "Nobody" if event.host is None else names.get(event.host, event.host)
    # A host who never sat has no name at the table.
    old = "the host" if event.previous is None else names.get(event.previous, "the host")
    if not event.reason:
        return None
    if event.host is None:
        return f"Nobody hosts the table now: {old} left it, and no other person is seated"
    if event.reason == HOST_HANDED_OVER:
        return f"{old} hands the host role to {new}"
    if event.reason == HOST_FIRST_SEATED:
        return f"{new} hosts the table now: the first person seated"
    why = {
        HOST_LEFT: f"{old} left the table",
        HOST_AWAY: f"{old} has had no page open for "
        + duration(table.upcoming_settings.host_away_seconds),
        HOST_SAT_OUT: f"{old} was sat out by the clock",
    }
    return f"{new} hosts the table now: {why.get(event.reason, event.reason)}"


def duration(seconds: float) -> str:
    """``seconds`` in words: "a minute", "2 minutes", "90 seconds"."""
    if seconds % 60:
        return f"{seconds:g} seconds"
    minutes = int(seconds // 60)
    return "a minute" if minutes == 1 else f"{minutes:,} minutes"


def _still_in_the_hand(table: Table, player_id: str) -> bool:
    return any(seat.player_id == player_id and seat.removed for seat in table.seats.values())
