"""The betting of one hand, read from the public events a seat sees.

Each voluntary action becomes an ``ActionRecord`` that also says what the
player faced when acting (the chips to call), which is what opponent
statistics and range reading need. Forced bets (antes, blinds, bring-in) set
the level but are not voluntary.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pokernight.rules import (
    ActionTaken,
    AntePosted,
    BlindPosted,
    BringInPosted,
    Event,
    HandStarted,
    StreetStarted,
)


@dataclass(frozen=True, slots=True)
class ActionRecord:
    street: int
    seat: int
    kind: str  # an ActionKind value
    to_call: int  # chips the seat had to add to call before acting
    pot: int  # chips in the hand before the action

    @property
    def is_aggressive(self) -> bool:
        return self.kind == "bet_or_raise"

    @property
    def is_voluntary_entry(self) -> bool:
        return self.kind in ("call", "bet_or_raise")


def action_records(events: Iterable[Event]) -> tuple[ActionRecord, ...]:
    records: list[ActionRecord] = []
    bets: list[int] = []
    street, pot = 0, 0
    for event in events:
        if isinstance(event, HandStarted):
            bets = [0] * len(event.stacks)
        elif isinstance(event, StreetStarted):
            street, bets = event.index, [0] * len(bets)
        elif isinstance(event, AntePosted):
            pot += event.amount
        elif isinstance(event, BlindPosted | BringInPosted):
            pot += event.amount - bets[event.seat]
            bets[event.seat] = event.amount
        elif isinstance(event, ActionTaken):
            to_call = max(bets) - bets[event.seat]
            records.append(ActionRecord(street, event.seat, event.kind, to_call, pot))
            if event.amount is not None:
                pot += event.amount - bets[event.seat]
                bets[event.seat] = event.amount
    return tuple(records)
