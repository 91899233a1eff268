"""Omaha: the best hand using exactly two hole cards and exactly three from the board.

Each two-card sum of the hole and three-card sum of the board is formed once;
adding one of each gives the sum of a five-card hand, read from the same rank
table as ``high_value``. A flush needs two hole cards and three board cards of
one suit, so it is looked for only in such suits, from their rank bits.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from pokernight.cards import SUIT_BITS, Card, CardError, Suit, ensure_distinct
from pokernight.evaluate.describe import describe_high
from pokernight.evaluate.strength import HandStrength
from pokernight.evaluate.tables import FLUSH_VALUES, HIGH_BY_RANK_KEY

HOLE_SIZES = (4, 5)
BOARD_SIZES = (3, 4, 5)


def omaha_value(hole: Sequence[Card], board: Sequence[Card]) -> int:
    """The value of the best two-hole-card, three-board-card hand (not checked)."""
    pairs = [first + second for first, second in combinations(hole, 2)]
    triples = [sum(three) for three in combinations(board, 3)]
    best = max(
        HIGH_BY_RANK_KEY[(pair + triple) >> SUIT_BITS] for pair in pairs for triple in triples
    )
    for suit in Suit:
        hole_bits = [1 << card.rank for card in hole if card.suit == suit]
        board_bits = [1 << card.rank for card in board if card.suit == suit]
        if len(hole_bits) >= 2 and len(board_bits) >= 3:
            best = max(best, best_flush(hole_bits, board_bits))
    return best


def best_flush(hole_bits: Sequence[int], board_bits: Sequence[int]) -> int:
    return max(
        FLUSH_VALUES[sum(two) + sum(three)]
        for two in combinations(hole_bits, 2)
        for three in combinations(board_bits, 3)
    )


def evaluate_omaha(hole: Sequence[Card], board: Sequence[Card]) -> HandStrength:
    """The best Omaha hand, with the five cards used (two hole, three board) and its name."""
    if len(hole) not in HOLE_SIZES:
        raise CardError(f"an Omaha hand has 4 or 5 hole cards, not {len(hole)}")
    if len(board) not in BOARD_SIZES:
        raise CardError(f"an Omaha board has 3 to 5 cards, not {len(board)}")
    ensure_distinct([*hole, *board])
    value = omaha_value(hole, board)
    return describe_high(value, best_five(value, hole, board))


def best_five(value: int, hole: Sequence[Card], board: Sequence[Card]) -> tuple[Card, ...]:
    """Two hole cards and three board cards that make ``value``."""
    for two in combinations(hole, 2):
        for three in combinations(board, 3):
            if omaha_value(two, three) == value:
                return (*two, *three)
    raise AssertionError("omaha_value returned a value no two + three cards make")
