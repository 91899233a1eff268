"""Eight or better: the low half of a hi-lo split game (Omaha Hi-Lo, Stud Hi-Lo).

A low qualifies only with five cards of different ranks, each an eight or lower, aces
low; straights and flushes do not count against it (Robert's Rules, "Split pot games").
The best qualifying low is then simply the five lowest distinct ranks a player can use,
and it is ranked as every A-5 low is (``low_value``): 5-4-3-2-A is the best, 8-7-6-5-4
the worst that plays. ``None`` is "no low": the whole pot goes high.

In Omaha a low, like a high, takes exactly two hole cards and three from the board.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Final

from pokernight.cards import Card, CardError, ensure_distinct
from pokernight.evaluate.describe import describe_low
from pokernight.evaluate.high import check_hand
from pokernight.evaluate.low import low_value
from pokernight.evaluate.omaha import BOARD_SIZES, HOLE_SIZES
from pokernight.evaluate.strength import HandStrength

LOW_SIZE: Final = 5
HIGHEST_LOW_RANK: Final = 8
"""Aces low: the Ace counts 1 ... the Eight 8."""


def _low_rank(card: Card) -> int:
    return (card.rank + 1) % 13 + 1


def _lowest_five(cards: Sequence[Card]) -> tuple[Card, ...] | None:
    """One card of each of the five lowest ranks of eight or below, or None."""
    by_rank: dict[int, Card] = {}
    for card in cards:
        rank = _low_rank(card)
        if rank <= HIGHEST_LOW_RANK:
            by_rank.setdefault(rank, card)
    if len(by_rank) < LOW_SIZE:
        return None
    return tuple(by_rank[rank] for rank in sorted(by_rank)[:LOW_SIZE])


def eight_low_value(cards: Sequence[Card]) -> int | None:
    """The qualifying low of 5 to 7 distinct cards (a larger value is a better low) or
    None; not checked."""
    five = _lowest_five(cards)
    return None if five is None else low_value(five)


def omaha_eight_low_value(hole: Sequence[Card], board: Sequence[Card]) -> int | None:
    """The best qualifying low of exactly two hole cards and three board cards, or None."""
    lows = [
        value
        for two in combinations(hole, 2)
        for three in combinations(board, 3)
        if (value := eight_low_value((*two, *three))) is not None
    ]
    return max(lows, default=None)


def evaluate_eight_low(cards: Sequence[Card]) -> HandStrength | None:
    """The qualifying low of 5 to 7 cards with the cards used and its name, or None."""
    check_hand(cards, LOW_SIZE)
    five = _lowest_five(cards)
    return None if five is None else describe_low(low_value(five), five)


def evaluate_omaha_eight_low(hole: Sequence[Card], board: Sequence[Card]) -> HandStrength | None:
    """The best qualifying Omaha low (two hole, three board cards) and its name, or None."""
    if len(hole) not in HOLE_SIZES or len(board) not in BOARD_SIZES:
        raise CardError(
            f"an Omaha hand has 4 or 5 hole cards and 3 to 5 on the board, not "
            f"{len(hole)} and {len(board)}"
        )
    ensure_distinct([*hole, *board])
    value = omaha_eight_low_value(hole, board)
    if value is None:
        return None
    for two in combinations(hole, 2):
        for three in combinations(board, 3):
            if eight_low_value((*two, *three)) == value:
                return describe_low(value, (*two, *three))
    raise AssertionError("omaha_eight_low_value returned a low no two + three cards make")
