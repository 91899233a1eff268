"""A brute-force oracle for five-card short-deck hands, written to be obviously right.

It shares nothing with ``pokernight.evaluate.short_deck``: a hand's ranks and whether it
is a flush give a key that orders hands as PokerKit's ``ShortDeckHoldemLookup`` does
(high card, pair, two pair, three of a kind, straight, full house, flush, four of a kind,
straight flush; A-6-7-8-9 the lowest straight). Keys compare as tuples: the category's
place in that list, then the deciding ranks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache

ORDER = (
    "high card",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "full house",
    "flush",
    "four of a kind",
    "straight flush",
)
ACE, SIX, NINE = 12, 4, 7


@cache
def oracle_key(ranks: tuple[int, ...], flush: bool) -> tuple[int, ...]:
    """The key of five cards of ``ranks`` (sorted), all of one suit if ``flush``."""
    counts = Counter(ranks)
    grouped = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = [count for _, count in grouped]
    order = tuple(rank for rank, _ in grouped)
    top = straight_top(ranks)
    if top is not None:
        category = "straight flush" if flush else "straight"
        return (ORDER.index(category), top)
    if shape == [4, 1]:
        category = "four of a kind"
    elif shape == [3, 2]:
        category = "full house"
    elif flush:
        category = "flush"
    elif shape[0] == 3:
        category = "three of a kind"
    elif shape[:2] == [2, 2]:
        category = "two pair"
    elif shape[0] == 2:
        category = "pair"
    else:
        category = "high card"
    return (ORDER.index(category), *order)


def straight_top(ranks: Sequence[int]) -> int | None:
    if len(set(ranks)) != 5:
        return None
    if sorted(ranks) == [SIX, SIX + 1, SIX + 2, NINE, ACE]:
        return NINE
    if max(ranks) - min(ranks) == 4:
        return max(ranks)
    return None
