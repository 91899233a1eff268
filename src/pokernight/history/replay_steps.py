"""A finished hand step by step, as one viewer may see it: the hand replayer's facts.

A step is one thing a player at the table saw happen: the deal of a street (its
forced bets and cards together), one action, an uncalled bet going back, one hand
shown or mucked, one pot awarded. After each step the hand is folded again from
its events so far (``Hand.from_events``), so every number a step carries is the
engine's own at that point, and the cards are the viewer's ``view``: the one
filter live play uses too (a face-down card of another seat stays hidden unless
it was shown).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import pairwise

from pokernight.rules import Hand, view
from pokernight.rules.events import (
    ActionTaken,
    AntePosted,
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
)
from pokernight.rules.views import HandView, visible_events

DEALING = (HandStarted, StreetStarted, AntePosted, BlindPosted, CardsDealt, WildRankChanged)
"""Events that come together when a street begins: one step, the street's deal."""
ENDING = (CardsShown, CardsMucked, PotAwarded, HandEnded)
"""Events after the betting: their steps are the hand's end (the showdown, or the pot)."""


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """``events``: what happened in this step, as the viewer sees them; ``seen``: the hand
    after them, as the viewer sees it; ``street``: the street's index and name (past the
    last street: "showdown" when a hand was shown, else "end"); ``to_act``: the hand seat
    the hand waited for after this step (None: the engine ran on, or the hand is over)."""

    street: int
    street_name: str
    events: tuple[Event, ...]
    seen: HandView
    to_act: int | None


PLAYER_MOVES = (ActionTaken, BringInPosted, CardsDrawn, StubReshuffled, RunsChosen)


def replay_steps(
    hand: Hand, viewer: int | None, shown_after: Sequence[CardsShown] = ()
) -> tuple[ReplayStep, ...]:
    """The steps of ``hand`` as hand seat ``viewer`` sees them (None: a spectator), and
    a last one for each hand a player chose to show once it was over (``shown_after``:
    by hand seat; everybody saw them)."""
    events = hand.events
    steps: list[ReplayStep] = []
    begin = 0
    street, name = 0, ""
    shown = any(isinstance(event, CardsShown) for event in events)
    second_run = False
    for end in step_ends(events):
        taken = events[begin:end]
        for event in taken:
            if isinstance(event, SecondRunStarted):
                second_run = True
            elif isinstance(event, StreetStarted) and second_run:
                # A board run twice: its second run's streets come after the first's.
                street, name = street + 1, f"second {event.name}"
            elif isinstance(event, StreetStarted):
                street, name = event.index, event.name
            elif isinstance(event, ENDING) and name not in ("showdown", "end"):
                street, name = street + 1, "showdown" if shown else "end"
        so_far = Hand.from_events(hand.deck, events[:end])
        # Between an action and the engine's next stop (a street dealt, a bet returned) the
        # hand waits for nobody: the seat to act is the engine's only where the log shows it
        # stopped, at a player's action.
        # A draw (a reshuffle opens one) is a player's move too.
        waited = end < len(events) and isinstance(events[end], PLAYER_MOVES)
        seen = view(so_far, viewer)
        to_act = so_far.to_act if waited else None
        steps.append(ReplayStep(street, name, visible_events(taken, viewer), seen, to_act))
        begin = end
    for shown_now in shown_after:
        steps.append(_shown_after(steps[-1], shown_now))
    return tuple(steps)


def _shown_after(last: ReplayStep, shown: CardsShown) -> ReplayStep:
    """The hand as it ended, with the cards a player showed afterwards turned up."""
    cards = list(last.seen.cards)
    cards[shown.seat] = tuple(shown.cards)
    seen = replace(last.seen, cards=tuple(cards), events=(*last.seen.events, shown))
    return ReplayStep(last.street, last.street_name, (shown,), seen, None)


def step_ends(events: Sequence[Event]) -> list[int]:
    """Where each step ends (exclusive indices into ``events``): after every event, except
    that a street's deal is one step (each street its own, in a run-out too) and the hand's
    end joins the step before it."""
    ends = [
        index + 1
        for index, (event, after) in enumerate(pairwise(events))
        if not isinstance(after, HandEnded)
        and not _same_deal(event, after)
        and not isinstance(event, StubReshuffled)  # a reshuffle and its draw: one step
    ]
    return [*ends, len(events)]


def _same_deal(event: Event, after: Event) -> bool:
    """Whether ``after`` belongs to the deal ``event`` is part of: a new street begins a new
    step, unless it is the first, which the hand's start opens."""
    if not isinstance(event, DEALING) or not isinstance(after, DEALING):
        return False
    return not isinstance(after, StreetStarted) or isinstance(event, HandStarted)
