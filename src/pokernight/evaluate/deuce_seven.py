"""Deuce-to-seven lowball (2-7 triple draw, 2-7 single draw): the worst high hand wins.

Aces are high only, straights and flushes count against a hand, and A-2-3-4-5 is no
straight but ace high (Robert's Rules, "Lowball": "deuce-to-seven"). So a 2-7 hand is
the high hand read with the wheel as plain ace high (a flush when suited), ranked
upside down: 7-5-4-3-2 of mixed suits is the nuts, 8-6-5-4-3 beats 8-6-5-4-2's loser...
Five cards exactly: every 2-7 game plays five. A higher value is a better 2-7 hand,
like every evaluator's; it is only ever compared with another 2-7 value.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pokernight.cards import Card, Rank
from pokernight.evaluate.describe import high_words
from pokernight.evaluate.high import check_hand, high_value
from pokernight.evaluate.strength import CATEGORY_SHIFT, Category, HandStrength, category_of, pack

HAND_SIZE: Final = 5
TOP: Final = (Category.LOW + 1) << CATEGORY_SHIFT
"""Above every high value: ``TOP - high`` turns the high order upside down, still positive."""
_WHEEL_TOP: Final = int(Rank.FIVE)
_ACE_HIGH_WHEEL: Final = (Rank.ACE, Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO)


def deuce_seven_high(cards: Sequence[Card]) -> int:
    """The high value of five cards with the wheel read as ace high (a flush if suited)."""
    value = high_value(cards)
    category = value >> CATEGORY_SHIFT
    if (value >> 16) & 0xF == _WHEEL_TOP and category in (
        Category.STRAIGHT,
        Category.STRAIGHT_FLUSH,
    ):
        flush = category == Category.STRAIGHT_FLUSH
        return pack(Category.FLUSH if flush else Category.HIGH_CARD, _ACE_HIGH_WHEEL)
    return value


def deuce_seven_value(cards: Sequence[Card]) -> int:
    """The 2-7 value of exactly five distinct cards (higher is better); not checked."""
    return TOP - deuce_seven_high(cards)


def evaluate_deuce_seven(cards: Sequence[Card]) -> HandStrength:
    """The 2-7 strength of five cards: "7-5-4-3-2", or what counts against the hand
    ("Pair of Fours", "Straight, Six high")."""
    check_hand(cards, HAND_SIZE, HAND_SIZE)
    high = deuce_seven_high(cards)
    category = category_of(high)
    if category is Category.HIGH_CARD:
        ranks = sorted((card.rank for card in cards), reverse=True)
        words = "-".join(rank.symbol for rank in ranks)
    else:
        words = high_words(high)
    ordered = tuple(sorted(cards, key=lambda card: card.rank, reverse=True))
    return HandStrength(TOP - high, category, ordered, words)
