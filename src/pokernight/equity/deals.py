"""The ways to deal a scenario's unknown cards: every one of them, or a random sample.

Both yield (n, slots) arrays of card indices in chunks, so a long run can show
progress and never holds millions of rows at once. When every unknown card
goes to the board (and no wild rank can move), the order of those cards does
not matter and combinations suffice; otherwise every ordered deal is listed.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain, combinations, islice, permutations
from math import comb, perm

import numpy as np

from pokernight.equity.scenario import Scenario
from pokernight.equity.showdown import Deals

CHUNK = 1 << 15


def order_matters(scenario: Scenario) -> bool:
    board_only = all(slot.owner is None for slot in scenario.slots)
    return not board_only or scenario.showdown == "wild"


# What showing down one deal costs, in batch high-hand evaluations per hand:
# Omaha reads 60 two-plus-three hands, low and wild hands go one at a time in Python,
# and a hi-lo hand is judged both ways (an Omaha low tries its 60 hands in Python).
EVALUATION_COST = {
    **{"high": 1, "omaha": 60, "low": 40, "wild": 200, "omaha8": 400, "high8": 40},
    **{"short": 40, "spade": 2},
}


def deal_count(scenario: Scenario) -> int:
    """How many equally likely deals an exact enumeration visits."""
    deck, slots = len(scenario.deck), len(scenario.slots)
    return perm(deck, slots) if order_matters(scenario) else comb(deck, slots)


def enumeration_cost(scenario: Scenario) -> int:
    """The work of an exact enumeration, in batch high-hand evaluations."""
    return deal_count(scenario) * len(scenario.hands) * EVALUATION_COST[scenario.showdown]


def every_deal(scenario: Scenario) -> Iterator[Deals]:
    indices = np.array([card.index for card in scenario.deck], dtype=np.intp)
    size = len(scenario.slots)
    ways = permutations if order_matters(scenario) else combinations
    deals = ways(range(len(indices)), size)
    remaining = deal_count(scenario)
    while remaining:
        rows = min(CHUNK, remaining)
        flat = chain.from_iterable(islice(deals, rows))
        yield indices[np.fromiter(flat, dtype=np.intp, count=rows * size).reshape(rows, size)]
        remaining -= rows


def random_deals(scenario: Scenario, count: int, rng: np.random.Generator) -> Iterator[Deals]:
    """``count`` deals, each a uniformly random ordered choice of distinct cards."""
    indices = np.array([card.index for card in scenario.deck], dtype=np.intp)
    size = len(scenario.slots)
    for start in range(0, count, CHUNK):
        rows = min(CHUNK, count - start)
        keys = rng.random((rows, len(indices)))
        if size == 0:
            yield np.empty((rows, 0), dtype=np.intp)
            continue
        # The ``size`` smallest random keys pick the cards; sorting those keys
        # puts them in a random order too (argpartition's own order is not).
        chosen = np.argpartition(keys, size - 1, axis=1)[:, :size]
        order = np.argsort(np.take_along_axis(keys, chosen, axis=1), axis=1)
        yield indices[np.take_along_axis(chosen, order, axis=1)]
