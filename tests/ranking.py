"""Comparing two evaluators' rankings of the same hands."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise


def same_ranking(ours: Sequence[int], theirs: Sequence[int]) -> bool:
    """True when every pair of hands compares the same way under both rankings.

    Both must be "higher is better". Equivalently: the pairs (ours, theirs)
    define a strictly increasing one-to-one map between the two value sets.
    """
    pairs = sorted(set(zip(ours, theirs, strict=True)))
    ours_distinct = [mine for mine, _ in pairs]
    theirs_in_our_order = [other for _, other in pairs]
    return len(set(ours_distinct)) == len(pairs) == len(set(theirs_in_our_order)) and all(
        lower < higher for lower, higher in pairwise(theirs_in_our_order)
    )
