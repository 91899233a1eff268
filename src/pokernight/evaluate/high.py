"""High hands from one to seven cards: a sum and one or two table reads.

See ``tables`` for why ``sum(cards)`` is all the evaluator needs. Fewer than
five cards rank by pairs, trips, quads and high cards only (stud's "highest
hand showing"); five to seven cards rank by the best five.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokernight.cards import SUIT_BITS, SUIT_FIELD_MASK, Card, CardError, ensure_distinct
from pokernight.evaluate.describe import describe_high
from pokernight.evaluate.strength import HandStrength
from pokernight.evaluate.tables import (
    FLUSH_RANK_BITS,
    FLUSH_VALUES,
    HIGH_BY_RANK_KEY,
    MAX_CARDS,
)


def high_value(cards: Sequence[Card]) -> int:
    """The value of the best high hand in 1 to 7 distinct cards (higher is better).

    The fast path: the cards are not checked (see ``evaluate_high``).
    """
    total = sum(cards)
    rank_bits = FLUSH_RANK_BITS[total & SUIT_FIELD_MASK]
    if rank_bits is None:
        return HIGH_BY_RANK_KEY[total >> SUIT_BITS]
    return FLUSH_VALUES[sum(map(rank_bits.__getitem__, cards))]


def check_hand(cards: Sequence[Card], smallest: int = 1, largest: int = MAX_CARDS) -> None:
    """Refuse a hand that is not ``smallest`` to ``largest`` distinct cards."""
    if not smallest <= len(cards) <= largest:
        raise CardError(f"a hand has {smallest} to {largest} cards, not {len(cards)}")
    ensure_distinct(cards)


def evaluate_high(cards: Sequence[Card]) -> HandStrength:
    """The best high hand in 1 to 7 cards, with the five cards used and its name."""
    check_hand(cards)
    return describe_high(high_value(cards), cards)
