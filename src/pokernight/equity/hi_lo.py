"""Pot shares in hi-lo split games, eight or better, for many deals at once.

A deal's pot is split between the best high hands and the best qualifying lows (the
high hands take it all when nobody has a low); tied hands share their half. High
values go through the batch evaluator (``showdown``), lows one hand at a time through
the eight-or-better fast path: a missing low is ``NO_LOW``, below every low.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from pokernight.cards import CARDS, Card
from pokernight.evaluate import batch_high_values
from pokernight.evaluate.eight_low import eight_low_value, omaha_eight_low_value

Deals = npt.NDArray[np.intp]
Values = npt.NDArray[np.int64]
Shares = npt.NDArray[np.float64]
NO_LOW = -1


def stud_high_values(hands: Deals) -> Values:
    values: Values = batch_high_values(hands).astype(np.int64)
    return values


def stud_low_values(hands: Deals) -> Values:
    return np.array([_low(eight_low_value(_cards(row))) for row in hands.tolist()], dtype=np.int64)


def omaha_low_values(hole: Deals, board: Deals) -> Values:
    return np.array(
        [
            _low(omaha_eight_low_value(_cards(cards), _cards(shared)))
            for cards, shared in zip(hole.tolist(), board.tolist(), strict=True)
        ],
        dtype=np.int64,
    )


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


def _low(value: int | None) -> int:
    return NO_LOW if value is None else value


def _cards(indices: list[int]) -> list[Card]:
    return [CARDS[index] for index in indices]
