"""Omaha hands in batches: many deals' best two-hole, three-board hands at once.

A five-card hand of two hole and three board cards is worth, without a flush, what
its rank multiset is worth; so each hole pair and each board triple is read once as
a rank multiset (91 pairs, 455 triples) and one table of every pair and triple
(``_multiset_index``) gives all of a deal's 60 hands in one read, where forming
60 five-card hands and evaluating them cost a copy of every card per hand. A flush
needs a suited pair and a triple of that suit: only those hands are read again from
the flush table by their rank bits. Values are ``high_value``'s.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, combinations_with_replacement, permutations
from typing import Final

import numpy as np
import numpy.typing as npt

from pokernight.evaluate.tables import (
    BATCH,
    FLUSH_VALUES_ARRAY,
    HAND_SIZE,
    LOW_RANKS,
    MAX_OF_A_RANK,
    RANKS,
    base5_keys,
)

Deals = npt.NDArray[np.intp]
Values = npt.NDArray[np.int64]
SUITS: Final = 4  # a card index is rank * 4 + suit
NO_SUIT: Final = -1  # an offsuit pair
MIXED: Final = -2  # a triple of several suits: never a pair's suit


@cache
def _multiset_index() -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp], Values]:
    """The index of every rank pair and rank triple among the multisets of its size, and
    the non-flush value of every pair and triple together (pair * 455 + triple)."""
    pairs = np.array(list(combinations_with_replacement(range(RANKS), 2)))
    triples = np.array(list(combinations_with_replacement(range(RANKS), 3)))
    pair_index = np.zeros((RANKS, RANKS), dtype=np.intp)
    for first, second in permutations(range(2)):
        pair_index[pairs[:, first], pairs[:, second]] = np.arange(len(pairs))
    triple_index = np.zeros((RANKS, RANKS, RANKS), dtype=np.intp)
    for first, second, third in permutations(range(3)):
        triple_index[triples[:, first], triples[:, second], triples[:, third]] = np.arange(
            len(triples)
        )
    counts = (_rank_counts(pairs)[:, None, :] + _rank_counts(triples)[None, :, :]).reshape(
        -1, RANKS
    )
    dealt = counts.max(axis=1) <= MAX_OF_A_RANK  # five of a rank cannot be dealt
    counts[~dealt] = 0
    index = BATCH.high_block[HAND_SIZE][base5_keys(counts[:, LOW_RANKS:])]
    index += BATCH.low_ordinal[base5_keys(counts[:, :LOW_RANKS])]
    values = np.where(dealt, BATCH.values[HAND_SIZE][index], 0)
    return pair_index, triple_index, values.astype(np.int64)


def _rank_counts(multisets: npt.NDArray[np.int64]) -> npt.NDArray[np.int8]:
    counts = np.zeros((len(multisets), RANKS), dtype=np.int8)
    for column in multisets.T:
        counts[np.arange(len(multisets)), column] += 1
    return counts


TRIPLES: Final = 455  # rank multisets of three cards


@cache
def _columns(size: int, taken: int) -> tuple[npt.NDArray[np.intp], ...]:
    """The columns of each of ``size`` cards' ``taken``-card subsets, one array a place."""
    return tuple(np.array(place) for place in zip(*combinations(range(size), taken), strict=True))


def batch_omaha_values(hole: Deals, board: Deals) -> Values:
    """The ``omaha_value`` of each row: (N, 4 or 5) hole cards, (N, 3..5) board cards."""
    pair_index, triple_index, table = _multiset_index()
    ranks, suits = hole // SUITS, hole % SUITS
    board_ranks, board_suits = board // SUITS, board % SUITS
    first, second = _columns(hole.shape[1], 2)
    a, b, c = _columns(board.shape[1], 3)
    pair_keys = pair_index[ranks[:, first], ranks[:, second]] * TRIPLES
    triple_keys = triple_index[board_ranks[:, a], board_ranks[:, b], board_ranks[:, c]]
    values = table[pair_keys[:, :, None] + triple_keys[:, None, :]]
    one_suit = (board_suits[:, a] == board_suits[:, b]) & (board_suits[:, a] == board_suits[:, c])
    # Only a board with three cards of a suit makes a flush: most deals' boards have none.
    (suited,) = np.nonzero(one_suit.any(axis=1))
    if len(suited):
        held = suits[suited]
        pair_suits = np.where(held[:, first] == held[:, second], held[:, first], NO_SUIT)
        triple_suits = np.where(one_suit[suited], board_suits[suited][:, a], MIXED)
        found, at_pair, at_triple = np.nonzero(pair_suits[:, :, None] == triple_suits[:, None, :])
        rows = suited[found]
        bits, board_bits = 1 << ranks, 1 << board_ranks
        pair_bits = bits[rows, first[at_pair]] | bits[rows, second[at_pair]]
        triple_bits = (
            board_bits[rows, a[at_triple]]
            | board_bits[rows, b[at_triple]]
            | board_bits[rows, c[at_triple]]
        )
        values[rows, at_pair, at_triple] = FLUSH_VALUES_ARRAY[pair_bits | triple_bits]
    best: Values = values.reshape(len(hole), -1).max(axis=1)
    return best
