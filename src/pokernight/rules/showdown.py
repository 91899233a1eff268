"""The end of a hand: showing, mucking and awarding every pot.

When all but one player fold, the last player wins every pot unseen. Otherwise
the hands are shown in order: the last player to bet or raise on the final
round first; if nobody did, the first live player left of the button (stud:
the first in the order of the final round); then clockwise. A hand that cannot
win any pot it is in is mucked, except that an all-in hand is always shown, and
when no more betting was possible (at most one player with chips) every live
hand is turned up at once. Each pot goes to the best shown hands eligible for
it; ties split it, the odd chips going (board games) to the first winners left
of the button, (stud) to the winners holding the highest card by suit. Hi-lo split
games share each pot between a high and a low half, Chicago between a high and a spade
half (``hi_lo``). A board run twice (``runs``) is shown down once per board, each pot
split between the two, the odd chip to the first.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from msgspec.structs import replace

from pokernight.cards import Card
from pokernight.evaluate import high_value, low_value, omaha_value, wild_value
from pokernight.evaluate.badugi import badugi_value, best_badugi, evaluate_badugi
from pokernight.evaluate.describe import (
    cards_used,
    high_words,
    low_cards_used,
    low_groups,
    low_words,
)
from pokernight.evaluate.deuce_seven import deuce_seven_value, evaluate_deuce_seven
from pokernight.evaluate.omaha import best_five as omaha_best_five
from pokernight.evaluate.short_deck import (
    short_deck_cards_used,
    short_deck_value,
    short_deck_words,
)
from pokernight.evaluate.tables import HAND_SIZE
from pokernight.evaluate.wild import wild_cards_used
from pokernight.rules.dealing import Emit, resolve_last_queen
from pokernight.rules.events import CardsMucked, CardsShown, Event, HandEnded, PotAwarded
from pokernight.rules.hi_lo import show_down_hi_lo
from pokernight.rules.odd_chips import high_hand_order, low_hand_order
from pokernight.rules.positions import left_of, opener, wild_ranks
from pokernight.rules.pots import Pot, pots_of, split
from pokernight.rules.state import HandState, all_hands_shown


def finish_hand(state: HandState, emit: Emit) -> None:
    pots = pots_of(state)
    if state.live == 1:
        winner = state.folded.index(False)
        for index, pot in enumerate(pots):
            emit(PotAwarded(index, pot.amount, ((winner, pot.amount),)))
    elif state.first_board:
        _show_down_each_board(state, pots, emit, list(state.first_board), state.board)
    elif state.double_board:
        _show_down_each_board(state, pots, emit, state.board, state.other_board)
    else:
        resolve_last_queen(state, emit)
        _show_down_board(state, pots, emit)
    emit(HandEnded(tuple(state.stacks)))


def _show_down_board(state: HandState, pots: tuple[Pot, ...], emit: Emit) -> None:
    if state.variant.is_split:
        show_down_hi_lo(state, pots, showing_order(state), emit)
    else:
        _show_down(state, pots, emit)


def _show_down_each_board(
    state: HandState, pots: tuple[Pot, ...], emit: Emit, first: list[Card], second: list[Card]
) -> None:
    """Two boards (a board run twice, a double board): each wins its half of every pot,
    the first the odd chip. The evaluators read the state's board: it is set to each board
    while that board is shown down, then put back."""
    kept = state.board
    firsts = tuple(Pot(pot.amount - pot.amount // 2, pot.eligible) for pot in pots)
    seconds = tuple(Pot(pot.amount // 2, pot.eligible) for pot in pots)
    try:
        state.board = first
        _show_down_board(state, firsts, emit)
        state.board = second
        _show_down_board(state, seconds, lambda event: emit(_on_second_board(event)))
    finally:
        state.board = kept


def _on_second_board(event: Event) -> Event:
    if isinstance(event, (CardsShown, PotAwarded)):
        return replace(event, board=1)
    return event


def hand_value(state: HandState, seat: int) -> int:
    kind = state.variant.showdown
    if kind == "omaha":
        return omaha_value(state.cards[seat], state.board)
    cards = state.cards[seat] + state.board
    if kind == "low":
        return low_value(cards)
    if kind == "wild":
        return wild_value(cards, wild_ranks(state))
    if kind == "short":
        return short_deck_value(cards)
    if kind == "deuce7":
        return deuce_seven_value(cards)
    if kind == "badugi":
        return badugi_value(cards)
    return high_value(cards)


def hand_values(state: HandState, seats: list[int]) -> dict[int, int]:
    if state.variant.showdown == "high":
        # The common game, evaluated without going through ``hand_value`` seat by seat.
        cards, board = state.cards, state.board
        return {seat: high_value(cards[seat] + board) for seat in seats}
    return {seat: hand_value(state, seat) for seat in seats}


def best_five(state: HandState, seat: int, value: int) -> tuple[Card, ...]:
    """The (up to) five cards of the seat's and the board's that make ``value`` (its
    ``hand_value``): Omaha's two of the hand and three of the board, Razz's low, and in
    Follow the Queen a wild card for whatever it stands for."""
    kind = state.variant.showdown
    if kind == "omaha":
        return omaha_best_five(value, state.cards[seat], state.board)
    cards = state.cards[seat] + state.board
    if kind == "low":
        return low_cards_used(value, cards)
    if kind == "wild":
        return wild_cards_used(value, cards, wild_ranks(state))
    if kind == "short":
        return short_deck_cards_used(value, cards)
    if kind == "deuce7":
        return tuple(sorted(cards, reverse=True))  # all five play
    if kind == "badugi":
        return best_badugi(cards)  # the cards that make the badugi (or the three, two...)
    return cards_used(value, cards)


def describe(state: HandState, seat: int, value: int) -> str:
    """The hand's name ("Two Pair, Sevens and Fours", "7-5-4-2-A low") from its value."""
    kind = state.variant.showdown
    if kind == "low":
        return _low_name(value, min(HAND_SIZE, len(state.cards[seat]) + len(state.board)))
    if kind == "short":
        return short_deck_words(value)
    if kind == "deuce7":
        return evaluate_deuce_seven(state.cards[seat]).description
    if kind == "badugi":
        return evaluate_badugi(state.cards[seat]).description
    return _high_name(value >> NAMED_SHIFT)


