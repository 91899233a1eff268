"""What one seat (or a spectator) may see of a hand.

Privacy rests on one filter, ``visible_event``: a face-down card dealt to
somebody else becomes a ``CardsDealt`` with no cards and a ``hidden`` count; another
seat's draw keeps only the number drawn; a reshuffled stub shows only its size.
Everything else in the log is public (cards shown at the showdown included;
mucked cards are never in the log). ``view`` builds the cards a seat sees from
the filtered events alone, and adds the public numbers of the hand.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pokernight.cards import Card
from pokernight.rules.actions import LegalActions
from pokernight.rules.events import CardsDealt, CardsDrawn, CardsShown, Event, StubReshuffled
from pokernight.rules.hand import Hand
from pokernight.rules.pots import Pot


def visible_event(event: Event, seat: int | None) -> Event:
    """The event as ``seat`` sees it (None: a spectator, who sees no hidden card)."""
    if isinstance(event, CardsDealt) and not event.face_up and event.seat != seat:
        return CardsDealt(event.seat, (), False, hidden=len(event.cards) + event.hidden)
    if isinstance(event, CardsDrawn) and event.seat != seat and (event.drawn or event.discarded):
        return CardsDrawn(event.seat, event.count)
    if isinstance(event, StubReshuffled) and event.cards:
        return StubReshuffled(event.size)
    return event


def visible_events(events: Iterable[Event], seat: int | None) -> tuple[Event, ...]:
    return tuple(visible_event(event, seat) for event in events)


@dataclass(frozen=True, slots=True)
class HandView:
    """A seat's view: its cards by seat in dealt order, None for a card it cannot see."""

    seat: int | None
    events: tuple[Event, ...]
    cards: tuple[tuple[Card | None, ...], ...]
    up_cards: tuple[tuple[Card, ...], ...]
    board: tuple[Card, ...]
    boards: tuple[tuple[Card, ...], ...]  # run twice: both runs' boards (``Hand.boards``)
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    folded: tuple[bool, ...]
    pots: tuple[Pot, ...]
    pot: int  # every chip in the middle, this street's bets included (``Hand.total_pot``)
    street_index: int
    to_act: int | None
    wild_ranks: frozenset[int]
    is_over: bool
    legal: LegalActions | None


def view(hand: Hand, seat: int | None) -> HandView:
    events = visible_events(hand.events, seat)
    cards: list[list[Card | None]] = [[] for _ in range(hand.player_count)]
    up: list[list[Card]] = [[] for _ in range(hand.player_count)]
    for event in events:
        if isinstance(event, CardsDealt):
            if event.seat is None:
                continue  # the board is public: ``Hand.board``
            cards[event.seat].extend(event.cards or [None] * event.hidden)
            if event.face_up:
                up[event.seat].extend(event.cards)
        elif isinstance(event, CardsDrawn):
            held = cards[event.seat]
            if event.discarded or event.drawn:  # the reader's own draw
                for card in event.discarded:
                    held.remove(card)
                held.extend(event.drawn)
            # Another seat's draw leaves its count of hidden cards as it was.
        elif isinstance(event, CardsShown):
            cards[event.seat] = list(event.cards)
    legal = hand.legal_actions()
    return HandView(
        seat=seat,
        events=events,
        cards=tuple(tuple(seat_cards) for seat_cards in cards),
        up_cards=tuple(tuple(seat_cards) for seat_cards in up),
        board=hand.board,
        boards=hand.boards,
        stacks=hand.stacks,
        bets=hand.bets,
        folded=hand.folded,
        pots=hand.pots,
        pot=hand.total_pot,
        street_index=hand.street_index,
        to_act=hand.to_act,
        wild_ranks=hand.wild_ranks,
        is_over=hand.is_over,
        legal=legal if legal is not None and legal.seat == seat else None,
    )
