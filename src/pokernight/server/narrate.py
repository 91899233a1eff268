"""The cards and chips behind each table event: the hand events it caused.

The table stores only its own events (``HandStarted`` with the deck,
``PlayerActed``...); what happened in the hand because of them (cards dealt,
streets, pots, showdown) is the fold of the rules engine. The narrator keeps a
mirror of the hand in progress, folded from the same table events, so each
table event can be told together with the hand events it caused, in order,
whether it is applied live or replayed from the store after a restart.
"""

from __future__ import annotations

from pokernight.rules import Action, ActionKind, Event, Hand
from pokernight.table import HandFinished, HandStarted, PlayerActed, TableEvent
from pokernight.table.dealing import start_hand


class HandNarrator:
    def __init__(self) -> None:
        self.hand: Hand | None = None
        self.started: HandStarted | None = None

    def narrate(self, event: TableEvent) -> tuple[Event, ...]:
        """The hand events ``event`` caused (none for an event outside a hand)."""
        match event:
            case HandStarted():
                self.hand, self.started = start_hand(event), event
                return self.hand.events
            case PlayerActed() if self.hand is not None and self.started is not None:
                before = len(self.hand.events)
                index = self.started.seats.index(event.seat)
                self.hand.act(Action(index, ActionKind(event.kind), event.amount))
                return self.hand.events[before:]
            case HandFinished():
                self.hand, self.started = None, None
        return ()
