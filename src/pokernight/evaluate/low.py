"""Ace-to-five low (Razz): aces low, straights and flushes do not count.

The best five cards are the ones with the fewest pairs, then the lowest
ranks from the top down; 5-4-3-2-A is the nuts. Suits never matter, so the
rank key of ``sum(cards)`` is the whole lookup. Values sit under
``Category.LOW`` and a higher value is a better low, like every other value,
but a low is only ever compared with another low.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokernight.cards import SUIT_BITS, Card
from pokernight.evaluate.describe import describe_low
from pokernight.evaluate.high import check_hand
from pokernight.evaluate.strength import HandStrength
from pokernight.evaluate.tables import LOW_BY_RANK_KEY


def low_value(cards: Sequence[Card]) -> int:
    """The value of the best A-5 low in 1 to 7 distinct cards (higher is a better low).

    The fast path: the cards are not checked (see ``evaluate_low``).
    """
    return LOW_BY_RANK_KEY[sum(cards) >> SUIT_BITS]


def evaluate_low(cards: Sequence[Card]) -> HandStrength:
    """The best A-5 low in 1 to 7 cards, with the cards used and its name."""
    check_hand(cards)
    return describe_low(low_value(cards), cards)
