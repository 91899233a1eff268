"""Pot shares in hi-lo split games, eight or better, for many deals at once.

A deal's pot is split between the best high hands and the best qualifying lows (the
high hands take it all when nobody has a low); tied hands share their half. High
values go through the batch evaluator (``showdown``), lows through tables of rank bits,
every deal at once (the values of ``evaluate.eight_low``); a missing low is ``NO_LOW``,
below every low.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

import numpy as np
import numpy.typing as npt

from pokernight.cards import CARDS, Card, Rank
from pokernight.evaluate import batch_high_values, low_value
from pokernight.evaluate.eight_low import HIGHEST_LOW_RANK

Deals = npt.NDArray[np.intp]
Values = npt.NDArray[np.int64]
Shares = npt.NDArray[np.float64]
NO_LOW = -1
LOW_CHUNK = 2048


def stud_high_values(hands: Deals) -> Values:
    values: Values = batch_high_values(hands).astype(np.int64)
    return values


def stud_low_values(hands: Deals) -> Values:
    """The best eight-or-better low of each row's cards: its five lowest low ranks."""
    masks = np.bitwise_or.reduce(_LOW_BIT[hands], axis=1) & ALL_LOW_RANKS
    values: Values = _LOWEST_FIVE[masks]
    return values


def omaha_low_values(hole: Deals, board: Deals) -> Values:
    """The best low of two hole and three board cards: five different ranks, all low
    (every pair's and every triple's rank bits joined at once, one table read; rows a
    chunk at a time, which keeps the (rows, 60) joins in the CPU cache)."""
    first, second = zip(*combinations(range(hole.shape[1]), 2), strict=True)
    a, b, c = zip(*combinations(range(board.shape[1]), 3), strict=True)
    best = np.empty(len(hole), dtype=np.int64)
    for start in range(0, len(hole), LOW_CHUNK):
        bits = _LOW_BIT_16[hole[start : start + LOW_CHUNK]]
        shared = _LOW_BIT_16[board[start : start + LOW_CHUNK]]
        two = bits[:, first] | bits[:, second]
        three = shared[:, a] | shared[:, b] | shared[:, c]
        fives = _FIVE_LOW_32[two[:, :, None] | three[:, None, :]]
        best[start : start + LOW_CHUNK] = fives.reshape(len(bits), -1).max(axis=1)
    return best


def half_shares(values: Values) -> Shares:
    """Each contender's share of one half: 1/k to each of the k best, 0 elsewhere."""
    best = values == values.max(axis=1, keepdims=True)
    shares: Shares = best / best.sum(axis=1, keepdims=True)
    return shares


def pot_shares(high: Values, low: Values) -> tuple[Shares, Shares, Shares]:
    """(pot, high half, low half) shares of each contender in each deal; a deal without
    a low gives its low half to the high hands, so the pot share is the high share."""
    high_shares = half_shares(high)
    has_low = (low > NO_LOW).any(axis=1, keepdims=True)
    low_shares = np.where(has_low & (low > NO_LOW), half_shares(low), 0.0)
    pot = np.where(has_low, (high_shares + low_shares) / 2, high_shares)
    return pot, high_shares, low_shares


# Lows are read from rank bits, all deals at once: aces are bit 0, twos bit 1 ... eights
# bit 7, and a nine or higher sets NOT_LOW, which no low may hold.
ALL_LOW_RANKS: Final = 0xFF
NOT_LOW: Final = 0x100
LOW_SIZE: Final = 5


def _low_bit(card: Card) -> int:
    low_rank = 0 if card.rank == Rank.ACE else card.rank + 1
    return 1 << low_rank if low_rank < HIGHEST_LOW_RANK else NOT_LOW


def _value_of_ranks(mask: int) -> int:
    """``low_value`` of five cards of the ranks in ``mask`` (suits do not count in a low)."""
    ranks = [Rank.ACE if bit == 0 else Rank(bit - 1) for bit in range(8) if mask >> bit & 1]
    return low_value([Card.of(rank, 0) for rank in ranks])


def _lowest_five(mask: int) -> int:
    bits = [1 << bit for bit in range(8) if mask >> bit & 1]
    return _value_of_ranks(sum(bits[:LOW_SIZE])) if len(bits) >= LOW_SIZE else NO_LOW


_LOW_BIT = np.array([_low_bit(card) for card in CARDS], dtype=np.int64)
_LOW_BIT_16 = _LOW_BIT.astype(np.int16)  # small masks keep the (N, 60) joins in cache
_FIVE_LOW = np.array(
    [
        _value_of_ranks(mask) if mask < NOT_LOW and mask.bit_count() == LOW_SIZE else NO_LOW
        for mask in range(2 * NOT_LOW)
    ],
    dtype=np.int64,
)
_FIVE_LOW_32 = _FIVE_LOW.astype(np.int32)
_LOWEST_FIVE = np.array([_lowest_five(mask) for mask in range(NOT_LOW)], dtype=np.int64)
