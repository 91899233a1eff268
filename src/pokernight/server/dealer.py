"""What the dealer says in the chat when the host corrects a stack or removes a player
(decision 51): one line per event, worded here once, so every page, the terminal game and
a program seat show the same words (clients show what the server says)."""

from __future__ import annotations

from collections.abc import Mapping

from pokernight.table import PlayerLeft, PlayerLetBack, PlayerRemoved, StackCorrected, Table
from pokernight.table.events import TableEvent

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
    return None


def _still_in_the_hand(table: Table, player_id: str) -> bool:
    return any(seat.player_id == player_id and seat.removed for seat in table.seats.values())
