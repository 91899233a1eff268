"""The lookup tables every evaluator reads, built once at import with numpy.

A hand's ``sum`` (see ``pokernight.cards``) splits into two keys:

- ``total >> 12``, the *rank key*: a base-5 number whose digit ``r`` is the
  count of rank ``r``. Without a flush, the rank multiset alone decides the
  hand, so one table maps every rank key of 1 to 7 cards (76,154 of them) to
  its value.
- ``total & 4095``, the *suit key*: a 3-bit count per suit. It says whether
  some suit holds five or more cards. With at most seven cards a flush rules
  out quads and a full house, so a flush is then decided by that suit's rank
  bits alone: an 8,192-entry table over the 13-bit rank masks.

Values of hands of up to five cards are computed from their counts: sorting
the ranks by (count, rank), both descending, lists them in exactly the order
that breaks ties (trips before the pair of a full house, the higher pair
first...). A six- or seven-card multiset is worth the best of the multisets
one card smaller, so those levels are a vectorised maximum over at most seven
children each, not a loop over 21 five-card subsets.

The batch path cannot index an array by a 13-digit base-5 key (5**13 is 1.2
billion), so it splits the key into the seven low ranks and the six high
ranks. For hands of exactly ``k`` cards, the pairs (high part, low part) are
numbered densely: each high multiset owns a block as long as the number of
low multisets that complete it to ``k`` cards. ``HIGH_BLOCK[k][high key] +
LOW_ORDINAL[low key]`` is then a perfect index (49,205 entries for seven
cards), two small-array reads away from the value.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from pokernight.cards import CARDS, SUIT_FIELD_MASK
from pokernight.evaluate.strength import CATEGORY_SHIFT, Category

IntArray = npt.NDArray[np.int64]

RANKS: Final = 13
SUITS: Final = 4
MAX_CARDS: Final = 7
MAX_OF_A_RANK: Final = 4
HAND_SIZE: Final = 5
LOW_RANKS: Final = 7  # ranks Two..Eight make the low part of the batch key
LOW_FIELD_BITS: Final = 17  # 5**7 = 78,125 < 2**17
HIGH_FIELD_BITS: Final = 14  # 5**6 = 15,625 < 2**14
SUIT_FIELD_SHIFT: Final = LOW_FIELD_BITS + HIGH_FIELD_BITS
BATCH_SIZES: Final = (5, 6, 7)
RANK_MASKS: Final = 1 << RANKS
SUIT_KEYS: Final = SUIT_FIELD_MASK + 1


def count_vectors(ranks: int, max_cards: int) -> npt.NDArray[np.int8]:
    """Every vector of per-rank counts (each 0..4) whose sum is at most ``max_cards``.

    Column ``r`` is the count of rank ``r``; the empty hand is included.
    """
    vectors = np.zeros((1, 0), dtype=np.int8)
    for _ in range(ranks):
        sizes = vectors.sum(axis=1)
        parts = []
        for count in range(MAX_OF_A_RANK + 1):
            kept = vectors[sizes + count <= max_cards]
            parts.append(np.column_stack((kept, np.full(len(kept), count, dtype=np.int8))))
        vectors = np.concatenate(parts)
    return vectors


def base5_keys(vectors: npt.NDArray[np.int8]) -> IntArray:
    powers = 5 ** np.arange(vectors.shape[1], dtype=np.int64)
    return vectors.astype(np.int64) @ powers


def straight_tops() -> IntArray:
    """For each 13-bit rank mask, the top rank of its best straight, or -1.

    The wheel (A-2-3-4-5) counts with the Five (rank 3) as its top.
    """
    masks = np.arange(RANK_MASKS, dtype=np.int64)
    tops = np.full(RANK_MASKS, -1, dtype=np.int64)
    for top in range(4, RANKS):
        run = 0b11111 << (top - 4)
        tops[(masks & run) == run] = top
    wheel = 1 << 12 | 0b1111
    tops[(tops < 0) & ((masks & wheel) == wheel)] = 3
    return tops


def pack_columns(category: IntArray, ranks: IntArray) -> IntArray:
    """``strength.pack`` over arrays: ranks is (N, 5), unused columns zero."""
    shifts = np.array([16, 12, 8, 4, 0], dtype=np.int64)
    packed: IntArray = (category << CATEGORY_SHIFT) | np.bitwise_or.reduce(ranks << shifts, axis=1)
    return packed


def grouped_ranks(vectors: npt.NDArray[np.int8]) -> tuple[IntArray, IntArray]:
    """The ranks present sorted by (count, rank) descending: the tie-break order.

    Returns the first five such ranks and their counts (count 0 past the end).
    """
    counts = vectors.astype(np.int64)
    rank_numbers = np.arange(vectors.shape[1], dtype=np.int64)
    order_keys = np.where(counts > 0, counts * 16 + rank_numbers, -1)
    top = -np.sort(-order_keys, axis=1)[:, :HAND_SIZE]
    present = top >= 0
    return np.where(present, top & 15, 0), np.where(present, top >> 4, 0)


def group_category(counts: IntArray) -> IntArray:
    """The category of at most five cards from their sorted group counts."""
    first, second = counts[:, 0], counts[:, 1]
    return np.select(
        [first == 4, (first == 3) & (second == 2), first == 3, (first == 2) & (second == 2)],
        [
            Category.FOUR_OF_A_KIND,
            Category.FULL_HOUSE,
            Category.THREE_OF_A_KIND,
            Category.TWO_PAIR,
        ],
        default=np.where(first == 2, Category.ONE_PAIR, Category.HIGH_CARD),
    ).astype(np.int64)


def small_high_values(vectors: npt.NDArray[np.int8], tops: IntArray) -> IntArray:
    """High values of rank multisets of at most five cards (no flush)."""
    ranks, counts = grouped_ranks(vectors)
    category = group_category(counts)
    masks = (vectors > 0).astype(np.int64) @ (1 << np.arange(RANKS, dtype=np.int64))
    straight_top = tops[masks]
    straight = straight_top >= 0
    category = np.where(straight, Category.STRAIGHT, category)
    ranks = np.where(straight[:, None], 0, ranks)
    ranks[:, 0] = np.where(straight, straight_top, ranks[:, 0])
    return pack_columns(category, ranks)


Children = list[tuple[npt.NDArray[np.bool_], list[tuple[npt.NDArray[np.bool_], IntArray]]]]


def children_of(vectors: npt.NDArray[np.int8], keys: IntArray) -> Children:
    """For each level of six and seven cards: its rows, and for each rank, the
    rows holding that rank with the positions of their children (one fewer of it).

    The same for every table, so it is computed once for the high and the low.
    """
    sizes = vectors.sum(axis=1)
    order = np.argsort(keys)
    sorted_keys = keys[order]
    levels: Children = []
    for size in range(HAND_SIZE + 1, MAX_CARDS + 1):
        level = sizes == size
        level_vectors, level_keys = vectors[level], keys[level]
        children = []
        for rank in range(vectors.shape[1]):
            has_rank = level_vectors[:, rank] > 0
            child_keys = level_keys[has_rank] - 5**rank
            children.append((has_rank, order[np.searchsorted(sorted_keys, child_keys)]))
        levels.append((level, children))
    return levels


def multiset_values(
    small: npt.NDArray[np.bool_], small_values: IntArray, levels: Children
) -> IntArray:
    """Values of every multiset: given up to five cards, the best child's above."""
    values = np.full(len(small), -1, dtype=np.int64)
    values[small] = small_values
    for level, children in levels:
        best = np.full(int(level.sum()), -1, dtype=np.int64)
        for has_rank, child_positions in children:
            best[has_rank] = np.maximum(best[has_rank], values[child_positions])
        values[level] = best
    return values


