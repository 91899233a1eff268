"""The rules engine: one hand of any variant as a pure, event-sourced state machine.

Start with ``Hand.start(variant, stakes, stacks, button, deck)``; see ``hand``
for the actions, ``events`` for the log, ``views`` for what each seat may see.
"""

from pokernight.rules.actions import Action, ActionKind, LegalActions
from pokernight.rules.errors import ChipsNotConservedError, RulesError
from pokernight.rules.events import (
    ActionTaken,
    AntePosted,
    BetReturned,
    BlindPosted,
    BringInPosted,
    CardsDealt,
    CardsDrawn,
    CardsMucked,
    CardsShown,
    Event,
    HandEnded,
    HandStarted,
    PotAwarded,
    RunsChosen,
    SecondRunStarted,
    StreetStarted,
    StubReshuffled,
    WildRankChanged,
    event_from_dict,
)
from pokernight.rules.hand import Hand
from pokernight.rules.pots import Pot
from pokernight.rules.stakes import BettingStructure, Stakes
from pokernight.rules.variants import VARIANTS, Street, Variant, default_stakes, variant_for
from pokernight.rules.views import HandView, view, visible_event, visible_events

__all__ = [
    "VARIANTS",
    "Action",
    "ActionKind",
    "ActionTaken",
    "AntePosted",
    "BetReturned",
    "BettingStructure",
    "BlindPosted",
    "BringInPosted",
    "CardsDealt",
    "CardsDrawn",
    "CardsMucked",
    "CardsShown",
    "ChipsNotConservedError",
    "Event",
    "Hand",
    "HandEnded",
    "HandStarted",
    "HandView",
    "LegalActions",
    "Pot",
    "PotAwarded",
    "RulesError",
    "RunsChosen",
    "SecondRunStarted",
    "Stakes",
    "Street",
    "StreetStarted",
    "StubReshuffled",
    "Variant",
    "WildRankChanged",
    "default_stakes",
    "event_from_dict",
    "variant_for",
    "view",
    "visible_event",
    "visible_events",
]
