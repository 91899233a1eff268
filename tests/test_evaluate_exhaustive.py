"""Every one of the 2,598,960 five-card hands: category counts known from combinatorics."""

from __future__ import annotations

from collections import Counter
from itertools import chain, combinations
from math import comb

import numpy as np
import numpy.typing as npt
import pytest

from pokernight.bench.eval import all_seven_card_values
from pokernight.cards import CARDS
from pokernight.evaluate import Category, batch_high_values, high_value
from pokernight.evaluate.strength import CATEGORY_SHIFT

FIVE_CARD_HANDS = comb(52, 5)
FIVE_CARD_CATEGORY_COUNTS = {
    Category.STRAIGHT_FLUSH: 40,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200,
    Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.ONE_PAIR: 1_098_240,
    Category.HIGH_CARD: 1_302_540,
}
FIVE_CARD_DISTINCT_STRENGTHS = 7_462

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def batch_values() -> npt.NDArray[np.int32]:
    flat = chain.from_iterable(combinations(range(52), 5))
    indexes = np.fromiter(flat, dtype=np.int8, count=5 * FIVE_CARD_HANDS).reshape(-1, 5)
    return batch_high_values(indexes)


def test_every_five_card_category_has_its_combinatorial_count(
    batch_values: npt.NDArray[np.int32],
) -> None:
    categories = Counter((batch_values >> CATEGORY_SHIFT).tolist())
    assert {Category(category): count for category, count in categories.items()} == (
        FIVE_CARD_CATEGORY_COUNTS
    )


def test_five_card_hands_fall_into_7462_strengths(batch_values: npt.NDArray[np.int32]) -> None:
    assert len(np.unique(batch_values)) == FIVE_CARD_DISTINCT_STRENGTHS


def test_high_value_equals_batch_on_every_five_card_hand(
    batch_values: npt.NDArray[np.int32],
) -> None:
    singles = np.fromiter(map(high_value, combinations(CARDS, 5)), dtype=np.int32)
    assert np.array_equal(singles, batch_values)


def test_seven_card_enumeration_gives_each_hand_of_the_lowest_cards_once() -> None:
    # The blocks whose two highest cards are below card 13 are exactly the
    # seven-card hands drawn from cards 0..12, in colexicographic order.
    blocks = all_seven_card_values()
    lowest = [next(blocks) for _ in range(comb(13 - 5, 2))]
    values = np.concatenate(lowest).tolist()
    hands = sorted(combinations(CARDS[:13], 7), key=lambda hand: hand[::-1])
    assert len(values) == comb(13, 7)
    assert values == [high_value(hand) for hand in hands]