def flush_values(tops: IntArray) -> IntArray:
    """For each 13-bit rank mask of one suit: its best flush or straight flush.

    Masks of fewer than five ranks are no flush; their entry is 0.
    """
    masks = np.arange(RANK_MASKS, dtype=np.int64)
    ranks = np.zeros((RANK_MASKS, HAND_SIZE), dtype=np.int64)
    taken = np.zeros(RANK_MASKS, dtype=np.int64)
    for rank in range(RANKS - 1, -1, -1):
        has = ((masks >> rank) & 1 == 1) & (taken < HAND_SIZE)
        ranks[has, taken[has]] = rank
        taken += has
    flush = pack_columns(np.full(RANK_MASKS, Category.FLUSH, dtype=np.int64), ranks)
    straight_flush = (Category.STRAIGHT_FLUSH << CATEGORY_SHIFT) | (tops << 16)
    values = np.where(tops >= 0, straight_flush, flush)
    return np.where(taken == HAND_SIZE, values, 0)


def flush_suits() -> npt.NDArray[np.int8]:
    """For each 12-bit suit key: the suit holding five or more cards, or -1."""
    keys = np.arange(SUIT_KEYS, dtype=np.int64)
    suits = np.full(SUIT_KEYS, -1, dtype=np.int8)
    for suit in range(SUITS):
        suits[((keys >> (3 * suit)) & 7) >= HAND_SIZE] = suit
    return suits


