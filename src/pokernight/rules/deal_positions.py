"""Where each dealt card lies in the deck, worked out from a hand's events alone.

A verifier of the shuffle (``table.hand_check``, and ``web/js/verify.js`` the same way)
needs the deck position of every card a player saw, and must not take the server's
word for it: this replays the dealing order of ``dealing.deal_street`` over the events
as any seat sees them (another seat's down cards are only a count): a burn before a
street whose ``StreetStarted`` says so, then each street's down cards round-robin, up
cards round by round (each of Baseball's extra down cards right after the up card that
gave it), then the board; the seats clockwise from left of the button,
those that folded skipped. A stud community card dealt when the deck held no card at all
is the hand's first burn card (``dealing``). Events that break that order are reported,
not trusted.

Draw games: each draw takes the next cards of the stub (its count is public), a burn
before each draw too. A reshuffle (``StubReshuffled``) makes a new stub: the old stub's
cards still to deal, then the reshuffled ones in the order ``draws.reshuffled_positions``
gives them from the hand's seed and their deck positions, both of which a finished
hand's proof publishes (``reshuffles``, the seed from its leaves).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise

from pokernight.cards import Card
from pokernight.rules.draws import reshuffled_positions
from pokernight.rules.events import (
    ActionTaken,
    CardsDealt,
    CardsDrawn,
    Event,
    HandStarted,
    StreetStarted,
    StubReshuffled,
)


@dataclass(frozen=True, slots=True)
class DealtCard:
    """A card dealt at ``position`` of the dealt deck; ``card`` None: a down card of
    another seat, which this reader was not shown; ``seat`` None: the board."""

    position: int
    seat: int | None
    card: Card | None


class DealingError(ValueError):
    """The events do not follow the dealing order."""


def dealt_cards(
    events: Iterable[Event],
    reshuffles: Sequence[Sequence[int]] = (),
    seed: bytes | None = None,
    deck_size: int = 52,
) -> list[DealtCard]:
    """Every card the events deal, with its deck position; a DealingError if they deal
    out of order (a seat dealt out of turn, a round left incomplete). Draw games with a
    reshuffle need each reshuffle's deck positions and the hand's reshuffle seed."""
    dealt: list[DealtCard] = []
    order: list[int] = []
    folded: set[int] = set()
    live: list[int] = []  # when the street's cards were dealt: before its first action
    street: list[CardsDealt] = []
    position = 0
    first_burn: int | None = None
    stub = _Stub(list(reshuffles), seed, deck_size)
    for event in events:
        if isinstance(event, CardsDrawn | StubReshuffled) or (
            isinstance(event, StreetStarted) and stub.positions is not None
        ):
            position = stub.follow(event, position, dealt)
            continue
        if isinstance(event, HandStarted):
            count = len(event.stacks)
            order = [(event.button + 1 + offset) % count for offset in range(count)]
        elif isinstance(event, StreetStarted):
            position = _lay_out(
                street, position, live, dealt, deck_size=deck_size, first_burn=first_burn
            )
            street = []
            live = [seat for seat in order if seat not in folded]
            if event.burn and first_burn is None:
                first_burn = position
            position += 1 if event.burn else 0
        elif isinstance(event, CardsDealt):
            street.append(event)
        elif isinstance(event, ActionTaken) and event.kind == "fold":
            folded.add(event.seat)
    _lay_out(street, position, live, dealt, deck_size=deck_size, first_burn=first_burn)
    return dealt


class _Stub:
    """Where a draw game's cards come from once its stub was reshuffled (None: the deck)."""

    def __init__(self, reshuffles: list[Sequence[int]], seed: bytes | None, size: int) -> None:
        self.reshuffles, self.seed, self.size = reshuffles, seed, size
        self.positions: list[int] | None = None
        self.next = 0

    def follow(self, event: Event, position: int, dealt: list[DealtCard]) -> int:
        """Takes in a draw, a reshuffle or a later street's burn; the deck position after."""
        if isinstance(event, StreetStarted):
            self.next += 1 if event.burn else 0
        elif isinstance(event, StubReshuffled):
            if not self.reshuffles or self.seed is None:
                raise DealingError("a reshuffle needs its deck positions and the hand's seed")
            pile = self.reshuffles.pop(0)
            if len(pile) != event.size:
                raise DealingError(f"a reshuffle of {event.size} cards names {len(pile)}")
            left = range(position, self.size - 1) if self.positions is None else (
                self.positions[self.next : -1])  # fmt: skip
            self.positions = [*left, *reshuffled_positions(pile, self.seed)]
            self.next = 0
        elif isinstance(event, CardsDrawn):
            for index in range(event.count):
                card = event.drawn[index] if event.drawn else None
                if self.positions is None:
                    dealt.append(DealtCard(position, event.seat, card))
                    position += 1
                else:
                    dealt.append(DealtCard(self.positions[self.next], event.seat, card))
                    self.next += 1
        return position


def _lay_out(
    street: list[CardsDealt],
    base: int,
    live: list[int],
    dealt: list[DealtCard],
    *,
    deck_size: int = 52,
    first_burn: int | None = None,
) -> int:
    """Adds one street's cards to ``dealt``; the position after them. A board card past
    the deck's end is a stud community card turned from the first burn (``dealing``)."""
    # The street's down cards come first; a down card after an up card is Baseball's extra
    # card for the up card before it, dealt at once from the next position.
    first_up = next(
        (index for index, item in enumerate(street) if item.seat is not None and item.face_up),
        len(street),
    )
    down = [item for item in street[:first_up] if item.seat is not None]
    later = [item for item in street[first_up:] if item.seat is not None]
    up = [item for item in later if item.face_up]
    board = [item for item in street if item.seat is None]
    if down or up:
        _check_seats(down, up, live)
        _check_extras(later)
    players = len(live) if down or up else 0
    rounds_down = len(down[0].cards) + down[0].hidden if down else 0
    for place, item in enumerate(down):
        if len(item.cards) + item.hidden != rounds_down:
            raise DealingError(f"seat {item.seat} was dealt a different number of down cards")
        for round_ in range(rounds_down):
            card = item.cards[round_] if item.cards else None
            dealt.append(DealtCard(base + round_ * players + place, item.seat, card))
    position = base + rounds_down * players
    for item in later:
        dealt.append(DealtCard(position, item.seat, item.cards[0] if item.cards else None))
        position += 1
    for item in board:
        for card in item.cards:
            if position >= deck_size and first_burn is not None:
                dealt.append(DealtCard(first_burn, None, card))
            else:
                dealt.append(DealtCard(position, None, card))
            position += 1
    return position


def _check_extras(later: list[CardsDealt]) -> None:
    """Each down card dealt among the up cards is one card to the seat of the up card
    just before it (Baseball's extra card)."""
    for before, item in pairwise(later):
        if not item.face_up and (
            before.seat != item.seat or len(item.cards) + item.hidden != 1 or not before.face_up
        ):
            raise DealingError("a down card among the up cards was not an extra card")


def _check_seats(down: list[CardsDealt], up: list[CardsDealt], live: list[int]) -> None:
    if down and [item.seat for item in down] != live:
        raise DealingError("the down cards were not dealt round-robin from left of the button")
    players = len(live)
    if not players or len(up) % players or any(len(item.cards) != 1 for item in up):
        raise DealingError("the up cards were not dealt one a round to every live player")
    for index, item in enumerate(up):
        if item.seat != live[index % players]:
            raise DealingError("the up cards were not dealt round-robin from left of the button")
