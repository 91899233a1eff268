"""Many high hands at once: numpy table reads, no Python loop over hands.

Each card index maps to one 64-bit code (see ``tables.batch_card_codes``);
the sum of a hand's codes holds its low-rank key, high-rank key and suit
counts side by side. Two small-array reads turn the two rank keys into a
dense index of the value table; the few hands with a flush are then
re-read from the flush table by their suit's rank bits.

Hands are processed in chunks that keep every temporary array in the CPU
cache; that, more than anything, decides the speed.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Final

import numpy as np
import numpy.typing as npt

from pokernight.evaluate.tables import (
    BATCH,
    BATCH_LOW,
    BATCH_SIZES,
    FLUSH_SUITS_ARRAY,
    FLUSH_VALUES_ARRAY,
    HIGH_FIELD_BITS,
    LOW_FIELD_BITS,
    RANKS,
    SUIT_FIELD_SHIFT,
)

CHUNK: Final = 1 << 14
INDEX_RANGE: Final = "card indices run from 0 to 51"
LOW_FIELD_MASK: Final = (1 << LOW_FIELD_BITS) - 1
HIGH_FIELD_MASK: Final = (1 << HIGH_FIELD_BITS) - 1
FLUSH_RANKS_MASK: Final = (1 << RANKS) - 1
FLUSH_VALUES_32: Final = FLUSH_VALUES_ARRAY.astype(np.int32)

Values = npt.NDArray[np.int32]
Codes = npt.NDArray[np.int64]


def batch_high_values(hands: npt.ArrayLike) -> Values:
    """The ``high_value`` of each row of an (N, k) array of card indices, k in 5..7."""
    indexes = np.asarray(hands)
    if indexes.ndim != 2 or indexes.shape[1] not in BATCH_SIZES:
        raise ValueError(f"hands must be an (N, 5..7) array of card indices, not {indexes.shape}")
    if not np.issubdtype(indexes.dtype, np.integer):
        raise ValueError(f"card indices must be integers, not {indexes.dtype}")
    values = np.empty(len(indexes), dtype=np.int32)
    for start in range(0, len(indexes), CHUNK):
        chunk = indexes[start : start + CHUNK]
        try:
            values[start : start + CHUNK] = chunk_values(chunk)
        except IndexError as error:
            raise ValueError(INDEX_RANGE) from error
    return values


def batch_low_values(hands: npt.NDArray[np.intp]) -> Values:
    """The ``low_value`` (A-5) of each row of an (N, 5..7) array of card indices, unchecked:
    the bots' equity path (a low reads the rank multiset alone, so no flush step)."""
    sums = sum_columns(BATCH.card_codes, hands)
    index = BATCH_LOW.high_block[hands.shape[1]][(sums >> LOW_FIELD_BITS) & HIGH_FIELD_MASK]
    index += BATCH_LOW.low_ordinal[sums & LOW_FIELD_MASK]
    values: Values = BATCH_LOW.values[hands.shape[1]][index]
    return values


def chunk_values(indexes: npt.NDArray[np.integer]) -> Values:
    # numpy refuses an index past 51 by itself but reads a negative one from
    # the end, so only negatives need looking for (in cache, chunk by chunk).
    if indexes.dtype.kind == "i" and indexes.size and indexes.min() < 0:
        raise ValueError(INDEX_RANGE)
    # Every read below indexes with this array: convert it once, not once per read.
    rows = indexes.astype(np.intp, copy=False)
    return values_of_sums(
        sum_columns(BATCH.card_codes, rows),
        rows.shape[1],
        partial(flush_bits_of_rows, rows),
    )


def sum_columns(codes: Codes, indexes: npt.NDArray[np.intp]) -> Codes:
    """The sum over each row of ``codes[indexes]``, one column at a time."""
    total: Codes = codes[indexes[:, 0]]
    for column in range(1, indexes.shape[1]):
        total += codes[indexes[:, column]]
    return total


def flush_bits_of_rows(indexes: npt.NDArray[np.intp], rows: npt.NDArray[np.intp]) -> Codes:
    return sum_columns(BATCH.flush_bits, indexes[rows])


def values_of_sums(
    sums: Codes,
    size: int,
    flush_bits_of: Callable[[npt.NDArray[np.intp]], Codes],
    tables: tuple[dict[int, Values], Values] | None = None,
) -> Values:
    """Values of hands of ``size`` cards from their code sums.

    ``flush_bits_of(rows)`` gives the summed flush bits of those rows; it is
    called only for the hands holding a flush. ``tables``: the values by rank
    multiset (indexed as ``BATCH.values``, by size) and by flush rank mask of
    another game's order (short deck's), instead of the high hands'.
    """
    by_ranks, by_flush = (BATCH.values, FLUSH_VALUES_32) if tables is None else tables
    index = BATCH.high_block[size][(sums >> LOW_FIELD_BITS) & HIGH_FIELD_MASK]
    index += BATCH.low_ordinal[sums & LOW_FIELD_MASK]
    values: Values = by_ranks[size][index]
    suits = FLUSH_SUITS_ARRAY[sums >> SUIT_FIELD_SHIFT]
    rows = np.flatnonzero(suits >= 0)
    if len(rows):
        # With at most seven cards, five of a suit leave no room for quads or a full
        # house: a flush is the hand (in either order of the categories).
        shifts = suits[rows].astype(np.int64) * RANKS
        values[rows] = by_flush[(flush_bits_of(rows) >> shifts) & FLUSH_RANKS_MASK]
    return values
