"""The 7-2 bounty, a home game's side bet (``TableSettings.seven_deuce_bounty``).

A player who wins a pot of a hold'em hand holding seven-deuce, and shows both cards
(at the showdown, or by choice after the hand while the next is not dealt yet), collects
the bounty from every other player dealt into that hand, each paying at most the chips
in front of them. Once a hand; never while a hand is in play, whose chips are not free
to move (docs/rules.md, "Table options").
"""

from __future__ import annotations

from pokernight.rules import PotAwarded
from pokernight.table.events import BountyPaid, TableEvent
from pokernight.table.settings import is_holdem
from pokernight.table.state import TableState

SEVEN_DEUCE = frozenset({"7", "2"})


def bounty_due(table: TableState) -> list[TableEvent]:
    """The ``BountyPaid`` the last hand calls for now, if its winner has shown seven-deuce."""
    started = table.last_started
    for number in _seven_deuce_winners(table):
        if started is not None and not table.unshown_cards(number):
            payments = tuple(
                (other, min(table.settings.seven_deuce_bounty, table.seats[other].stack))
                for other in started.seats
                if other != number and _still_there(table, other)
            )
            return [BountyPaid(started.hand_number, number, payments)]
    return []


def bounty_to_claim(table: TableState) -> int | None:
    """The seat that would collect the last hand's bounty by showing its cards now."""
    unshown = [number for number in _seven_deuce_winners(table) if table.unshown_cards(number)]
    return unshown[0] if unshown else None


def _seven_deuce_winners(table: TableState) -> list[int]:
    """The seats that won a pot of the last hand holding seven-deuce, while its bounty is
    still to be paid (none if the table plays without one)."""
    hand, started = table.last_hand, table.last_started
    if not table.settings.seven_deuce_bounty or hand is None or started is None:
        return []
    if table.hand is not None or table.bounty_paid_for == started.hand_number:
        return []
    if not is_holdem(hand.variant):
        return []
    winners = {
        started.seats[seat]
        for event in hand.events
        if isinstance(event, PotAwarded)
        for seat, chips in event.winners
        if chips > 0
    }
    return [
        number
        for number in sorted(winners)
        if number in table.seats
        and frozenset(str(card)[0] for card in hand.hole(started.seats.index(number)))
        == SEVEN_DEUCE
    ]


def _still_there(table: TableState, number: int) -> bool:
    """Seat ``number`` is still held by the player dealt in (a newcomer who sat down in
    the seat since waits for a hand: it owes nothing) and has chips to pay with."""
    seat = table.seats.get(number)
    return seat is not None and not seat.waiting and seat.stack > 0
