"""The table's side of a hand: starting it from ``HandStarted`` and passing actions on.

The hand engine (``pokernight.rules``) knows only the players dealt in,
indexed clockwise, and puts its small blind left of its button. Two things
the table plans that the engine has no words for are translated here:

- a dead small blind: the hand is given a small blind of 0, posted by the
  player just before the big blind. The blinds and the order before the flop
  are exact; after the flop that player acts first instead of last (a known
  difference until the engine can start a hand without a small blind);
- a posted big blind from a newcomer directly left of the big blind: the
  engine's straddle of one big blind, which is live exactly as a post is.
"""

from __future__ import annotations

from dataclasses import replace

from pokernight.cards import parse_cards
from pokernight.rules import Action, ActionKind, Hand, RulesError, Stakes, variant_for
from pokernight.table.errors import TableError
from pokernight.table.events import HandStarted


def start_hand(event: HandStarted) -> Hand:
    variant = variant_for(event.variant, event.betting)
    deck = parse_cards(event.deck)
    return Hand.start(variant, hand_stakes(event), event.stacks, event.hand_button, deck)


def hand_stakes(event: HandStarted) -> Stakes:
    stakes = event.stakes
    if event.big_blind is None:
        return stakes
    if event.small_blind not in event.seats:
        stakes = replace(stakes, small_blind=0)
    if event.posted:
        stakes = replace(stakes, straddle=stakes.big_blind)
    return stakes


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
