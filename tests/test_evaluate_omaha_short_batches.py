"""The batch Omaha and short-deck evaluators agree with the one-hand evaluators they
replace in equity (``omaha_value``, ``short_deck_value``), flushes included."""

from __future__ import annotations

import numpy as np
import pytest

from pokernight.cards import CARDS, SHORT_DECK, CardError
from pokernight.evaluate import omaha_value
from pokernight.evaluate.omaha_batch import batch_omaha_values
from pokernight.evaluate.short_deck import short_deck_value
from pokernight.evaluate.short_deck_batch import batch_short_deck_values

ROWS = 1500


def _deals(deck: list[int], size: int, seed: int) -> np.ndarray:
    keys = np.random.default_rng(seed).random((ROWS, len(deck)))
    return np.array(deck)[np.argsort(keys, axis=1)[:, :size]]


@pytest.mark.parametrize("suits", [4, 2])  # two suits: flushes in most rows
@pytest.mark.parametrize(("hole", "board"), [(4, 5), (5, 5), (4, 3)])
def test_batch_omaha_is_omaha_value(suits: int, hole: int, board: int) -> None:
    deck = [card.index for card in CARDS if card.suit < suits]
    deals = _deals(deck, hole + board, seed=hole * 10 + board + suits)
    expected = [
        omaha_value([CARDS[i] for i in row[:hole]], [CARDS[i] for i in row[hole:]])
        for row in deals.tolist()
    ]
    assert batch_omaha_values(deals[:, :hole], deals[:, hole:]).tolist() == expected


@pytest.mark.parametrize("suits", [4, 2])
@pytest.mark.parametrize("size", [5, 6, 7])
def test_batch_short_deck_is_short_deck_value(suits: int, size: int) -> None:
    deck = [card.index for card in SHORT_DECK if card.suit < suits]
    hands = _deals(deck, size, seed=size + suits)
    expected = [short_deck_value([CARDS[i] for i in row]) for row in hands.tolist()]
    assert batch_short_deck_values(hands).tolist() == expected


def test_batch_short_deck_refuses_a_card_below_the_six() -> None:
    with pytest.raises(CardError):
        batch_short_deck_values(np.array([[0, 40, 41, 42, 43]]))
