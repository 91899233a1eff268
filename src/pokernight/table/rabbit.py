"""Rabbit hunting (``TableSettings.rabbit_hunting``): after a hand ends before its last
street, any seated player may ask to see the board it would have dealt, dealt from the
rest of the same deck as the dealer deals (a burn before each street). Shown to
everybody, once a hand, until the next hand is dealt; it is not part of the hand, and
the hand's fairness proof does not count it among the cards dealt (docs/rules.md,
"Table options").
"""

from __future__ import annotations

from pokernight.table.commands import RabbitHunt, decides
from pokernight.table.errors import TableError
from pokernight.table.events import RabbitHunted, TableEvent
from pokernight.table.state import TableState


@decides(RabbitHunt)
def hunt(table: TableState, command: RabbitHunt) -> list[TableEvent]:
    number = table.seat_of(command.player_id)
    refusal = rabbit_refusal(table)
    if refusal is not None:
        raise refusal
    hand, started = table.last_hand, table.last_started
    assert hand is not None and started is not None
    streets = tuple(tuple(str(card) for card in cards) for cards in hand.rabbit())
    return [RabbitHunted(started.hand_number, number, streets)]


def rabbit_refusal(table: TableState) -> TableError | None:
    """Why nobody may hunt the last hand's rabbit now; None: anybody seated may."""
    hand, started = table.last_hand, table.last_started
    if not table.settings.rabbit_hunting:
        return TableError("rabbit_off")
    if table.hand is not None:
        return TableError("rabbit_gone")
    if hand is None or started is None:
        return TableError("rabbit_no_hand")
    if table.rabbit_hunted_for == started.hand_number:
        return TableError("rabbit_out", hand=str(started.hand_number))
    if not hand.rabbit():
        if hand.street_index < len(hand.variant.streets) - 1:
            return TableError("rabbit_none_dealt", game=hand.variant.name)
        return TableError("rabbit_every_card")
    return None
