"""Hold'em starting hands ranked: a percentile for each of the 1,326 two-card hands.

Scores come from Bill Chen's formula (high card, pair, suited, gap,
connectedness); the percentile is the share of hands scoring lower (ties
counted half), so AA is near 1 and 72o near 0. Ranges are then "the top x%".
"""

from __future__ import annotations

from itertools import combinations
from math import ceil

import numpy as np
import numpy.typing as npt

from pokernight.cards import CARDS, Card, Rank

HIGH_CARD_POINTS = {Rank.ACE: 10.0, Rank.KING: 8.0, Rank.QUEEN: 7.0, Rank.JACK: 6.0}
GAP_PENALTY = (0, 1, 2, 4, 5)


def chen_score(first: Card, second: Card) -> float:
    high, low = max(first.rank, second.rank), min(first.rank, second.rank)
    score = HIGH_CARD_POINTS.get(Rank(high), (high + 2) / 2)
    if high == low:
        return max(5.0, 2 * score)
    if first.suit == second.suit:
        score += 2
    gap = high - low - 1
    score -= GAP_PENALTY[min(gap, 4)]
    if gap <= 1 and high < Rank.QUEEN:
        score += 1
    return float(ceil(score))


def _percentile_table() -> npt.NDArray[np.float64]:
    pairs = list(combinations(CARDS, 2))
    scores = np.array([chen_score(first, second) for first, second in pairs])
    below = np.searchsorted(np.sort(scores), scores, side="left")
    equal = np.searchsorted(np.sort(scores), scores, side="right") - below
    percentiles = (below + equal / 2) / len(scores)
    table = np.zeros((52, 52))
    for (first, second), percentile in zip(pairs, percentiles, strict=True):
        table[first.index, second.index] = table[second.index, first.index] = percentile
    return table


# PERCENTILE[i, j]: the percentile of the hand of card indices i and j.
PERCENTILE = _percentile_table()


def percentile(cards: tuple[Card, ...]) -> float:
    first, second = cards
    return float(PERCENTILE[first.index, second.index])
