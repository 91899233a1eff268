"""What the dealer says in the chat when the host corrects a stack or removes a player
(decision 51) or sets a player's own debt cap (decision 57), when the host role passes
on and why (decision 52), when the room was down in the middle of a turn (decision
81), and when a player shows a finished hand, hunts the rabbit, wins the 7-2 bounty or
the host calls a bomb pot (decision 83): one line per event, worded here once in
English, so the terminal game and a program seat show the same words, and sent with a
code and its params beside them so that a page words it in its own language
(``table.dealer.<code>``, issue 38). Saved with the chat, so a reload or a restart
shows them again (decision 82)."""

from __future__ import annotations

from collections.abc import Mapping

from pokernight.server.tables.worded import Item, Param, Worded
from pokernight.table import (
    BombPotCalled,
    BountyPaid,
    CardsShownByChoice,
    ClockRestarted,
    DebtCapSet,
    HostChanged,
    PlayerLeft,
    PlayerLetBack,
    PlayerRemoved,
    RabbitHunted,
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
            seat = table.seat_to_act()
            name = names.get(seat.player_id, seat.name)
            return Worded(
                "clock_restarted",
                f"The room was down and is back: {name}'s clock starts again",
                {"name": name},
            )
        case CardsShownByChoice():
            name = _seated(table, event.seat, names)
            cards = " ".join(event.cards)
            return Worded(
                "cards_shown",
                f"{name} shows {cards} (hand #{event.hand_number})",
                {"name": name, "cards": cards, "number": str(event.hand_number)},
            )
        case RabbitHunted():
            name = _seated(table, event.seat, names)
            streets = " | ".join(" ".join(street) for street in event.streets)
            return Worded(
                "rabbit",
                f"{name} hunts the rabbit: {streets} (not dealt, hand #{event.hand_number})",
                {"name": name, "streets": streets, "number": str(event.hand_number)},
            )
        case BountyPaid():
            return _bounty_line(event, table, names)
        case BombPotCalled():
            return Worded(
                "bomb_pot",
                "The host calls a bomb pot: the next hand with a flop, everybody antes and "
                "the flop comes at once",
            )
    return None


def _bounty_line(event: BountyPaid, table: Table, names: Mapping[str, str]) -> Worded:
    """ "Ann wins the 7-2 bounty: 90 (50 from Bob, 40 from Cy), hand #3": who paid what is a
    list param (``from``), each item worded by ``table.dealer.bounty_paid_from``."""
    name = _seated(table, event.seat, names)
    params: dict[str, Param] = {
        "name": name,
        "amount": event.total,
        "number": str(event.hand_number),
    }
    if not event.payments:
        return Worded(
            "bounty",
            f"{name} wins the 7-2 bounty: {event.total:,}, hand #{event.hand_number}",
            params,
        )
    paid: list[Item] = [
        {"amount": amount, "name": _seated(table, seat, names)} for seat, amount in event.payments
    ]
    params["from"] = paid
    each = ", ".join(
        f"{amount:,} from {item['name']}"
        for (_, amount), item in zip(event.payments, paid, strict=True)
    )
    return Worded(
        "bounty_paid",
        f"{name} wins the 7-2 bounty: {event.total:,} ({each}), hand #{event.hand_number}",
        params,
    )


def _seated(table: Table, seat: int, names: Mapping[str, str]) -> str:
    """The name of who sits at table seat ``seat`` ("Seat 3" if nobody does now)."""
    sitting = table.seats.get(seat)
    if sitting is None:
        return f"Seat {seat + 1}"
    return names.get(sitting.player_id, sitting.name)


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
