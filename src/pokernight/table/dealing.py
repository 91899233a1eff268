"""The table's side of a hand: starting it from ``HandDealt`` and passing actions on.

The hand engine (``pokernight.rules``) knows only the players dealt in,
indexed clockwise. The table's seat plan is given to it as the hand's button
(``DealPlan.hand_button``), a dead small blind (nobody posts it: the big blind
sits left of the hand's button) and the players who post a big blind to be
dealt in at once.
"""

from __future__ import annotations

from pokernight.cards import parse_cards
from pokernight.rules import Action, ActionKind, Hand, RulesError, variant_for
from pokernight.table.errors import TableError
from pokernight.table.events import HandDealt


def start_hand(event: HandDealt) -> Hand:
    variant = variant_for(event.variant, event.betting)
    deck = parse_cards(event.deck)
    return Hand.start(
        variant,
        event.stakes,
        event.stacks,
        event.hand_button,
        deck,
        dead_small_blind=event.big_blind is not None and event.small_blind not in event.seats,
        posted_big_blinds=[event.seats.index(seat) for seat in event.posted],
    )


def verify_action(hand: Hand, action: Action) -> None:
    """Raise a TableError with the engine's reason if ``hand`` would refuse ``action``."""
    try:
        hand.verify(action)
    except RulesError as error:
        raise TableError(str(error)) from None


def action_kind(text: str) -> ActionKind:
    try:
        return ActionKind(text)
    except ValueError:
        known = ", ".join(kind.value for kind in ActionKind)
        raise TableError(f"{text!r} is not an action (known: {known})") from None
