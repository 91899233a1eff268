"""A table event folded into the table, told together with what it did to the hand.

The table stores only its own events; the cards and chips behind them (cards
dealt, streets, pots, showdown) are the rules engine's events, made while the
table folds ``HandDealt`` or ``PlayerActed``. ``fold.evolve`` and
``Table.apply`` hand both back, so a caller can tell each table event with the
hand events it caused without keeping a hand of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokernight.rules import Event, Hand
from pokernight.table.events import HandDealt, TableEvent
from pokernight.table.fairness import HandProof


@dataclass(frozen=True, slots=True)
class Folded:
    """``event``, once folded: ``hand_events`` it caused (in order, seats index ``started.seats``).

    ``hand`` and ``started`` are the hand in play right after ``event`` (None
    between hands, so None on ``HandFinished``). ``hand`` is the table's own
    hand, which the next action changes in place: read it before applying more.
    ``proof``: on ``HandFinished``, the fairness proof of the hand that ended.
    """

    event: TableEvent
    hand_events: tuple[Event, ...] = ()
    hand: Hand | None = None
    started: HandDealt | None = None
    proof: HandProof | None = None
