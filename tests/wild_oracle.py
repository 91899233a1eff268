"""A brute-force oracle for wild-card hands, written to be obviously right, not fast.

It shares nothing with ``pokernight.evaluate.wild`` but the value encoding
(``strength.pack``). For every five-card subset of the hand it tries every rank
each wild card in it could name; the subset is a flush when all its naturals
share a suit (the wilds then take that suit). Each resulting set of ranks is
valued by a plain five-card evaluator that knows five of a kind. A hand of
fewer than five cards is valued whole, without straights or flushes.

Two shortcuts, neither of which changes an answer: a hand's value does not
depend on the order of its cards, so the wild ranks are enumerated as
multisets (``combinations_with_replacement``) rather than ordered tuples; and
the best value of a subset is a pure function of (its natural ranks, its wild
count, flush or not), so it is memoised on exactly that.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement

from pokernight.cards import Card
from pokernight.evaluate.strength import Category, pack

ALL_RANKS = range(13)
ACE = 12


def oracle_value(cards: Sequence[Card], wild_ranks: Collection[int]) -> int:
    """The best value of ``cards`` with every card of a rank in ``wild_ranks`` wild."""
    size = min(5, len(cards))
    return max(
        _best_with_wilds(subset, wild_ranks, can_flush=size == 5)
        for subset in combinations(cards, size)
    )


def _best_with_wilds(subset: Sequence[Card], wild_ranks: Collection[int], can_flush: bool) -> int:
    naturals = [card for card in subset if card.rank not in wild_ranks]
    wild_count = len(subset) - len(naturals)
    flush = can_flush and len({card.suit for card in naturals}) <= 1
    natural_ranks = tuple(sorted(int(card.rank) for card in naturals))
    return _best_naming(natural_ranks, wild_count, flush)


@cache
def _best_naming(natural_ranks: tuple[int, ...], wild_count: int, flush: bool) -> int:
    """Best value over every rank the wild cards could name."""
    return max(
        ranks_value([*natural_ranks, *named], flush)
        for named in combinations_with_replacement(ALL_RANKS, wild_count)
    )


def ranks_value(ranks: Sequence[int], flush: bool) -> int:
    """Value of 1 to 5 cards of these ranks (five cards: all of one suit if ``flush``)."""
    counts = Counter(ranks)
    # Groups ordered by size, then rank: e.g. full house = trips rank, pair rank.
    grouped = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = [count for _, count in grouped]
    order = [rank for rank, _ in grouped]
    straight_top = _straight_top(ranks)
    if shape == [5]:
        return pack(Category.FIVE_OF_A_KIND, order)
    if straight_top is not None and flush:
        return pack(Category.STRAIGHT_FLUSH, [straight_top])
    if shape[0] == 4:
        return pack(Category.FOUR_OF_A_KIND, order)
    if shape == [3, 2]:
        return pack(Category.FULL_HOUSE, order)
    if flush:
        return pack(Category.FLUSH, sorted(ranks, reverse=True))
    if straight_top is not None:
        return pack(Category.STRAIGHT, [straight_top])
    if shape[0] == 3:
        return pack(Category.THREE_OF_A_KIND, order)
    if shape[:2] == [2, 2]:
        return pack(Category.TWO_PAIR, order)
    if shape[0] == 2:
        return pack(Category.ONE_PAIR, order)
    return pack(Category.HIGH_CARD, order)


def _straight_top(ranks: Sequence[int]) -> int | None:
    if len(ranks) != 5 or len(set(ranks)) != 5:
        return None
    if sorted(ranks) == [0, 1, 2, 3, ACE]:
        return 3
    if max(ranks) - min(ranks) == 4:
        return max(ranks)
    return None
