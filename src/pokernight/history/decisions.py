"""A player's betting decisions in a finished hand, each as the player saw it then.

For the coach (``bots.coach``, issue 37): the bots' package reads a seat's ``HandView``
only, never a ``Hand`` (``tests/test_bots_privacy.py``), so the views are made here. Each
is the seat's own view of the hand up to its decision (``rules.view``), with one thing
added: the cards each opponent still in the hand then showed at the end of it (at the
showdown, or by choice once it was over), which everybody saw, turned up where the seat
held them then (a card dealt later stays to come).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from pokernight.cards import Card
from pokernight.rules import ActionTaken, CardsShown, Hand, HandView, view
from pokernight.rules.actions import ActionKind

DECISIONS = (ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET_OR_RAISE)


@dataclass(frozen=True, slots=True)
class Decision:
    """``index``: the decision's ``ActionTaken`` in the hand's events; ``seen``: the seat's
    view just before it, the hands shown at the end turned up."""

    index: int
    action: ActionTaken
    seen: HandView


def decisions(
    hand: Hand, seat: int, shown_after: Sequence[CardsShown] = ()
) -> tuple[Decision, ...]:
    """Hand seat ``seat``'s bets, raises, calls, checks and folds in ``hand`` (not its
    draws, bring-ins or choice of runs); ``shown_after``: the hands shown once it was over."""
    events = hand.events
    shown = {
        event.seat: tuple(event.cards)
        for event in (*events, *shown_after)
        if isinstance(event, CardsShown) and event.seat != seat
    }
    found = []
    for index, event in enumerate(events):
        if isinstance(event, ActionTaken) and event.seat == seat and event.kind in DECISIONS:
            seen = view(Hand.from_events(hand.deck, events[:index]), seat)
            if seen.legal is None or seen.legal.can_draw or seen.legal.can_choose_runs:
                continue
            found.append(Decision(index, event, _with_shown(seen, shown)))
    return tuple(found)


def _with_shown(seen: HandView, shown: Mapping[int, tuple[Card, ...]]) -> HandView:
    cards = list(seen.cards)
    for seat, showed in shown.items():
        held = cards[seat]
        if seen.folded[seat] or len(showed) < len(held):
            continue
        cards[seat] = tuple(showed[at] if card is None else card for at, card in enumerate(held))
    return replace(seen, cards=tuple(cards))
