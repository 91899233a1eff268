"""What the dealer says in the chat when the host corrects a stack or removes a player
(decision 51) or sets a player's own debt cap (decision 57), when the host role passes
on and why (decision 52), and when the room was down in the middle of a turn (decision
81): one line per event, worded here once in English, so the terminal
game and a program seat show the same words, and sent with a code and its params beside
them so that a page words it in its own language (``table.dealer.<code>``, issue 38)."""

from __future__ import annotations

from collections.abc import Mapping

from pokernight.server.tables.worded import Param, Worded
from pokernight.table import (
    ClockRestarted,
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


def dealer_line(event: TableEvent, table: Table, names: Mapping[str, str]) -> Worded | None:
    """The dealer's line for ``event`` (``table``: as the command that caused it left it;
    ``names``: every player's name by id), or None when the dealer says nothing of it."""
    match event:
        case StackCorrected():
            name = names.get(event.player_id, event.player_id)
            return Worded(
                "stack_corrected",
                f"The host set {name}'s stack to {event.stack:,} (was {event.was:,}): "
                f"{event.reason}",
                {"name": name, "stack": event.stack, "was": event.was, "reason": event.reason},
            )
        case DebtCapSet():
            name = names.get(event.player_id, event.player_id)
            if event.cap is not None:
                return Worded(
                    "debt_cap_own",
                    f"The host sets {name}'s own debt cap to {event.cap:,}",
                    {"name": name, "cap": event.cap},
                )
            cap = table.upcoming_settings.debt_limit
            if cap is None:
                return Worded(
                    "debt_cap_table_none",
                    f"The host gives {name} the table's debt cap again (no cap)",
                    {"name": name},
                )
            return Worded(
                "debt_cap_table",
                f"The host gives {name} the table's debt cap again ({cap:,})",
                {"name": name, "cap": cap},
            )
        case PlayerRemoved():
            text = f"The host removed {event.name} from the table: {event.reason}"
            params: dict[str, Param] = {"name": event.name, "reason": event.reason}
            if _still_in_the_hand(table, event.player_id):
                text += (
                    f". {event.name}'s cards are checked when a check is free, else folded, "
                    "and they leave when the hand ends"
                )
                return Worded("player_removed_in_hand", text, params)
            return Worded("player_removed", text, params)
        case PlayerLeft() if event.reason:
            name = names.get(event.player_id, event.player_id)
            return Worded(
                "player_left",
                f"{name} leaves the table, cashed out with {event.cash_out:,}",
                {"name": name, "amount": event.cash_out},
            )
        case PlayerLetBack():
            name = names.get(event.player_id, event.player_id)
            return Worded(
                "player_let_back",
                f"The host lets {name} back: they may sit at this table again",
                {"name": name},
            )
        case HostChanged():
            return _host_line(event, table, names)
        case ClockRestarted() if table.hand is not None and table.hand.to_act is not None:
            assert table.started is not None
            seat = table.seats[table.started.seats[table.hand.to_act]]
            name = names.get(seat.player_id, seat.name)
            return Worded(
                "clock_restarted",
                f"The room was down and is back: {name}'s clock starts again",
                {"name": name},
            )
    return None


def _host_line(event: HostChanged, table: Table, names: Mapping[str, str]) -> Worded | None:
    """Who hosts now and why (events stored before reasons: nothing said). A host who never
    sat has no name at the table: the line says "the host" (its code ends ``_unnamed``)."""
    if not event.reason:
        return None
    previous = None if event.previous is None else names.get(event.previous)
    old = "the host" if previous is None else previous
    unnamed = "" if previous is not None else "_unnamed"
    params: dict[str, Param] = {} if previous is None else {"old": previous}
    if event.host is None:
        return Worded(
            "host_nobody" + unnamed,
            f"Nobody hosts the table now: {old} left it, and no other person is seated",
            params,
        )
    new = names.get(event.host, event.host)
    params["new"] = new
    if event.reason == HOST_HANDED_OVER:
        return Worded("host_handed_over" + unnamed, f"{old} hands the host role to {new}", params)
    if event.reason == HOST_FIRST_SEATED:
        return Worded(
            "host_first_seated", f"{new} hosts the table now: the first person seated", {"new": new}
        )
    now = f"{new} hosts the table now: "
    if event.reason == HOST_LEFT:
        return Worded("host_left" + unnamed, now + f"{old} left the table", params)
    if event.reason == HOST_SAT_OUT:
        return Worded("host_sat_out" + unnamed, now + f"{old} was sat out by the clock", params)
    if event.reason == HOST_AWAY:
        seconds = table.upcoming_settings.host_away_seconds
        if seconds % 60:
            params["seconds"] = seconds
            code = "host_away_seconds"
        else:
            params["count"] = int(seconds // 60)
            code = "host_away"
        return Worded(
            code + unnamed, now + f"{old} has had no page open for " + duration(seconds), params
        )
    return Worded("host_other", now + event.reason, {"new": new, "reason": event.reason})


def duration(seconds: float) -> str:
    """``seconds`` in words: "a minute", "2 minutes", "90 seconds"."""
    if seconds % 60:
        return f"{seconds:g} seconds"
    minutes = int(seconds // 60)
    return "a minute" if minutes == 1 else f"{minutes:,} minutes"


def _still_in_the_hand(table: Table, player_id: str) -> bool:
    return any(seat.player_id == player_id and seat.removed for seat in table.seats.values())
