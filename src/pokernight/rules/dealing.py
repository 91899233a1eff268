"""Dealing a street, and the Follow the Queen wild rank that dealing moves.

Order (the PHH importer relies on it): on every street after the first one
card is burnt; then each street's hole cards go one at a time, round-robin,
starting left of the button and skipping folded players, down cards before up
cards (stud third street: two rounds down, one round up); then the board cards.
Emitted as one ``CardsDealt`` per seat for its down cards and one per up card,
so that a ``WildRankChanged`` follows the up card that caused it.

Stud: if the deck cannot give every live player their card (plus the burn),
one community card is dealt face up to the board instead, after a burn if two
or more cards remain (Robert's Rules of Poker, Seven-Card Stud). With nine players
(or Baseball's extra cards) sixth street may take the deck's last card: then seventh
street's community card is the hand's first burn card, the burn cards being the only
cards left (a card room shuffles the burn cards to go on when the deck runs out; a burn
card was never seen by anybody, so the first is as random as a reshuffle would make it).

Baseball: an up card of the variant's ``extra_card_rank`` (a four) gives its player
one more card face down at once, before the next player's card.

Follow the Queen (seed 000, "Wild Card Rules"): a queen dealt face up makes the next
card dealt face up on the same street name the new wild rank; a queen that follows a
queen passes that on. A queen that is the street's last card dealt face up leaves only
queens wild, as soon as the street's cards are out (before its betting). A community
card is a street of its own: as a queen it leaves only queens wild; any other card
changes nothing, since no queen waits for it. Down cards never change the wild rank.

The house rule ``ftq_queen_carries_over`` (``HandStarted``) is the reading the room
played before: the next card dealt face up on any street, a community card included,
follows the queen, and until it comes the old rank stays wild. When no card will be
dealt face up any more (a street dealt face down) while a queen waits, or when the
last street's community card is a queen, only queens are wild from that moment.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pokernight.cards import Card, Rank
from pokernight.rules.errors import RulesError
from pokernight.rules.events import CardsDealt, Event, WildRankChanged
from pokernight.rules.positions import live_in_dealing_order
from pokernight.rules.state import HandState

Emit = Callable[[Event], None]


def can_burn(state: HandState, deck_size: int) -> bool:
    """A card is burnt before a later street unless that would leave no card to deal."""
    return deck_size - state.deck_position >= 2


def deal_street(state: HandState, deck: tuple[Card, ...], emit: Emit) -> None:
    street = state.variant.streets[state.street_index]
    hole_down, hole_up, board = street.hole_down, street.hole_up, street.board
    hole_cards = hole_down + hole_up
    seats = live_in_dealing_order(state) if hole_cards else []
    players = len(seats)
    base = state.deck_position
    if len(deck) - base < hole_cards * players + board:
        if not state.is_stud:
            raise RulesError("deck_ran_out")
        _deal_community_card(state, deck, emit)
        return
    if hole_down:
        rounds_end = base + hole_down * players
        for place, seat in enumerate(seats):
            # One card a round, round-robin: every ``players``-th card from the seat's place.
            emit(CardsDealt(seat, deck[base + place : rounds_end : players], False))
        if not hole_up and state.pending_queen is not None:
            _only_queens_wild(state.pending_queen, emit)
    extra_rank = state.variant.extra_card_rank
    for round_ in range(hole_down, hole_cards):
        for place, seat in enumerate(seats):
            # The deck's next card (``deck_position`` follows every card dealt): Baseball's
            # extra cards move the later ones down the deck.
            card = deck[state.deck_position]
            emit(CardsDealt(seat, (card,), True))
            _follow_the_queen(state, card, seat, emit)
            if card.rank == extra_rank:
                still_owed = (hole_cards - round_ - 1) * players + players - place - 1 + board
                _deal_extra_card(state, deck, seat, still_owed, emit)
    if hole_up and state.pending_queen is not None and not state.queen_carries_over:
        _only_queens_wild(state.pending_queen, emit)  # the street's last up card: a queen
    if board:
        start = state.deck_position
        emit(CardsDealt(None, deck[start : start + board], True))
        if state.double_board:  # one burn a street, then the second board's cards
            emit(CardsDealt(None, deck[start + board : start + 2 * board], True, board=1))


def rabbit_cards(state: HandState, deck: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    """The board cards each street not dealt would have brought, as the dealer deals
    (a burn first), for a hand that ended early; empty when every street was dealt, or when
    the streets left deal cards to players (stud), whose cards would depend on who folded."""
    streets = state.variant.streets[state.street_index + 1 :]
    if state.double_board or any(street.hole_cards for street in streets):
        return ()  # two boards' rabbits are not hunted
    position, hunted = state.deck_position, []
    for street in streets:
        position += 1 if len(deck) - position >= 2 else 0
        hunted.append(deck[position : position + street.board])
        position += street.board
    return tuple(cards for cards in hunted if cards)


def _deal_extra_card(
    state: HandState, deck: Sequence[Card], seat: int, still_owed: int, emit: Emit
) -> None:
    """Baseball: an up card of the extra rank gives its player a down card at once, free,
    unless the deck no longer holds one for every card still owed on this street (house
    rule, docs/rules.md: the street's regular cards come first)."""
    if len(deck) - state.deck_position > still_owed:
        emit(CardsDealt(seat, (deck[state.deck_position],), False))


def _deal_community_card(state: HandState, deck: Sequence[Card], emit: Emit) -> None:
    """One card face up for everybody: the deck's next, or with none left the first burn."""
    position = state.deck_position
    if position >= len(deck):
        if state.first_burn is None:
            return  # nothing was burnt either: nothing to deal (never with 52 cards)
        position = state.first_burn
    card = deck[position]
    emit(CardsDealt(None, (card,), True))
    _follow_the_queen(state, card, None, emit)
    last = state.street_index == state.last_street
    if state.pending_queen is not None and (last or not state.queen_carries_over):
        # No card follows it on this street (the seed's rule), or at all (the last street):
        # only queens are wild from now on, for the betting order of this street and for
        # what everybody is shown, not only at the showdown.
        _only_queens_wild(state.pending_queen, emit)


def _follow_the_queen(state: HandState, card: Card, seat: int | None, emit: Emit) -> None:
    if state.pending_queen is not None and card.rank != Rank.QUEEN:
        emit(WildRankChanged(int(card.rank), card, seat))


def _only_queens_wild(pending_queen: tuple[Card, int | None], emit: Emit) -> None:
    queen, seat = pending_queen
    emit(WildRankChanged(None, queen, seat))


def resolve_last_queen(state: HandState, emit: Emit) -> None:
    """At the showdown, a queen still waiting for a follower leaves only queens wild."""
    if state.pending_queen is not None:
        _only_queens_wild(state.pending_queen, emit)
