"""The value of the hand a player holds now, with the variant's own evaluator."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from pokernight.cards import Card
from pokernight.evaluate import high_value, low_value, omaha_value, wild_value
from pokernight.evaluate.eight_low import eight_low_value, omaha_eight_low_value
from pokernight.evaluate.short_deck import short_deck_value

OMAHA_HOLE = 4
OMAHA_BOARD = 3


def made_value(
    showdown: str, cards: Sequence[Card], board: Sequence[Card], wild_ranks: Collection[int]
) -> int:
    """The value of ``cards`` with ``board`` now (Omaha before the flop: the hole alone;
    hi-lo games and Chicago: the high hand's)."""
    if showdown in ("omaha", "omaha8"):
        if len(board) < OMAHA_BOARD or len(cards) < OMAHA_HOLE:
            return high_value(cards)
        return omaha_value(cards, board)
    hand = [*cards, *board]
    if showdown == "low":
        return low_value(hand)
    if showdown == "wild":
        return wild_value(hand, wild_ranks)
    if showdown == "short":
        return short_deck_value(hand)
    return high_value(hand)


def has_low(showdown: str, cards: Sequence[Card], board: Sequence[Card]) -> bool:
    """Whether ``cards`` with ``board`` make a low that qualifies (eight or better) in a
    hi-lo game: half the pot a bet may stand for."""
    if showdown == "omaha8":
        return len(board) >= OMAHA_BOARD and omaha_eight_low_value(cards, board) is not None
    if showdown == "high8":
        return eight_low_value([*cards, *board]) is not None
    return False
