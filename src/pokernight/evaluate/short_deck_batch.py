"""Short-deck hands in batches: ``short_deck_value`` of many hands at once.

The batch high path (``batch``) reads a hand's rank multiset and, for a flush, its
suit's rank bits, from dense tables; short deck needs only other tables in the same
places: each multiset of Six-to-Ace ranks worth its short-deck value (a full house
under the flush, the A-6-7-8-9 straight) and each flush mask its short-deck flush.
Both are filled once, on first use, all multisets at once (``tests/test_evaluate_omaha_
short_batches.py`` holds them to ``short_deck_value``).
"""

from __future__ import annotations

from functools import cache, partial
from typing import Final

import numpy as np
import numpy.typing as npt

from pokernight.cards import CardError, Rank
from pokernight.evaluate.batch import flush_bits_of_rows, sum_columns, values_of_sums
from pokernight.evaluate.short_deck import (
    HAND_SIZE,
    LOWEST,
    MAX_CARDS,
    NINE,
    SHORT_FULL_HOUSE,
    _flush_value,
)
from pokernight.evaluate.strength import CATEGORY_SHIFT, RANK_MASK, Category
from pokernight.evaluate.tables import (
    BATCH,
    BATCH_SIZES,
    LOW_RANKS,
    RANK_MASKS,
    RANKS,
    SUITS,
    base5_keys,
    count_vectors,
)

Values = npt.NDArray[np.int32]
SHORT_RANKS = range(LOWEST, RANKS)
LOW_STRAIGHT: Final = (Rank.ACE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE)
NINE_HIGH_STRAIGHT: Final = int(Category.STRAIGHT) << CATEGORY_SHIFT | NINE << 16


@cache
def _tables() -> tuple[dict[int, Values], Values]:
    """The short-deck values in the batch path's places. A rank multiset is worth what it
    is worth in the full deck but for two things: a full house is packed under the
    flush's number (``SHORT_FULL_HOUSE``), and A-6-7-8-9 is a straight, the lowest."""
    vectors = count_vectors(len(SHORT_RANKS), MAX_CARDS)
    counts = np.zeros((len(vectors), RANKS), dtype=np.int8)
    counts[:, LOWEST:] = vectors
    sizes = counts.sum(axis=1)
    low_straight: npt.NDArray[np.bool_] = np.all(counts[:, list(LOW_STRAIGHT)] > 0, axis=1)
    by_ranks: dict[int, Values] = {}
    for size in BATCH_SIZES:
        level = counts[sizes == size]
        index = BATCH.high_block[size][base5_keys(level[:, LOW_RANKS:])]
        index += BATCH.low_ordinal[base5_keys(level[:, :LOW_RANKS])]
        full = BATCH.values[size][index]
        category = full >> CATEGORY_SHIFT
        short = np.where(
            category == Category.FULL_HOUSE,
            SHORT_FULL_HOUSE << CATEGORY_SHIFT | full & RANK_MASK,
            full,
        )
        weaker = low_straight[sizes == size] & np.less(category, Category.STRAIGHT)
        short = np.where(weaker, NINE_HIGH_STRAIGHT, short)
        table = np.zeros_like(BATCH.values[size])
        table[index] = short
        by_ranks[size] = table
    masks = np.arange(RANK_MASKS)
    flushes = (masks & ((1 << LOWEST) - 1) == 0) & (np.bitwise_count(masks) >= HAND_SIZE)
    short_masks = masks[flushes]
    by_flush = np.zeros(RANK_MASKS, dtype=np.int32)
    by_flush[short_masks] = [_flush_value(mask) for mask in short_masks.tolist()]
    return by_ranks, by_flush


def batch_short_deck_values(hands: npt.NDArray[np.intp]) -> Values:
    """The ``short_deck_value`` of each row of an (N, 5..7) array of short-deck card indices
    (a card below the Six is refused, as ``short_deck_value`` refuses it)."""
    rows = hands.astype(np.intp, copy=False)
    if rows.size and rows.min() < LOWEST * SUITS:
        raise CardError("a card below the Six is not in the short deck (Six to Ace)")
    sums = sum_columns(BATCH.card_codes, rows)
    return values_of_sums(sums, rows.shape[1], partial(flush_bits_of_rows, rows), _tables())
