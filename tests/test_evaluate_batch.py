"""The numpy batch path gives exactly ``high_value``, whatever the array it is given."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from pokernight.cards import CARDS
from pokernight.evaluate import batch_high_values, high_value
from pokernight.evaluate.batch import CHUNK
from pokernight.evaluate.tables import BATCH


def random_indexes(count: int, size: int, seed: int) -> npt.NDArray[np.intp]:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((count, 52)), axis=1)[:, :size]


@pytest.mark.parametrize("size", [5, 6, 7])
@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int32, np.int64])
def test_batch_equals_high_value_for_every_integer_dtype(size: int, dtype: type) -> None:
    indexes: npt.NDArray[np.integer] = random_indexes(2_000, size, seed=size).astype(dtype)
    expected = [high_value([CARDS[index] for index in row]) for row in indexes.tolist()]
    assert batch_high_values(indexes).tolist() == expected


def test_batch_crosses_chunk_boundaries_without_losing_rows() -> None:
    indexes = random_indexes(CHUNK * 2 + 3, 7, seed=1)
    values = batch_high_values(indexes)
    for row in (0, CHUNK - 1, CHUNK, 2 * CHUNK, 2 * CHUNK + 2):
        assert values[row] == high_value([CARDS[index] for index in indexes[row]])


def test_batch_reads_a_transposed_view_like_a_copy() -> None:
    indexes = random_indexes(500, 7, seed=2)
    assert np.array_equal(batch_high_values(indexes.T.copy().T), batch_high_values(indexes))


def test_batch_of_no_hands_is_empty() -> None:
    assert batch_high_values(np.empty((0, 7), dtype=np.int64)).shape == (0,)


def test_batch_of_seven_suited_cards_is_their_best_flush() -> None:
    hearts = [[index * 4 + 2 for index in (12, 11, 9, 7, 5, 3, 0)]]
    assert batch_high_values(hearts).tolist() == [high_value([CARDS[i] for i in hearts[0]])]


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        (np.zeros((3, 4), dtype=np.int64), r"\(N, 5..7\) array"),
        (np.zeros(7, dtype=np.int64), r"\(N, 5..7\) array"),
        (np.full((1, 7), 52), "from 0 to 51"),
        (np.full((1, 7), -1), "from 0 to 51"),
        (np.zeros((1, 7)), "must be integers"),
    ],
)
def test_batch_refuses_what_is_not_hands_of_card_indexes(hands: np.ndarray, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        batch_high_values(hands)


@pytest.mark.parametrize(("size", "multisets"), [(5, 6_175), (6, 18_395), (7, 49_205)])
def test_batch_value_table_is_a_perfect_dense_index(size: int, multisets: int) -> None:
    table = BATCH.values[size]
    assert len(table) == multisets
    assert (table > 0).all()