# A high hand's name says its category and its two deciding ranks ("Two Pair, Sevens and
# Fours"), the value's bits from NAMED_SHIFT up: remembered by those, a few hundred names
# serve every hand, where most values (their kickers too) come a few times at most.
NAMED_SHIFT: Final = 12


@cache
def _high_name(named: int) -> str:
    return high_words(named << NAMED_SHIFT)


@cache
def _low_name(value: int, size: int) -> str:
    return low_words(*low_groups(value, size))


def showing_order(state: HandState) -> list[int]:
    if state.last_aggressor is not None:
        first = state.last_aggressor
    elif state.is_stud:
        first = opener(state)
    else:
        first = left_of(state.button, state.count)
    folded = state.folded
    return [seat for seat in state.rotations[first] if not folded[seat]]


def _show_down(state: HandState, pots: tuple[Pot, ...], emit: Emit) -> None:
    values = hand_values(state, showing_order(state))
    # Each pot's winners are known before anybody turns a card up: the best hand eligible
    # always shows. Only a winner's hand is picked apart into its five cards (the cards a
    # client raises); naming every shown hand's five cost the engine about a tenth.
    winners_of = [_winners(pot, values) for pot in pots]
    winning = {seat for winners in winners_of for seat in winners}
    cards, stacks = state.cards, state.stacks
    descriptions: dict[int, str] = {}
    everyone_shows = all_hands_shown(state)
    best_shown = [-1] * len(pots)
    for seat, value in values.items():
        in_pots = [index for index, pot in enumerate(pots) if seat in pot.eligible]
        show = everyone_shows or not stacks[seat]
        for index in in_pots:
            if value >= best_shown[index]:
                show = True
        if show:
            description = descriptions[seat] = describe(state, seat, value)
            five = best_five(state, seat, value) if seat in winning else ()
            emit(CardsShown(seat, tuple(cards[seat]), description, five))
            for index in in_pots:
                if value > best_shown[index]:
                    best_shown[index] = value
        else:
            emit(CardsMucked(seat))
    for index, pot in enumerate(pots):
        winners = winners_of[index]
        if len(winners) > 1:
            winners = _odd_chip_order(state, winners)
        emit(PotAwarded(index, pot.amount, split(pot.amount, winners), descriptions[winners[0]]))


def _winners(pot: Pot, values: dict[int, int]) -> list[int]:
    """The seats eligible for ``pot`` that hold its best hand (in the pot's order)."""
    winners: list[int] = []
    best: int | None = None
    for seat in pot.eligible:
        if seat in values:
            value = values[seat]
            if best is None or value > best:
                best, winners = value, [seat]
            elif value == best:
                winners.append(seat)
    return winners


def _odd_chip_order(state: HandState, winners: list[int]) -> list[int]:
    if state.variant.showdown == "low":
        return low_hand_order(state, winners)
    return high_hand_order(state, winners)
