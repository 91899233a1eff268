"""Equity of a starting hand against random hands, read from a table (Omaha, short deck).

Most of a bot's decisions come on the first street, where all it knows is its own hole
cards: its equity against ``k`` random hands is then a function of the hand's suit
pattern alone (Ah Kh and As Ks are worth the same) and ``k``. Omaha has 16,432 such
classes of four cards, short deck 81 of two; ``scripts/starting_hands_table.py``
estimates each class's equity against 1 to 5 random hands once (seeded deals, the error
within about 3%, as a bot needs) and ships them as package data
(``data/starting_hands.npz``), so a decision there is a table read, where a fresh Monte
Carlo cost a millisecond.

A class's key is the sorted tuple of each suit's rank mask, packed in one integer: a
pure function of the cards, so a table read is the same in any process and order.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Final

import numpy as np
import numpy.typing as npt

from pokernight.cards import Card
from pokernight.equity.scenario import Scenario

SHOWDOWNS: Final = ("omaha", "omaha8", "short")
HOLE: Final = {"omaha": 4, "omaha8": 4, "short": 2}
MAX_OPPONENTS: Final = 5
MASK_BITS: Final = 13
SCALE: Final = 65535  # equities are stored as 16-bit fractions
TABLE_FILE: Final = "starting_hands.npz"


def class_key(cards: Sequence[Card]) -> int:
    """The hand's suit-isomorphism class: each suit's rank mask, sorted, in one integer."""
    masks = [0, 0, 0, 0]
    for card in cards:
        masks[card.suit] |= 1 << card.rank
    masks.sort(reverse=True)
    return masks[0] << 3 * MASK_BITS | masks[1] << 2 * MASK_BITS | masks[2] << MASK_BITS | masks[3]


@cache
def class_table(showdown: str) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    """Every class key of ``showdown``, sorted, and its equity against 1..5 random hands
    (one column per count)."""
    with (
        (resources.files(__package__) / "data" / TABLE_FILE).open("rb") as file,
        np.load(file) as data,
    ):
        keys, shares = data[f"{showdown}_keys"], data[f"{showdown}_equity"]
    return keys.astype(np.int64), shares / SCALE


@cache
def _sorted_keys(showdown: str) -> list[int]:
    keys: list[int] = class_table(showdown)[0].tolist()
    return keys


def starting_equity(scenario: Scenario) -> float | None:
    """The table's equity of the first hand when nothing but its own hole cards is known
    (no board, no dead card, every opponent's cards unknown); None elsewhere."""
    mine, *others = scenario.hands
    if scenario.board or scenario.dead or any(others):
        return None
    return table_equity(scenario.showdown, mine, len(others))


def table_equity(showdown: str, mine: Sequence[Card], opponents: int) -> float | None:
    """The table's equity of the hole cards ``mine`` against ``opponents`` random hands
    (None: no table for this game or count, or not a whole starting hand)."""
    if HOLE.get(showdown) != len(mine) or not 0 < opponents <= MAX_OPPONENTS:
        return None
    keys, key = _sorted_keys(showdown), class_key(mine)
    row = bisect_left(keys, key)
    if row == len(keys) or keys[row] != key:
        return None
    return float(class_table(showdown)[1][row, opponents - 1])
