"""Omaha hands in batches: many deals' best two-hole, three-board hands at once.

A five-card hand of two hole and three board cards is worth, without a flush, what
its rank multiset is worth; so each hole pair and each board triple is read once as
a rank multiset (91 pairs, 455 triples) and one table of every pair and triple
(``PAIR_TRIPLE_VALUES``) gives all of a deal's 60 hands in one read, where forming
60 five-card hands and evaluating them cost a copy of every card per hand. A flush
needs a suited pair and a triple of that suit: only those hands are read again from
the flush table by their rank bits. Values are ``high_value``'s.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import Final

import numpy as np
import numpy.typing as npt

from pokernight.evaluate.tables import FLUSH_VALUES_ARRAY, HIGH_BY_RANK_KEY, RANKS

Deals = npt.NDArray[np.intp]
Values = npt.NDArray[np.int64]
SUITS: Final = 4  # a card index is rank * 4 + suit
NO_SUIT: Final = -1  # an offsuit pair
MIXED: Final = -2  # a triple of several suits: never a pair's suit


@cache
def _multiset_index() -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp], Values]:
    """The index of every rank pair and rank triple among the multisets of its size, and
    the non-flush value of every pair and triple together (pair * 455 + triple)."""
    pairs = list(combinations_with_replacement(range(RANKS), 2))
    triples = list(combinations_with_replacement(range(RANKS), 3))
    pair_index = np.zeros((RANKS, RANKS), dtype=np.intp)
    for number, (first, second) in enumerate(pairs):
        pair_index[first, second] = pair_index[second, first] = number
    triple_index = np.zeros((RANKS, RANKS, RANKS), dtype=np.intp)
    for number, triple in enumerate(triples):
        for order in _orders(triple):
            triple_index[order] = number
    values = np.zeros(len(pairs) * len(triples), dtype=np.int64)
    for number, pair in enumerate(pairs):
        for other, triple in enumerate(triples):
            counts = [0] * RANKS
            for rank in (*pair, *triple):
                counts[rank] += 1
            if max(counts) <= SUITS:  # five of a rank cannot be dealt
                key = sum(count * 5**rank for rank, count in enumerate(counts))
                values[number * len(triples) + other] = HIGH_BY_RANK_KEY[key]
    return pair_index, triple_index, values


def _orders(triple: tuple[int, ...]) -> set[tuple[int, ...]]:
    first, second, third = triple
    return {
        (first, second, third), (first, third, second), (second, first, third),
        (second, third, first), (third, first, second), (third, second, first),
    }  # fmt: skip


TRIPLES: Final = 455  # rank multisets of three cards


def batch_omaha_values(hole: Deals, board: Deals) -> Values:
    """The ``omaha_value`` of each row: (N, 4 or 5) hole cards, (N, 3..5) board cards."""
    pair_index, triple_index, table = _multiset_index()
    ranks, suits = hole // SUITS, hole % SUITS
    board_ranks, board_suits = board // SUITS, board % SUITS
    pairs = list(combinations(range(hole.shape[1]), 2))
    triples = list(combinations(range(board.shape[1]), 3))
    first, second = (np.array(side) for side in zip(*pairs, strict=True))
    a, b, c = (np.array(side) for side in zip(*triples, strict=True))
    pair_keys = pair_index[ranks[:, first], ranks[:, second]] * TRIPLES
    triple_keys = triple_index[board_ranks[:, a], board_ranks[:, b], board_ranks[:, c]]
    values = table[pair_keys[:, :, None] + triple_keys[:, None, :]]
    pair_suits = np.where(suits[:, first] == suits[:, second], suits[:, first], NO_SUIT)
    one_suit = (board_suits[:, a] == board_suits[:, b]) & (board_suits[:, a] == board_suits[:, c])
    triple_suits = np.where(one_suit, board_suits[:, a], MIXED)
    flush = pair_suits[:, :, None] == triple_suits[:, None, :]
    if flush.any():
        rows, at_pair, at_triple = np.nonzero(flush)
        bits = 1 << ranks
        board_bits = 1 << board_ranks
        pair_bits = bits[rows, first[at_pair]] | bits[rows, second[at_pair]]
        triple_bits = (
            board_bits[rows, a[at_triple]]
            | board_bits[rows, b[at_triple]]
            | board_bits[rows, c[at_triple]]
        )
        values[rows, at_pair, at_triple] = FLUSH_VALUES_ARRAY[pair_bits | triple_bits]
    best: Values = values.reshape(len(hole), -1).max(axis=1)
    return best
