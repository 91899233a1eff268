"""Who gets the odd chips of a split pot first (Robert's Rules, split pots).

Board games: the first winner left of the button. Stud games: the winner holding the
highest card by suit (clubs < diamonds < hearts < spades) for a high hand, the lowest
card by suit, aces low, for a low hand (Razz, the low half of Stud Hi-Lo). All of a
player's cards count, not only the five that make the hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokernight.cards import Card, Rank
from pokernight.rules.positions import left_of
from pokernight.rules.state import HandState


def high_hand_order(state: HandState, winners: Sequence[int]) -> list[int]:
    """``winners`` of a high pot (or half) in the order they take the odd chips."""
    if state.is_stud:
        return sorted(winners, key=lambda seat: _highest_card(state.cards[seat]), reverse=True)
    return _from_the_button(state, winners)


def low_hand_order(state: HandState, winners: Sequence[int]) -> list[int]:
    """``winners`` of a low pot (or half) in the order they take the odd chips."""
    if state.is_stud:
        return sorted(winners, key=lambda seat: _lowest_card(state.cards[seat]))
    return _from_the_button(state, winners)


def _from_the_button(state: HandState, winners: Sequence[int]) -> list[int]:
    start = left_of(state.button, state.count)
    return sorted(winners, key=lambda seat: (seat - start) % state.count)


def _highest_card(cards: list[Card]) -> Card:
    # Cards order by rank, then suit (clubs < diamonds < hearts < spades).
    return max(cards)


def _lowest_card(cards: list[Card]) -> tuple[int, int]:
    """(rank with the ace lowest, suit) of the lowest card: clubs are the lowest suit."""
    return min(((0 if card.rank == Rank.ACE else card.rank + 1), card.suit) for card in cards)