def low_order(vectors: npt.NDArray[np.int8]) -> npt.NDArray[np.int8]:
    """The same counts with the Ace moved below the Two (ace-to-five order)."""
    return np.roll(vectors, 1, axis=1)


def small_low_values(vectors: npt.NDArray[np.int8]) -> tuple[IntArray, IntArray]:
    """A-5 low values of at most five cards, and the badness each value stands for.

    A low ignores straights and flushes; its badness is the high-style value
    with aces low (smaller is a better low). Values number the distinct
    badnesses from the worst, so that a higher value is a better low, and
    they fit under ``Category.LOW`` in the top bits.
    """
    low_vectors = low_order(vectors)
    ranks, counts = grouped_ranks(low_vectors)
    badness = pack_columns(group_category(counts), ranks)
    distinct, position = np.unique(badness, return_inverse=True)
    values = (Category.LOW << CATEGORY_SHIFT) | (len(distinct) - 1 - position)
    badness_by_value = distinct[::-1].copy()
    return values.astype(np.int64), badness_by_value


def card_fields(multiplier_of_rank: IntArray, suit_shift: int) -> IntArray:
    """Per card index: its rank digit (``multiplier_of_rank``) plus its suit counter."""
    indexes = np.arange(len(CARDS), dtype=np.int64)
    rank, suit = indexes // SUITS, indexes % SUITS
    return multiplier_of_rank[rank] | (1 << (suit_shift + 3 * suit))


