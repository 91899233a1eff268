"""Short-deck hands in batches: ``short_deck_value`` of many hands at once.

The batch high path (``batch``) reads a hand's rank multiset and, for a flush, its
suit's rank bits, from dense tables; short deck needs only other tables in the same
places: each multiset of Six-to-Ace ranks worth its short-deck value (a full house
under the flush, the A-6-7-8-9 straight) and each flush mask its short-deck flush.
Both are filled once, on first use, from ``short_deck``'s own evaluation, so the two
agree by construction.
"""

from __future__ import annotations

from functools import cache, partial
from itertools import combinations_with_replacement

import numpy as np
import numpy.typing as npt

from pokernight.cards import Card, CardError, Rank
from pokernight.evaluate.batch import flush_bits_of_rows, sum_columns, values_of_sums
from pokernight.evaluate.short_deck import HAND_SIZE, LOWEST, _flush_value, _rank_value
from pokernight.evaluate.tables import (
    BATCH,
    BATCH_SIZES,
    LOW_RANKS,
    MAX_OF_A_RANK,
    RANK_MASKS,
    RANKS,
    SUITS,
    base5_keys,
)

Values = npt.NDArray[np.int32]
SHORT_RANKS = range(LOWEST, RANKS)


@cache
def _tables() -> tuple[dict[int, Values], Values]:
    by_ranks: dict[int, Values] = {}
    for size in BATCH_SIZES:
        table = np.zeros_like(BATCH.values[size])
        for ranks in combinations_with_replacement(SHORT_RANKS, size):
            counts = np.bincount(ranks, minlength=RANKS).astype(np.int8)
            if counts.max() > MAX_OF_A_RANK:
                continue
            index = (
                BATCH.high_block[size][base5_keys(counts[None, LOW_RANKS:])[0]]
                + BATCH.low_ordinal[base5_keys(counts[None, :LOW_RANKS])[0]]
            )
            table[index] = _rank_value([Card.of(Rank(rank), 0) for rank in ranks])
        by_ranks[size] = table
    by_flush = np.zeros(RANK_MASKS, dtype=np.int32)
    low_ranks = (1 << LOWEST) - 1
    for mask in range(RANK_MASKS):
        if mask & low_ranks == 0 and mask.bit_count() >= HAND_SIZE:
            by_flush[mask] = _flush_value(mask)
    return by_ranks, by_flush


def batch_short_deck_values(hands: npt.NDArray[np.intp]) -> Values:
    """The ``short_deck_value`` of each row of an (N, 5..7) array of short-deck card indices
    (a card below the Six is refused, as ``short_deck_value`` refuses it)."""
    rows = hands.astype(np.intp, copy=False)
    if rows.size and rows.min() < LOWEST * SUITS:
        raise CardError("a card below the Six is not in the short deck (Six to Ace)")
    sums = sum_columns(BATCH.card_codes, rows)
    return values_of_sums(sums, rows.shape[1], partial(flush_bits_of_rows, rows), _tables())