def batch_card_codes() -> IntArray:
    """Per card index: low-rank digit | high-rank digit << 17 | suit counter << 31."""
    powers = 5 ** np.arange(RANKS, dtype=np.int64)
    digit = np.where(
        np.arange(RANKS) < LOW_RANKS, powers, (powers // 5**LOW_RANKS) << LOW_FIELD_BITS
    )
    return card_fields(digit, SUIT_FIELD_SHIFT)


def batch_flush_bits() -> IntArray:
    """Per card index: bit ``13 * suit + rank``; their sum lists each suit's ranks."""
    indexes = np.arange(len(CARDS), dtype=np.int64)
    return 1 << (RANKS * (indexes % SUITS) + indexes // SUITS)


def dense_ordinals(totals: IntArray) -> IntArray:
    """Number each entry among the entries with the same total (0, 1, 2...)."""
    order = np.argsort(totals, kind="stable")
    starts = np.searchsorted(totals[order], totals[order])
    ordinals = np.empty(len(totals), dtype=np.int64)
    ordinals[order] = np.arange(len(totals)) - starts
    return ordinals


class BatchTables:
    """The dense tables of the batch path (see the module doc)."""

    def __init__(self, vectors: npt.NDArray[np.int8], values: IntArray) -> None:
        low_parts = count_vectors(LOW_RANKS, MAX_CARDS)
        high_parts = count_vectors(RANKS - LOW_RANKS, MAX_CARDS)
        low_totals = low_parts.sum(axis=1).astype(np.int64)
        high_totals = high_parts.sum(axis=1).astype(np.int64)
        self.low_ordinal = np.zeros(5**LOW_RANKS, dtype=np.int32)
        self.low_ordinal[base5_keys(low_parts)] = dense_ordinals(low_totals)
        low_count_by_total = np.bincount(low_totals, minlength=MAX_CARDS + 1)
        high_keys = base5_keys(high_parts)
        sizes = vectors.sum(axis=1)
        self.high_block: dict[int, npt.NDArray[np.int32]] = {}
        self.values: dict[int, npt.NDArray[np.int32]] = {}
        for size in BATCH_SIZES:
            fits = high_totals <= size
            block_lengths = np.where(
                fits, low_count_by_total[np.clip(size - high_totals, 0, MAX_CARDS)], 0
            )
            block_starts = np.cumsum(block_lengths) - block_lengths
            high_block = np.zeros(5 ** (RANKS - LOW_RANKS), dtype=np.int32)
            high_block[high_keys] = block_starts
            level = vectors[sizes == size]
            index = (
                high_block[base5_keys(level[:, LOW_RANKS:])]
                + self.low_ordinal[base5_keys(level[:, :LOW_RANKS])]
            )
            table = np.full(int(block_lengths.sum()), -1, dtype=np.int32)
            table[index] = values[sizes == size]
            self.high_block[size] = high_block
            self.values[size] = table
        self.card_codes = batch_card_codes()
        self.flush_bits = batch_flush_bits()


_VECTORS: Final = count_vectors(RANKS, MAX_CARDS)[1:]  # drop the empty hand
_SMALL: Final = _VECTORS.sum(axis=1) <= HAND_SIZE
_KEYS: Final = base5_keys(_VECTORS)
_CHILDREN: Final = children_of(_VECTORS, _KEYS)
_TOPS: Final = straight_tops()
_HIGH: Final = multiset_values(_SMALL, small_high_values(_VECTORS[_SMALL], _TOPS), _CHILDREN)
_SMALL_LOW, LOW_BADNESS_BY_VALUE = small_low_values(_VECTORS[_SMALL])
_LOW: Final = multiset_values(_SMALL, _SMALL_LOW, _CHILDREN)

FLUSH_VALUES_ARRAY: Final = flush_values(_TOPS)
FLUSH_SUITS_ARRAY: Final = flush_suits()
BATCH: Final = BatchTables(_VECTORS, _HIGH)
BATCH_LOW: Final = BatchTables(_VECTORS, _LOW)  # A-5 lows: the same dense index, no flushes

# Plain Python containers for the pure-Python hot paths: a dict or list read
# from Python is several times faster than indexing a numpy array.
_KEY_LIST: Final = _KEYS.tolist()
HIGH_BY_RANK_KEY: Final[dict[int, int]] = dict(zip(_KEY_LIST, _HIGH.tolist(), strict=True))
LOW_BY_RANK_KEY: Final[dict[int, int]] = dict(zip(_KEY_LIST, _LOW.tolist(), strict=True))
FLUSH_VALUES: Final[list[int]] = FLUSH_VALUES_ARRAY.tolist()
FLUSH_SUIT_BY_KEY: Final[list[int]] = FLUSH_SUITS_ARRAY.tolist()
RANK_BIT_BY_CARD_OF_SUIT: Final[tuple[dict[int, int], ...]] = tuple(
    {card: (1 << card.rank if card.suit == suit else 0) for card in CARDS} for suit in range(SUITS)
)
# For each suit key: None when no suit has five cards, else the flush suit's
# card -> rank bit map (0 for cards of other suits).
FLUSH_RANK_BITS: Final[list[dict[int, int] | None]] = [
    None if suit < 0 else RANK_BIT_BY_CARD_OF_SUIT[suit] for suit in FLUSH_SUITS_ARRAY.tolist()
]
